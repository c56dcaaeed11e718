import type Stripe from 'stripe';
import { invalid } from '../../lib/app-error.ts';
import type { PaymentEvent, PaymentEventSource } from './payment-events.ts';

/** The invoice's subscription: on `parent` since API 2025-03, on the invoice itself before. */
function subscriptionOf(invoice: Stripe.Invoice): string | undefined {
  const parent = (
    invoice as unknown as { parent?: { subscription_details?: { subscription?: string | { id: string } } } }
  ).parent?.subscription_details?.subscription;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } }).subscription;
  const value = parent ?? legacy;
  return typeof value === 'string' ? value : value?.id;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : value?.id;

/** Stripe's event, read into ours; anything we do not act on is `ignored` (and acknowledged). */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return { type: 'payment.succeeded', paymentId: event.data.object.id };
    case 'payment_intent.payment_failed':
      return { type: 'payment.failed', paymentId: event.data.object.id };
    case 'charge.refunded': {
      const paymentId = idOf(event.data.object.payment_intent);
      return paymentId ? { type: 'payment.refunded', paymentId } : { type: 'ignored' };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { type: 'subscription.changed', subscriptionId: event.data.object.id };
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscriptionId = subscriptionOf(invoice);
      if (!subscriptionId || !invoice.id) return { type: 'ignored' };
      const paidAt = invoice.status_transitions?.paid_at;
      return {
        type: 'subscription.paid',
        subscriptionId,
        payment: {
          id: invoice.id,
          amount: invoice.amount_paid,
          currency: invoice.currency,
          paidAt: paidAt ? new Date(paidAt * 1000) : new Date(),
          card: null,
        },
      };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      return {
        type: 'subscription.payment_failed',
        subscriptionId: subscriptionOf(invoice) ?? null,
        amount: invoice.amount_due,
        currency: invoice.currency,
        email: invoice.customer_email ?? null,
      };
    }
    default:
      return { type: 'ignored' };
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
      try {
        return { id: event.id, event: toPaymentEvent(event) };
      } catch {
        // A signed event of a shape we did not expect: acknowledge it rather than have it retried for days.
        return { id: event.id, event: { type: 'ignored' } };
      }
    },
  };
}
