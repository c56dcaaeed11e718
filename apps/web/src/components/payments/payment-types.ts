export type CardSummary = { brand: string; last4: string; expMonth: number; expYear: number };

/** A payment the provider reports, in the shape the booking call records. */
export type ConfirmedPayment = {
  id: string;
  status: string;
  amount: number;
  currency: string;
  method: string;
  card: CardSummary | null;
};

export type BillingDetails = { name: string; email: string; phone: string };

/** Confirms the card payment of one intent; throws a PaymentError with the provider's words. */
export type ConfirmCard = (clientSecret: string, billing: BillingDetails) => Promise<ConfirmedPayment>;

/** A provider's refusal, shown to the visitor as is. */
export class PaymentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentError';
  }
}
