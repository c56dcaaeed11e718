import type Stripe from 'stripe';
import { invalid } from '../../lib/app-error.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import type { ScheduleService } from '../schedule/schedule.service.ts';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.ts';
import type { WebhooksRepository } from './webhooks.repository.ts';

type Deps = {
  stripe: Stripe;
  webhookSecret: string;
  repository: WebhooksRepository;
  schedule: ScheduleService;
  subscriptions: SubscriptionsService;
  notify: Notify;
};

/** The invoice's subscription: on `parent` since API 2025-03, on the invoice itself before. */
function subscriptionOf(invoice: Stripe.Invoice): string | undefined {
  const parent = (
    invoice as unknown as { parent?: { subscription_details?: { subscription?: string | { id: string } } } }
  ).parent?.subscription_details?.subscription;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } }).subscription;
  const value = parent ?? legacy;
  return typeof value === 'string' ? value : value?.id;
}

const paymentIntentId = (value: string | { id: string } | null) =>
  typeof value === 'string' ? value : value?.id;

export function createStripeWebhookService({
  stripe,
  webhookSecret,
  repository,
  schedule,
  subscriptions,
  notify,
}: Deps) {
  async function handle(event: Stripe.Event) {
    switch (event.type) {
      case 'payment_intent.succeeded':
        // Usually the page has booked already; this books it if the page closed after paying.
        await schedule.completeFromProvider(event.data.object.id);
        return;
      case 'payment_intent.payment_failed':
        await schedule.releasePayment(event.data.object.id);
        return;
      case 'charge.refunded': {
        const id = paymentIntentId(event.data.object.payment_intent);
        if (!id) return;
        const payment = await repository.markPaymentRefunded(id);
        if (payment) {
          await notify({
            type: 'info',
            title: 'Payment refunded',
            message: `A payment of ${(payment.amount / 100).toFixed(2)} ${payment.currency.toUpperCase()} was refunded.`,
            link: `/clients/${payment.clientId}`,
          });
        }
        return;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        // Fetches the current subscription, so events arriving out of order cannot undo each other.
        await subscriptions.syncFromProvider(event.data.object.id);
        return;
      case 'invoice.paid': {
        const invoice = event.data.object;
        const id = subscriptionOf(invoice);
        if (!id || !invoice.id) return;
        await subscriptions.syncFromProvider(id, {
          id: invoice.id,
          amount: invoice.amount_paid,
          currency: invoice.currency,
          paidAt: invoice.status_transitions?.paid_at
            ? new Date(invoice.status_transitions.paid_at * 1000)
            : new Date(),
          card: null,
        });
        return;
      }
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const id = subscriptionOf(invoice);
        await notify({
          type: 'error',
          title: 'Subscription payment failed',
          message: `A subscription invoice of ${(invoice.amount_due / 100).toFixed(2)} ${invoice.currency.toUpperCase()} could not be paid${
            invoice.customer_email ? ` by ${invoice.customer_email}` : ''
          }.`,
          link: null,
        });
        if (id) await subscriptions.syncFromProvider(id);
        return;
      }
      default:
        return;
    }
  }

  return {
    /** Verifies the signature on the raw body before anything else, then handles each event once. */
    async receive(rawBody: Buffer, signature: string | undefined) {
      if (!signature) throw invalid('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch {
        throw invalid('Invalid Stripe signature');
      }
      if (!(await repository.markSeen('stripe', event.id))) return { received: true, duplicate: true };
      try {
        await handle(event);
      } catch (error) {
        // Let Stripe deliver it again: forget that we saw it.
        await repository.forget('stripe', event.id);
        throw error;
      }
      return { received: true, duplicate: false };
    },
  };
}

export type StripeWebhookService = ReturnType<typeof createStripeWebhookService>;
