import { Alert, Group, Input, Loader, Stack, Text } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { CARD_MESSAGES } from '../../../components/payments/card-input';
import { PaymentError } from '../../schedule/payment-types';
import { SUBSCRIBE_PAGE_MESSAGES } from '../messages';
import classes from '../subscribe.module.css';
import type { CardDriver } from '../subscribe-flow';
import { type CardCheck, SubscribeForm, type SubscribeFormProps } from './subscribe-form';

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

type StripeSubscribeFormProps = SubscribeFormProps & { publishableKey: string };

/** Stripe Elements: the card never touches our page, and Stripe runs 3-D Secure itself. */
export function StripeSubscribeForm({ publishableKey, ...props }: StripeSubscribeFormProps) {
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
          {SUBSCRIBE_PAGE_MESSAGES.stripeUnavailable}
        </Alert>
      ) : null}
      <Elements stripe={stripePromise}>
        <StripeFields {...props} unavailable={unavailable} />
      </Elements>
    </Stack>
  );
}

function StripeFields({ unavailable, ...props }: SubscribeFormProps & { unavailable: boolean }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [complete, setComplete] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onChange = (event: StripeCardElementChangeEvent) => {
    setComplete(event.complete);
    setError(event.error?.message ?? null);
  };

  const checkCard = (): CardCheck => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !ready) return { ok: false, message: SUBSCRIBE_PAGE_MESSAGES.stripeNotReady };
    if (!complete) {
      setError(error ?? CARD_MESSAGES.numberIncomplete);
      return { ok: false };
    }
    const driver: CardDriver = {
      createPaymentMethod: async (email) => {
        const result = await stripe.createPaymentMethod({
          type: 'card',
          card,
          billing_details: { email },
        });
        if (result.error) throw new PaymentError(result.error.message ?? SUBSCRIBE_PAGE_MESSAGES.unexpected);
        return result.paymentMethod.id;
      },
      completeSecurityCheck: async (clientSecret) => {
        const result = await stripe.confirmCardPayment(clientSecret);
        if (result.error) throw new PaymentError(result.error.message ?? 'Unknown error');
      },
    };
    return { ok: true, card: driver };
  };

  const cardFields = (
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
          options={{ hidePostalCode: true, style: cardStyle, disabled: props.flow.busy }}
          onReady={() => setReady(true)}
          onChange={onChange}
        />
      </div>
    </Input.Wrapper>
  );

  return (
    <SubscribeForm
      {...props}
      cardFields={cardFields}
      checkCard={checkCard}
      note="Card details are sent straight to Stripe and never stored by us."
    />
  );
}
