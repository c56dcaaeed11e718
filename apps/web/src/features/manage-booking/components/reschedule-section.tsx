import type { ManagedBooking } from '@chatdesk/contract/manage-booking';
import { Text } from '@mantine/core';
import { ReschedulePicker } from '../../../components/slots/reschedule-picker';
import type { Slot } from '../../../components/slots/slot-calendar';
import { useRescheduleBooking, useRescheduleSlots } from '../api';
import { pageMessage } from '../manage-booking-format';
import { useManageTexts } from '../manage-texts';

type RescheduleSectionProps = {
  token: string;
  booking: ManagedBooking;
  onMoved: (slot: Slot) => void;
  onClose: () => void;
};

/** Another open time of the same employee, then a confirmation: no payment, the fee moves with it. */
export function RescheduleSection({ token, booking, onMoved, onClose }: RescheduleSectionProps) {
  const slots = useRescheduleSlots(token, true);
  const reschedule = useRescheduleBooking(token);
  const { appointment, timeZone } = booking;
  const say = useManageTexts();

  return (
    <ReschedulePicker
      slots={slots}
      current={{ date: appointment.date, time: appointment.startTime }}
      timeZone={timeZone}
      employeeName={appointment.employeeName}
      busy={reschedule.isPending}
      onMove={(slot) => reschedule.mutateAsync(slot)}
      explain={(message) => pageMessage(message, say)}
      onMoved={onMoved}
      onClose={onClose}
      failureText={say.manage.moveFailed}
      question={say.manage.moveQuestion}
      note={
        booking.payment ? (
          <Text size="sm" c="dimmed">
            {say.manage.noPayAgain}
          </Text>
        ) : null
      }
      titleId="reschedule-title"
    />
  );
}
