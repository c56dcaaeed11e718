import type { ManagedBooking } from '@chatdesk/contract/manage-booking';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconReceiptRefund } from '@tabler/icons-react';
import { formatLongDate, formatTime } from '../../../lib/wall-clock';
import { cancelConsequence } from '../manage-booking-format';
import { useManageTexts } from '../manage-texts';

type CancelDialogProps = {
  opened: boolean;
  booking: ManagedBooking;
  busy: boolean;
  /** The server's refusal (the terms changed meanwhile), shown with the terms as they are now. */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/** Says what happens to the money before anything is cancelled. */
export function CancelDialog({ opened, booking, busy, error, onConfirm, onClose }: CancelDialogProps) {
  const { appointment } = booking;
  const refund = booking.refundOnCancel !== null;
  const say = useManageTexts();
  const { locale, manage } = say;
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={manage.cancelQuestion}
      centered
      radius="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <Text size="sm">
          {manage.cancelSummary(
            formatLongDate(appointment.date, locale),
            formatTime(appointment.startTime, locale),
            appointment.employeeName,
          )}
        </Text>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconReceiptRefund
            size={20}
            aria-hidden
            style={{ flexShrink: 0, marginTop: 2 }}
            color={refund ? 'var(--mantine-color-teal-7)' : 'var(--mantine-color-orange-7)'}
          />
          <Text fw={600} data-testid="cancel-consequence">
            {cancelConsequence(booking, say)}
          </Text>
        </Group>
        {error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {manage.keepAppointment}
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm}>
            {manage.cancelAppointment}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
