import type { ManagedBooking } from '@chatdesk/contract/manage-booking';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { type Slot, SlotCalendar } from '../../../components/slots/slot-calendar';
import { VisitorTime } from '../../../components/slots/visitor-time';
import { refusalText } from '../../../lib/mutation-feedback';
import { formatShortSlot } from '../../../lib/wall-clock';
import { useRescheduleBooking, useRescheduleSlots } from '../api';

type RescheduleSectionProps = {
  token: string;
  booking: ManagedBooking;
  onMoved: (slot: Slot) => void;
  onClose: () => void;
};

const MOVE_FAILED = 'Your appointment could not be moved. Please try again.';

/** Another open time of the same employee, then a confirmation: no payment, the fee moves with it. */
export function RescheduleSection({ token, booking, onMoved, onClose }: RescheduleSectionProps) {
  const slots = useRescheduleSlots(token, true);
  const reschedule = useRescheduleBooking(token);
  const [date, setDate] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Slot | null>(null);
  // The server's refusal (the slot was just taken), shown here, where the time was chosen.
  const [error, setError] = useState<string | null>(null);
  const busy = reschedule.isPending;
  const { appointment, timeZone } = booking;

  const move = (slot: Slot) => {
    setError(null);
    reschedule.mutate(slot, {
      onSuccess: () => onMoved(slot),
      onError: (failure) => {
        setChosen(null);
        setError(refusalText(failure, MOVE_FAILED));
      },
    });
  };

  return (
    <section aria-labelledby="reschedule-title">
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="xs">
          <Title order={2} fz="md" id="reschedule-title">
            Choose a new time
          </Title>
          <Button variant="subtle" size="compact-sm" onClick={onClose} disabled={busy}>
            Keep current time
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Open times with {appointment.employeeName}, in {timeZone}.
        </Text>
        {error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        ) : null}
        {slots.data ? (
          <SlotCalendar
            slots={slots.data.slots}
            date={date}
            selected={chosen}
            locked={false}
            busy={busy}
            onDateChange={(day) => {
              setDate(day);
              setChosen(null);
            }}
            onSlotSelect={(slot) => {
              setError(null);
              setChosen(slot);
            }}
          />
        ) : slots.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            The open times could not be loaded. Please try again.{' '}
            <Button variant="white" color="red" size="compact-xs" onClick={() => void slots.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : (
          <Center mih={200} role="status" aria-label="Loading open times">
            <Loader />
          </Center>
        )}
      </Stack>

      <Modal
        opened={chosen !== null}
        onClose={() => {
          if (!busy) setChosen(null);
        }}
        title="Reschedule"
        centered
        radius="lg"
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {chosen ? (
          <Stack gap="md">
            <Text fw={600}>Move your appointment to {formatShortSlot(chosen.date, chosen.time)}?</Text>
            <VisitorTime date={chosen.date} time={chosen.time} timeZone={timeZone} />
            <Group gap={6} wrap="wrap" c="dimmed">
              <Text size="sm" td="line-through">
                {formatShortSlot(appointment.date, appointment.startTime)}
              </Text>
              <IconArrowRight size={14} aria-label="to" />
              <Text size="sm">{formatShortSlot(chosen.date, chosen.time)}</Text>
            </Group>
            {booking.payment ? (
              <Text size="sm" c="dimmed">
                You do not pay again: what you paid stays with the appointment.
              </Text>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setChosen(null)} disabled={busy}>
                Choose another time
              </Button>
              <Button loading={busy} onClick={() => move(chosen)}>
                Move appointment
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </section>
  );
}
