import { Group, Input, Loader, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useBookingTexts } from '../../lib/page-language';
import { ErrorAlert } from '../error-alert';
import classes from './stripe-card.module.css';

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

// Stripe's field is an iframe: it cannot read our CSS variables, so it gets the scheme's colours
// (the theme's text, placeholder and error colours) as values.
const cardStyles = {
  light: { text: '#212529', placeholder: '#6b7178', invalid: '#c92a2a' },
  dark: { text: '#c9c9c9', placeholder: '#9e9e9e', invalid: '#ff8787' },
} as const;

function cardStyle(scheme: keyof typeof cardStyles) {
  const colors = cardStyles[scheme];
  return {
    base: {
      fontSize: '16px',
      color: colors.text,
      fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      '::placeholder': { color: colors.placeholder },
    },
    invalid: { color: colors.invalid },
  };
}

type StripeElementsProps = {
  publishableKey: string;
  /** Shown when Stripe.js cannot be loaded (blocked, offline). */
  unavailableMessage: string;
  children: (unavailable: boolean) => ReactNode;
};

/** Loads Stripe.js only now, at the payment step, and gives the card form Stripe Elements. */
export function StripeElements({ publishableKey, unavailableMessage, children }: StripeElementsProps) {
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
      {unavailable ? <ErrorAlert>{unavailableMessage}</ErrorAlert> : null}
      <Elements stripe={stripePromise}>{children(unavailable)}</Elements>
    </Stack>
  );
}

/**
 * Stripe's card field and what it reports. The card never touches our page; `card()` hands
 * the field to Stripe.js calls, which run 3-D Secure themselves.
 */
export function useStripeCard() {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [complete, setComplete] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const field = {
    error,
    ready,
    onReady: () => setReady(true),
    onChange: (event: StripeCardElementChangeEvent) => {
      setComplete(event.complete);
      setError(event.error?.message ?? null);
    },
  };
  const card = () => elements?.getElement(CardElement) ?? null;
  return { stripe, card, ready, complete, error, setError, field };
}

type StripeCardFieldProps = ReturnType<typeof useStripeCard>['field'] & {
  unavailable: boolean;
  disabled: boolean;
};

export function StripeCardField({
  error,
  ready,
  onReady,
  onChange,
  unavailable,
  disabled,
}: StripeCardFieldProps) {
  const scheme = useComputedColorScheme('light');
  const texts = useBookingTexts();
  return (
    <Input.Wrapper label={texts.cardDetails} error={error}>
      <div className={classes.cardBox}>
        {ready ? null : unavailable ? (
          <Text size="sm" c="dimmed">
            {texts.cardFormUnavailable}
          </Text>
        ) : (
          <Group gap="xs" c="dimmed">
            <Loader size="xs" />
            <Text size="sm">{texts.loadingCardForm}</Text>
          </Group>
        )}
        <CardElement
          options={{ hidePostalCode: true, style: cardStyle(scheme), disabled }}
          onReady={onReady}
          onChange={onChange}
        />
      </div>
    </Input.Wrapper>
  );
}
