import type { PaymentEvent, PaymentEventSource } from '../../integrations/payments/payment-events.ts';
import { formatMoney } from '../../lib/money.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import type { PackPurchasesService } from '../packs/pack-purchases.ts';
import type { ScheduleService } from '../schedule/schedule.service.ts';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.ts';
import type { WaitlistService } from '../waitlist/waitlist.service.ts';
import type { WebhooksRepository } from './webhooks.repository.ts';

type Deps = {
  source: PaymentEventSource;
  repository: WebhooksRepository;
  schedule: ScheduleService;
  packPurchases: Pick<PackPurchasesService, 'completeFromProvider'>;
  waitlist: Pick<WaitlistService, 'completeFromProvider'>;
  subscriptions: SubscriptionsService;
  notify: Notify;
};

export function createStripeWebhookService({
  source,
  repository,
  schedule,
  packPurchases,
  waitlist,
  subscriptions,
  notify,
}: Deps) {
  async function handle(event: PaymentEvent) {
    switch (event.type) {
      case 'payment.succeeded':
        // Usually the page has booked (or bought the pack) already; this does it if the page closed after paying.
        if (await packPurchases.completeFromProvider(event.paymentId)) return;
        // A waitlist offer's payment: booked if the offer is still open, else refunded.
        if (await waitlist.completeFromProvider(event.paymentId)) return;
        await schedule.completeFromProvider(event.paymentId);
        return;
      case 'payment.failed':
        await schedule.releasePayment(event.paymentId);
        return;
      case 'payment.refunded': {
        // Only the payment row changes: a refund made elsewhere (the provider's dashboard, part of a
        // pack's price) cancels no booking and ends no pack. Nothing new (a late or repeated event,
        // or a refund we recorded already) tells no one.
        const payment = await repository.recordPaymentRefunded(event.paymentId, {
          refunded: event.amountRefunded,
          whole: event.whole,
        });
        if (payment) {
          const link = payment.clientId ? `/clients/${payment.clientId}` : null;
          await notify(
            payment.status === 'refunded'
              ? {
                  type: 'info',
                  title: 'Payment refunded',
                  message: `A payment of ${formatMoney(payment.amount, payment.currency)} was refunded.`,
                  link,
                }
              : {
                  type: 'info',
                  title: 'Payment partly refunded',
                  message: `${formatMoney(payment.refundedAmount, payment.currency)} of a payment of ${formatMoney(payment.amount, payment.currency)} was refunded.`,
                  link,
                },
          );
        }
        return;
      }
      case 'subscription.changed':
        // Fetches the current subscription, so events arriving out of order cannot undo each other.
        await subscriptions.syncFromProvider(event.subscriptionId);
        return;
      case 'subscription.paid':
        await subscriptions.syncFromProvider(event.subscriptionId, event.payment);
        return;
      case 'subscription.payment_failed':
        await notify({
          type: 'error',
          title: 'Subscription payment failed',
          message: `A subscription invoice of ${formatMoney(event.amount, event.currency)} could not be paid${
            event.email ? ` by ${event.email}` : ''
          }.`,
          link: null,
        });
        if (event.subscriptionId) await subscriptions.syncFromProvider(event.subscriptionId);
        return;
      case 'ignored':
        return;
    }
  }

  return {
    /**
     * Verifies the signature on the raw body before anything else, then handles each event once.
     * A failure (the provider down, our database) forgets the event and answers 5xx, so the provider
     * delivers it again; only a handled or deliberately ignored event is acknowledged.
     */
    async receive(rawBody: Buffer, signature: string | undefined) {
      const { id, event } = source.read(rawBody, signature);
      if (id === null) return { received: true, duplicate: false };
      if (!(await repository.markSeen('stripe', id))) return { received: true, duplicate: true };
      try {
        await handle(event);
      } catch (error) {
        // Let Stripe deliver it again: forget that we saw it.
        await repository.forget('stripe', id);
        throw error;
      }
      return { received: true, duplicate: false };
    },
  };
}

export type StripeWebhookService = ReturnType<typeof createStripeWebhookService>;
