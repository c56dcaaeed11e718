import { Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { CARD_MESSAGES } from '../../../components/payments/card-input';
import { type ConfirmCard, PaymentError } from '../../../components/payments/payment-types';
import { StripeCardField, StripeElements, useStripeCard } from '../../../components/payments/stripe-card';
import { SCHEDULE_PAGE_MESSAGES } from '../messages';
import { type CardFormProps, PaymentActions } from './payment-actions';

type StripeCardFormProps = CardFormProps & { publishableKey: string };

/** Stripe Elements: the card never touches our page, and Stripe runs 3-D Secure itself. */
export function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  return (
    <StripeElements
      publishableKey={publishableKey}
      unavailableMessage={SCHEDULE_PAGE_MESSAGES.stripeUnavailable}
    >
      {(unavailable) => <StripeCardFields {...props} unavailable={unavailable} />}
    </StripeElements>
  );
}

function StripeCardFields({
  amount,
  currency,
  busy,
  onPay,
  onBack,
  terms,
  purchase,
  unavailable,
}: CardFormProps & { unavailable: boolean }) {
  const { stripe, card, ready, complete, error, setError, field } = useStripeCard();

  const confirm: ConfirmCard = async (clientSecret, billing) => {
    const element = card();
    if (!stripe || !element) throw new PaymentError(SCHEDULE_PAGE_MESSAGES.stripeNotReady);
    const result = await stripe.confirmCardPayment(clientSecret, {
      payment_method: { card: element, billing_details: billing },
    });
    if (result.error) throw new PaymentError(result.error.message ?? SCHEDULE_PAGE_MESSAGES.paymentFailed);
    const intent = result.paymentIntent;
    return {
      id: intent.id,
      status: intent.status,
      amount: intent.amount,
      currency: intent.currency,
      method: 'card',
      card: null,
    };
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!stripe || !card() || !ready) {
      setError(SCHEDULE_PAGE_MESSAGES.stripeNotReady);
      return;
    }
    if (!complete) {
      setError(error ?? CARD_MESSAGES.numberIncomplete);
      return;
    }
    onPay(confirm);
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Card details">
      <Stack gap="md">
        <StripeCardField {...field} unavailable={unavailable} disabled={busy} />
        <Group gap={6} c="dimmed" wrap="nowrap">
          <IconLock size={14} aria-hidden />
          <Text size="xs">Card details are sent straight to Stripe and never stored by us.</Text>
        </Group>
        <PaymentActions
          amount={amount}
          currency={currency}
          busy={busy}
          onBack={onBack}
          terms={terms}
          purchase={purchase}
        />
      </Stack>
    </form>
  );
}
