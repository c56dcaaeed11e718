import { Box, Button, Stack } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import type { ConfirmCard } from '../../../components/payments/payment-types';
import { useBookingTexts } from '../../../lib/page-language';
import { payButtonLabel } from '../booking-format';

export type CardFormProps = {
  amount: number;
  currency: string;
  busy: boolean;
  onPay: (confirm: ConfirmCard) => void;
  onBack: () => void;
  /** What paying commits the visitor to (the cancellation policy), shown right above the button. */
  terms?: ReactNode;
  /** What is bought when it is not an appointment (a pack): the pay button and the back button say so. */
  purchase?: { payLabel: string; backLabel: string; chargeNote: string } | undefined;
};

type PaymentActionsProps = Pick<
  CardFormProps,
  'amount' | 'currency' | 'busy' | 'onBack' | 'terms' | 'purchase'
>;

export function PaymentActions({ amount, currency, busy, onBack, terms, purchase }: PaymentActionsProps) {
  const texts = useBookingTexts();
  const termsId = useId();
  return (
    <Stack gap="xs">
      {terms ? <Box id={termsId}>{terms}</Box> : null}
      <Button
        type="submit"
        aria-describedby={terms ? termsId : undefined}
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
        {busy ? texts.processing : (purchase?.payLabel ?? payButtonLabel(amount, currency, texts))}
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
        {purchase?.backLabel ?? texts.backToForm}
      </Button>
    </Stack>
  );
}
