import type { Appointment, AppointmentStatus } from '@chatdesk/contract/appointments';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { formatMinorMoney } from '../../../lib/format';
import { formatShortSlot } from '../../../lib/wall-clock';
import { APPOINTMENT_STATUS_STYLE } from '../appointment-format';

type ReopenAppointmentModalProps = {
  appointment: Appointment;
  /** The status it would leave `cancelled` for; null when the dialog is closed. */
  status: AppointmentStatus | null;
  busy: boolean;
  /** The server's refusal (the slot was booked since), shown in the dialog. */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/** Leaving `cancelled` on purpose: what happens to the slot, the reminders and the money. */
export function ReopenAppointmentModal({
  appointment,
  status,
  busy,
  error,
  onConfirm,
  onClose,
}: ReopenAppointmentModalProps) {
  const { payment } = appointment;
  const paid = payment ? formatMinorMoney(payment.amount, payment.currency) : null;
  const label = status ? APPOINTMENT_STATUS_STYLE[status].label : '';

  return (
    <Modal opened={status !== null} onClose={onClose} title="Reopen a cancelled appointment" centered>
      <Stack gap="md">
        <Text size="sm">
          It becomes {label} again, on {formatShortSlot(appointment.date, appointment.startTime)} with{' '}
          {appointment.employee.name}.
        </Text>
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Before you reopen it">
          <List size="sm" spacing="xs">
            <List.Item>
              Its time slot is taken again; if someone has booked it since, it cannot be reopened.
            </List.Item>
            {status === 'scheduled' ? (
              <List.Item>
                Reminders are planned again. The customer is not emailed about the change.
              </List.Item>
            ) : null}
            {payment && paid ? (
              <List.Item>
                {payment.refunded
                  ? `The ${paid} refund is not taken back: the appointment is free unless the customer pays again.`
                  : `The ${paid} fee kept at the cancellation pays for it again; nothing is charged.`}
              </List.Item>
            ) : null}
          </List>
        </Alert>
        {error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="Not reopened">
            {error}
          </Alert>
        ) : null}
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Keep it cancelled
        </Button>
        <Button loading={busy} onClick={onConfirm}>
          Reopen as {label}
        </Button>
      </Group>
    </Modal>
  );
}
