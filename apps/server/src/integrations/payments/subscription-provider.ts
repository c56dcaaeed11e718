import type { CardDetails } from './payment-provider.ts';

export type ProviderSubscriptionStatus =
  | 'active'
  | 'trialing'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'incomplete';
export type Interval = 'day' | 'week' | 'month' | 'year';

/** A subscription as the provider knows it; our table mirrors this and never the other way round. */
export type ProviderSubscription = {
  id: string;
  status: ProviderSubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  canceledAt: Date | null;
  endedAt: Date | null;
  amount: number;
  currency: string;
  interval: Interval;
  metadata: Record<string, string>;
  /** While the first payment waits for the cardholder's security check. */
  pendingClientSecret: string | null;
};

/** A paid invoice, to record as a payment on the client. */
export type ProviderInvoicePayment = {
  id: string;
  amount: number;
  currency: string;
  paidAt: Date;
  card: CardDetails | null;
};

export type Price = { id: string; unitAmount: number; currency: string; interval: Interval };

/** Recurring card payments, in our own terms. Stripe when configured, else the local provider. */
export type SubscriptionProvider = {
  /** The public subscribe page's monthly premium price. */
  readonly premiumPriceId: string | null;
  /** Null only when the provider has no such price; an outage throws (UNAVAILABLE), never reads as "not found". */
  retrievePrice(id: string): Promise<Price | null>;
  createSubscription(input: {
    email: string | null;
    name: string;
    paymentMethodId: string;
    price: { id: string } | { amount: number; currency: string; interval: Interval; productName: string };
    metadata: Record<string, string>;
  }): Promise<{ subscription: ProviderSubscription; payment: ProviderInvoicePayment | null }>;
  cancelSubscription(id: string, immediately: boolean): Promise<ProviderSubscription>;
  /**
   * Ends a subscription whose first payment has not been made, so that payment can no longer be
   * made (Stripe voids its open invoice first). One already paid, or being paid, is left as it is:
   * the answer is the provider's current record (status `canceled` once ended), null if it has none.
   */
  cancelIncomplete(id: string): Promise<ProviderSubscription | null>;
  /**
   * The provider's current record, or null when it has no such subscription. An outage throws
   * (UNAVAILABLE), so a webhook that needs the answer is retried instead of acknowledged.
   */
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  /**
   * A client was erased (their subscriptions have all ended): the provider forgets the customer
   * behind these subscriptions and addresses (Stripe deletes the customer; its invoices stay).
   */
  forgetCustomer(input: { subscriptionIds: string[]; emails: string[] }): Promise<void>;
};
