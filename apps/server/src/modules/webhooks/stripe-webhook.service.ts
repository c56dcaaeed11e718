import type Stripe from 'stripe';
import { invalid } from '../../lib/app-error.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import type { ScheduleService } from '../schedule/schedule.service.ts';
import type { WebhooksRepository } from './webhooks.repository.ts';

type Deps = {
  stripe: Stripe;
  webhookSecret: string;
  repository: WebhooksRepository;
  schedule: ScheduleService;
  notify: Notify;
};

const paymentIntentId = (value: string | { id: string } | null) =>
  typeof value === 'string' ? value : value?.id;

export function createStripeWebhookService({ stripe, webhookSecret, repository, schedule, notify }: Deps) {
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
