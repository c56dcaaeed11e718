import type { Appointment } from '@chatdesk/contract/appointments';
import { Button, Group, Modal, Text } from '@mantine/core';
import { formatMinorMoney } from '../../../lib/format';
import { CancelPaidAppointmentModal } from './cancel-paid-appointment-modal';

type DeleteAppointmentModalProps = {
  /** The appointment to delete, null when the dialog is closed. */
  appointment: Appointment | null;
  busy: boolean;
  onDelete: () => void;
  /** A scheduled, paid appointment is cancelled instead, with the fee refunded or kept. */
  onCancelPaid: (refund: boolean) => void;
  onClose: () => void;
};

/**
 * Deleting an appointment. One the customer paid for keeps its money trail: a scheduled one is
 * cancelled instead (refund or keep the fee), any other is kept as it is.
 */
export function DeleteAppointmentModal({
  appointment,
  busy,
  onDelete,
  onCancelPaid,
  onClose,
}: DeleteAppointmentModalProps) {
  const payment = appointment?.payment;
  const paid = payment ? formatMinorMoney(payment.amount, payment.currency) : '';
  if (appointment && payment && appointment.status === 'scheduled' && !payment.refunded) {
    return (
      <CancelPaidAppointmentModal
        opened
        busy={busy}
        clientName={appointment.client.name}
        paid={paid}
        reason="delete"
        onConfirm={onCancelPaid}
        onClose={onClose}
      />
    );
  }
  return (
    <Modal opened={appointment !== null} onClose={onClose} title="Delete Appointment" centered>
      {payment ? (
        <>
          <Text size="sm">
            {appointment?.client.name} paid {paid} for this appointment
            {payment.refunded ? `, and the ${paid} was refunded` : ''}. A paid appointment keeps its payment
            and history, so it cannot be deleted.
          </Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose}>
              OK
            </Button>
          </Group>
        </>
      ) : (
        <>
          <Text size="sm">
            Are you sure you want to delete this appointment? This action cannot be undone.
          </Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button color="red" loading={busy} onClick={onDelete}>
              Delete
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
