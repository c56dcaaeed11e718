import { Alert, Group, Input, Loader, Stack, Text } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { CARD_MESSAGES } from '../../../components/payments/card-input';
import { SCHEDULE_PAGE_MESSAGES } from '../messages';
import { type ConfirmCard, PaymentError } from '../payment-types';
import classes from '../schedule.module.css';
import { type CardFormProps, PaymentActions } from './payment-actions';

// One Stripe.js per key for the whole visit: loading it again would add another script tag.
const stripeByKey = new Map<string, Promise<Stripe | null>>();

function getStripe(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => {
      stripeByKey.delete(publishableKey);
      return null;
    });
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

const cardStyle = {
  base: {
    fontSize: '16px',
    color: '#212529',
    fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    '::placeholder': { color: '#adb5bd' },
  },
  invalid: { color: '#e03131' },
};

type StripeCardFormProps = CardFormProps & { publishableKey: string };

/** Stripe Elements: the card never touches our page, and Stripe runs 3-D Secure itself. */
export function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  const stripePromise = useMemo(() => getStripe(publishableKey), [publishableKey]);
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    let active = true;
    void stripePromise.then((stripe) => {
      if (active) setUnavailable(stripe === null);
    });
    return () => {
      active = false;
    };
  }, [stripePromise]);

  return (
    <Stack gap="md">
      {unavailable ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {SCHEDULE_PAGE_MESSAGES.stripeUnavailable}
        </Alert>
      ) : null}
      <Elements stripe={stripePromise}>
        <StripeCardFields {...props} unavailable={unavailable} />
      </Elements>
    </Stack>
  );
}

function StripeCardFields({
  amount,
  currency,
  busy,
  onPay,
  onBack,
  unavailable,
}: CardFormProps & { unavailable: boolean }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [complete, setComplete] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onChange = (event: StripeCardElementChangeEvent) => {
    setComplete(event.complete);
    setError(event.error?.message ?? null);
  };

  const confirm: ConfirmCard = async (clientSecret, billing) => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) throw new PaymentError(SCHEDULE_PAGE_MESSAGES.stripeNotReady);
    const result = await stripe.confirmCardPayment(clientSecret, {
      payment_method: { card, billing_details: billing },
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
    if (!stripe || !elements || !ready) {
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
        <Input.Wrapper label="Card details" error={error}>
          <div className={classes.cardBox}>
            {ready ? null : unavailable ? (
              <Text size="sm" c="dimmed">
                Card form unavailable
              </Text>
            ) : (
              <Group gap="xs" c="dimmed">
                <Loader size="xs" />
                <Text size="sm">Loading secure card form...</Text>
              </Group>
            )}
            <CardElement
              options={{ hidePostalCode: true, style: cardStyle, disabled: busy }}
              onReady={() => setReady(true)}
              onChange={onChange}
            />
          </div>
        </Input.Wrapper>
        <Group gap={6} c="dimmed" wrap="nowrap">
          <IconLock size={14} aria-hidden />
          <Text size="xs">Card details are sent straight to Stripe and never stored by us.</Text>
        </Group>
        <PaymentActions amount={amount} currency={currency} busy={busy} onBack={onBack} />
      </Stack>
    </form>
  );
}
