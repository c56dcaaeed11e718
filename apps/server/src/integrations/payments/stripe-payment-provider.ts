import Stripe from 'stripe';
import {
  CUSTOMER_METADATA_KEYS,
  type PaymentIntent,
  type PaymentIntentStatus,
  type PaymentProvider,
} from './payment-provider.ts';
import { callStripe, fromStripeError, retrieveFromStripe } from './stripe-errors.ts';

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  /** For tests against a local server that speaks Stripe's API. */
  apiHost?: { host: string; port: number; protocol: 'http' | 'https' };
};

/** The refund's metadata key holding the idempotency key it was made with. */
const REFUND_KEY_METADATA = 'refund_key';

export function createStripeClient(settings: StripeSettings) {
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: settings.apiHost ? 0 : 2,
    telemetry: false,
    appInfo: { name: 'chatdesk' },
    ...(settings.apiHost ?? {}),
  });
}

function toIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status as PaymentIntentStatus,
    metadata: { ...intent.metadata },
    card: card
      ? {
          brand: card.brand ?? 'card',
          last4: card.last4 ?? '',
          expMonth: card.exp_month,
          expYear: card.exp_year,
        }
      : null,
    refunded: Boolean(charge?.refunded),
    amountRefunded: charge?.amount_refunded ?? 0,
  };
}

export function createStripePaymentProvider(settings: StripeSettings) {
  const stripe = createStripeClient(settings);
  return {
    name: 'stripe' as const,
    publishableKey: settings.publishableKey,
    stripe,

    async createPaymentIntent(input) {
      const intent = await callStripe(() =>
        stripe.paymentIntents.create({
          amount: input.amount,
          currency: input.currency,
          description: input.description,
          metadata: input.metadata,
          // Cards only, confirmed on the page without leaving it.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        }),
      );
      return toIntent(intent);
    },

    async retrievePaymentIntent(id) {
      const intent = await retrieveFromStripe(() =>
        stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }),
      );
      return intent ? toIntent(intent) : null;
    },

    async refundPaymentIntent(id, part) {
      try {
        await (part
          ? stripe.refunds.create(
              // The key in the refund's metadata too: Stripe forgets idempotency keys after a day, and
              // findRefund looks the refund up by it.
              {
                payment_intent: id,
                amount: part.amount,
                metadata: { [REFUND_KEY_METADATA]: part.idempotencyKey },
              },
              { idempotencyKey: part.idempotencyKey },
            )
          : stripe.refunds.create({ payment_intent: id }));
      } catch (error) {
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.code === 'charge_already_refunded'
        )
          return;
        throw fromStripeError(error);
      }
    },

    async findRefund(id, idempotencyKey) {
      return callStripe(async () => {
        for await (const refund of stripe.refunds.list({ payment_intent: id, limit: 100 })) {
          // A failed or canceled refund gave nothing back; a pending one is on its way.
          if (refund.metadata?.[REFUND_KEY_METADATA] !== idempotencyKey) continue;
          if (refund.status === 'failed' || refund.status === 'canceled') continue;
          return { amount: refund.amount };
        }
        return null;
      });
    },

    async forgetCustomer({ paymentIntentIds }) {
      // An empty value deletes a metadata key on Stripe. Desk payments are ours, not Stripe's.
      const blank = Object.fromEntries(CUSTOMER_METADATA_KEYS.map((key) => [key, '']));
      for (const id of paymentIntentIds.filter((id) => id.startsWith('pi_')))
        await callStripe(() => stripe.paymentIntents.update(id, { metadata: blank }));
    },
  } satisfies PaymentProvider & Record<string, unknown>;
}
