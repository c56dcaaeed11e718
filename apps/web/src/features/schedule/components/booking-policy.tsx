import type { PublicSchedule } from '@chatdesk/contract/schedule';
import { Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { Slot } from '../../../components/slots/slot-calendar';
import { usePageLanguage } from '../../../lib/page-language';
import { browserTimeZone, zonedInstant } from '../../../lib/zone-time';
import { bookingPolicyText } from '../booking-policy';

type BookingPolicyProps = { slot: Slot; schedule: PublicSchedule; id?: string };

/** The clock, read again every half minute: a slot can cross its deadline while the visitor types. */
function useNow() {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The cancellation and reschedule policy for the chosen slot, before the visitor pays. */
export function BookingPolicy({ slot, schedule, id }: BookingPolicyProps) {
  const now = useNow();
  const { say } = usePageLanguage();
  const startsAt = zonedInstant(slot.date, slot.time, schedule.timeZone);
  const late = now > startsAt - schedule.freeCancellationHours * 3_600_000;
  const text = bookingPolicyText({
    startsAt,
    now,
    freeCancellationHours: schedule.freeCancellationHours,
    fee: schedule.payment,
    businessZone: schedule.timeZone,
    visitorZone: browserTimeZone(),
    say,
  });
  const Icon = late && schedule.freeCancellationHours > 0 ? IconAlertTriangle : IconInfoCircle;
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <Icon size={17} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm" id={id} data-testid="booking-policy" fw={late ? 500 : undefined}>
        {text}
      </Text>
    </Group>
  );
}
