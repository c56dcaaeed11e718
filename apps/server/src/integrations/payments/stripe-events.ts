import type Stripe from 'stripe';
import { invalid } from '../../lib/app-error.ts';
import type { PaymentEvent, PaymentEventSource } from './payment-events.ts';

/** Signed events still carry whatever Stripe's API version (or a hand-made test event) put in them. */
const text = (value: unknown) =>
  typeof value === 'string' && value && !value.includes('\u0000') ? value : undefined;
const count = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const idOf = (value: unknown) => text(value) ?? text(record(value).id);

/** The invoice's subscription: on `parent` since API 2025-03, on the invoice itself before. */
function subscriptionOf(invoice: Record<string, unknown>): string | undefined {
  const parent = record(record(invoice.parent).subscription_details).subscription;
  return idOf(parent) ?? idOf(invoice.subscription);
}

/** Stripe's event, read into ours; anything we do not act on, or of a shape we do not expect, is `ignored` (and acknowledged). */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const object = record(record(event.data).object);
  const ignored = { type: 'ignored' } as const;
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const paymentId = text(object.id);
      if (!paymentId) return ignored;
      return {
        type: event.type === 'payment_intent.succeeded' ? 'payment.succeeded' : 'payment.failed',
        paymentId,
      };
    }
    case 'charge.refunded': {
      // Sent for a partial refund too: the charge says how much it has given back in all.
      const paymentId = idOf(object.payment_intent);
      const amountRefunded = count(object.amount_refunded);
      const amount = count(object.amount);
      const whole =
        object.refunded === true ||
        (amountRefunded !== undefined && amount !== undefined && amountRefunded >= amount);
      if (!paymentId || (amountRefunded === undefined && !whole)) return ignored;
      return { type: 'payment.refunded', paymentId, amountRefunded: amountRefunded ?? null, whole };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscriptionId = text(object.id);
      return subscriptionId ? { type: 'subscription.changed', subscriptionId } : ignored;
    }
    case 'invoice.paid': {
      const subscriptionId = subscriptionOf(object);
      const id = text(object.id);
      const amount = count(object.amount_paid);
      const currency = text(object.currency);
      if (!subscriptionId || !id || amount === undefined || !currency) return ignored;
      const paidAt = count(record(object.status_transitions).paid_at);
      return {
        type: 'subscription.paid',
        subscriptionId,
        payment: { id, amount, currency, paidAt: paidAt ? new Date(paidAt * 1000) : new Date(), card: null },
      };
    }
    case 'invoice.payment_failed': {
      const amount = count(object.amount_due);
      const currency = text(object.currency);
      if (amount === undefined || !currency) return ignored;
      return {
        type: 'subscription.payment_failed',
        subscriptionId: subscriptionOf(object) ?? null,
        amount,
        currency,
        email: text(object.customer_email) ?? null,
      };
    }
    default:
      return ignored;
  }
}

/** Stripe's own tolerance: a signature older than this may be a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** Our clock and Stripe's may differ by this much; a signature further in the future is not Stripe's. */
export const SIGNATURE_CLOCK_SKEW_SECONDS = 60;

export const STRIPE_SIGNATURE_MESSAGES = {
  missing: 'Missing Stripe-Signature header',
  invalid: 'Invalid Stripe signature',
  tooOld: 'The Stripe signature is too old',
  future: 'The Stripe signature is dated in the future',
} as const;

/** The `t=` of a Stripe-Signature header, read as the SDK reads it when it checks the signature over it. */
function signedAt(header: string) {
  let timestamp = Number.NaN;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp;
}

export function createStripeEventSource(
  stripe: Stripe,
  webhookSecret: string,
  clock: () => Date,
): PaymentEventSource {
  return {
    read(rawBody, signature) {
      if (!signature) throw invalid(STRIPE_SIGNATURE_MESSAGES.missing);
      let event: Stripe.Event;
      try {
        // Tolerance 0: the SDK would check only the age, on its own clock; both ends are checked below, on ours.
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, 0);
      } catch {
        throw invalid(STRIPE_SIGNATURE_MESSAGES.invalid);
      }
      // The timestamp is signed with the body, so it can be trusted once the signature holds.
      const age = Math.floor(clock().getTime() / 1000) - signedAt(signature);
      if (!Number.isFinite(age)) throw invalid(STRIPE_SIGNATURE_MESSAGES.invalid);
      if (age > SIGNATURE_TOLERANCE_SECONDS) throw invalid(STRIPE_SIGNATURE_MESSAGES.tooOld);
      if (age < -SIGNATURE_CLOCK_SKEW_SECONDS) throw invalid(STRIPE_SIGNATURE_MESSAGES.future);
      // Without an id of its own it cannot be handled once: acknowledged and left alone.
      const id = text(event?.id);
      if (!id) return { id: null, event: { type: 'ignored' } };
      try {
        return { id, event: toPaymentEvent(event) };
      } catch {
        // A signed event of a shape we did not expect: acknowledge it rather than have it retried for days.
        return { id, event: { type: 'ignored' } };
      }
    },
  };
}
