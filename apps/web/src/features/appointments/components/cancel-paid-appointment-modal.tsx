import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { RefundChoice } from './refund-choice';

type CancelPaidAppointmentModalProps = {
  opened: boolean;
  busy: boolean;
  clientName: string;
  /** The payment as the customer sees it ("€10.00"). */
  paid: string;
  /** Why the dialog is cancelling: a status change, or a delete that a paid appointment cannot take. */
  reason?: 'status' | 'delete';
  onConfirm: (refund: boolean) => void;
  onClose: () => void;
};

/**
 * Cancelling an appointment the customer paid for: staff say whether the money goes back before
 * the status changes (refunded by default: the business is cancelling). Deleting one asks the same,
 * since a paid appointment is cancelled instead of deleted and keeps its payment and history.
 */
export function CancelPaidAppointmentModal({
  opened,
  busy,
  clientName,
  paid,
  reason = 'status',
  onConfirm,
  onClose,
}: CancelPaidAppointmentModalProps) {
  const [refund, setRefund] = useState(true);
  useEffect(() => {
    if (opened) setRefund(true);
  }, [opened]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={reason === 'delete' ? 'Delete Appointment' : 'Cancel a paid appointment'}
      centered
      // Wide enough for both buttons on one row with the amount in the label.
      size={520}
    >
      <Stack gap="md">
        {reason === 'delete' ? (
          <Text size="sm">
            {clientName} paid {paid} for this appointment. A paid appointment is not deleted: it is cancelled
            and keeps its payment and history.
          </Text>
        ) : null}
        <RefundChoice paid={paid} refund={refund} onChange={setRefund} />
        <Text size="sm">
          {clientName} gets an email saying the appointment is cancelled
          {refund ? ` and ${paid} is refunded to their card.` : ' and the fee is not refunded.'}
        </Text>
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Keep appointment
        </Button>
        <Button color="red" loading={busy} onClick={() => onConfirm(refund)}>
          {refund ? `Cancel and refund ${paid}` : 'Cancel and keep the fee'}
        </Button>
      </Group>
    </Modal>
  );
}
