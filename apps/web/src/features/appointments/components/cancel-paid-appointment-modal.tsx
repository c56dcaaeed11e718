import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

type CancelPaidAppointmentModalProps = {
  opened: boolean;
  busy: boolean;
  clientName: string;
  /** The payment as the customer sees it ("€10.00"). */
  paid: string;
  onConfirm: (refund: boolean) => void;
  onClose: () => void;
};

/**
 * Cancelling an appointment the customer paid for: staff say whether the money goes back before
 * the status changes (refunded by default: the business is cancelling).
 */
export function CancelPaidAppointmentModal({
  opened,
  busy,
  clientName,
  paid,
  onConfirm,
  onClose,
}: CancelPaidAppointmentModalProps) {
  const [refund, setRefund] = useState(true);
  useEffect(() => {
    if (opened) setRefund(true);
  }, [opened]);

  return (
    <Modal opened={opened} onClose={onClose} title="Cancel a paid appointment" centered>
      <Stack gap="md">
        <Text size="sm">
          {clientName} paid {paid} when booking. They get an email saying the appointment is cancelled
          {refund ? ` and ${paid} is refunded to their card.` : ' and the fee is not refunded.'}
        </Text>
        <Checkbox
          label={`Refund ${paid} to the customer`}
          description={refund ? undefined : 'Keep the fee, for example for a late cancellation.'}
          checked={refund}
          onChange={(event) => setRefund(event.currentTarget.checked)}
        />
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Keep appointment
        </Button>
        <Button color="red" loading={busy} onClick={() => onConfirm(refund)}>
          Cancel appointment
        </Button>
      </Group>
    </Modal>
  );
}
