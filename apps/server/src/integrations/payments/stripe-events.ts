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
      const paymentId = idOf(object.payment_intent);
      return paymentId ? { type: 'payment.refunded', paymentId } : ignored;
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

export function createStripeEventSource(stripe: Stripe, webhookSecret: string): PaymentEventSource {
  return {
    read(rawBody, signature) {
      if (!signature) throw invalid('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch {
        throw invalid('Invalid Stripe signature');
      }
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
