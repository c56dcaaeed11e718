import { Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { CARD_MESSAGES } from '../../../components/payments/card-input';
import { type ConfirmCard, PaymentError } from '../../../components/payments/payment-types';
import { StripeCardField, StripeElements, useStripeCard } from '../../../components/payments/stripe-card';
import { useBookingTexts } from '../../../lib/page-language';
import { type CardFormProps, PaymentActions } from './payment-actions';

type StripeCardFormProps = CardFormProps & { publishableKey: string };

/** Stripe Elements: the card never touches our page, and Stripe runs 3-D Secure itself. */
export function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  const texts = useBookingTexts();
  return (
    <StripeElements publishableKey={publishableKey} unavailableMessage={texts.stripeUnavailable}>
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
  const texts = useBookingTexts();
  const { stripe, card, ready, complete, error, setError, field } = useStripeCard();

  const confirm: ConfirmCard = async (clientSecret, billing) => {
    const element = card();
    if (!stripe || !element) throw new PaymentError(texts.stripeNotReady);
    const result = await stripe.confirmCardPayment(clientSecret, {
      payment_method: { card: element, billing_details: billing },
    });
    if (result.error) throw new PaymentError(result.error.message ?? texts.paymentFailed);
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
      setError(texts.stripeNotReady);
      return;
    }
    if (!complete) {
      setError(error ?? CARD_MESSAGES.numberIncomplete);
      return;
    }
    onPay(confirm);
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={texts.cardDetails}>
      <Stack gap="md">
        <StripeCardField {...field} unavailable={unavailable} disabled={busy} />
        <Group gap={6} c="dimmed" wrap="nowrap">
          <IconLock size={14} aria-hidden />
          <Text size="xs">{texts.straightToStripe}</Text>
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
