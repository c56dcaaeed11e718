export type CardDetails = { brand: string; last4: string; expMonth: number; expYear: number };

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

/** A payment as the provider knows it: the server trusts only this, never what the browser says. */
export type PaymentIntent = {
  id: string;
  clientSecret: string;
  /** Minor units. */
  amount: number;
  currency: string;
  status: PaymentIntentStatus;
  metadata: Record<string, string>;
  /** The card of the first charge, once there is one. */
  card: CardDetails | null;
  /** Refunded whole. */
  refunded: boolean;
  /** Minor units given back so far (part of the amount after a partial refund). */
  amountRefunded: number;
};

/** Part of a payment given back; the key makes a repeated call (a retry after a lost answer) refund once. */
export type PartialRefund = { amount: number; idempotencyKey: string };

/** Card payments, in our own terms. Stripe when its keys are set, else the local provider. */
export type PaymentProvider = {
  readonly name: 'stripe' | 'local';
  /** What the browser needs to collect a card: Stripe's publishable key, or null for the built-in form. */
  readonly publishableKey: string | null;
  createPaymentIntent(input: {
    amount: number;
    currency: string;
    description: string;
    metadata: Record<string, string>;
  }): Promise<PaymentIntent>;
  /** The provider's current record, or null when it has no such payment; an outage throws (UNAVAILABLE). */
  retrievePaymentIntent(id: string): Promise<PaymentIntent | null>;
  /**
   * Gives the whole amount back (refunding twice is harmless), or `part` of it: more than is left
   * to refund is refused, and the same key twice refunds once. Throws when the provider says no.
   */
  refundPaymentIntent(id: string, part?: PartialRefund): Promise<void>;
  /**
   * The partial refund made on this payment with this key, or null when there is none: it never
   * reached the provider, or the provider refused or cancelled it. How a refund whose answer was
   * lost (a crash after the call) is found out. An outage throws.
   */
  findRefund(id: string, idempotencyKey: string): Promise<{ amount: number } | null>;
  /**
   * A client was erased: the payments keep their amounts with the provider, but no longer the
   * name, email and phone a booking put in their metadata (by id, and the local provider's also
   * by email, for attempts that never became a payment). Harmless for ids it does not have.
   */
  forgetCustomer(input: { paymentIntentIds: string[]; emails: string[] }): Promise<void>;
};

/** The metadata keys a booking writes the visitor into (schedule.service.ts `openPayment`). */
export const CUSTOMER_METADATA_KEYS = ['clientName', 'clientEmail', 'clientPhone'] as const;
