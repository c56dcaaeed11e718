import type { ProviderInvoicePayment } from './subscription-provider.ts';

/** What a payment provider tells us happened, in our own terms (Stripe's webhooks are read into these). */
export type PaymentEvent =
  | { type: 'payment.succeeded'; paymentId: string }
  | { type: 'payment.failed'; paymentId: string }
  /**
   * Money of a payment went back: `amountRefunded` is all its charge has given back so far (null
   * when the event does not say), `whole` whether that is all of it. A partial refund is not a
   * refunded payment.
   */
  | { type: 'payment.refunded'; paymentId: string; amountRefunded: number | null; whole: boolean }
  | { type: 'subscription.changed'; subscriptionId: string }
  | { type: 'subscription.paid'; subscriptionId: string; payment: ProviderInvoicePayment }
  | {
      type: 'subscription.payment_failed';
      subscriptionId: string | null;
      amount: number;
      currency: string;
      email: string | null;
    }
  | { type: 'ignored' };

/** Reads a provider's signed webhook; throws our VALIDATION error when the signature does not hold, is too old or is dated in the future. */
export type PaymentEventSource = {
  /** `id` is null for an event without one: acknowledged, never handled. */
  read(rawBody: Buffer, signature: string | undefined): { id: string | null; event: PaymentEvent };
};
