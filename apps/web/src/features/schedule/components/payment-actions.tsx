import { Button, Stack } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import type { ConfirmCard } from '../../../components/payments/payment-types';
import { payButtonLabel } from '../booking-format';

export type CardFormProps = {
  amount: number;
  currency: string;
  busy: boolean;
  onPay: (confirm: ConfirmCard) => void;
  onBack: () => void;
};

type PaymentActionsProps = Pick<CardFormProps, 'amount' | 'currency' | 'busy' | 'onBack'>;

export function PaymentActions({ amount, currency, busy, onBack }: PaymentActionsProps) {
  return (
    <Stack gap="xs">
      <Button
        type="submit"
        size="md"
        fullWidth
        disabled={busy}
        leftSection={<IconLock size={17} />}
        // The label may wrap on a narrow phone rather than be cut off.
        h="auto"
        mih={44}
        py={8}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
      >
        {busy ? 'Processing...' : payButtonLabel(amount, currency)}
      </Button>
      <Button
        type="button"
        variant="subtle"
        color="gray"
        fullWidth
        disabled={busy}
        leftSection={<IconArrowLeft size={16} />}
        onClick={onBack}
      >
        Back to Form
      </Button>
    </Stack>
  );
}
