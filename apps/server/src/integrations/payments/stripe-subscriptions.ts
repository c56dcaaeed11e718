import Stripe from 'stripe';
import { callStripe, retrieveFromStripe } from './stripe-errors.ts';
import type { Interval, Price, ProviderSubscription, SubscriptionProvider } from './subscription-provider.ts';

const seconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);

/** Since API 2025-03 the period lives on the subscription items; older versions keep it on the subscription. */
function toSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
  const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
  const secret = (invoice as unknown as { confirmation_secret?: { client_secret?: string } } | null)
    ?.confirmation_secret?.client_secret;
  return {
    id: subscription.id,
    status: (['active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete'] as const).includes(
      subscription.status as never,
    )
      ? (subscription.status as ProviderSubscription['status'])
      : subscription.status === 'incomplete_expired'
        ? 'canceled'
        : 'unpaid',
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodStart: seconds(item?.current_period_start ?? legacy.current_period_start),
    currentPeriodEnd: seconds(item?.current_period_end ?? legacy.current_period_end),
    canceledAt: seconds(subscription.canceled_at),
    endedAt: seconds(subscription.ended_at),
    amount: item?.price.unit_amount ?? 0,
    currency: item?.price.currency ?? 'usd',
    interval: (item?.price.recurring?.interval ?? 'month') as Interval,
    metadata: { ...subscription.metadata },
    pendingClientSecret: subscription.status === 'incomplete' && secret ? secret : null,
  };
}

export function createStripeSubscriptions(stripe: Stripe, premiumPriceId: string | null) {
  async function customerFor(email: string | null, name: string) {
    if (email) {
      const existing = await stripe.customers.list({ email, limit: 1 });
      if (existing.data[0]) return existing.data[0].id;
    }
    return (await stripe.customers.create({ ...(email ? { email } : {}), name })).id;
  }

  async function createSubscription(input: Parameters<SubscriptionProvider['createSubscription']>[0]) {
    const customer = await customerFor(input.email, input.name);
    await stripe.paymentMethods.attach(input.paymentMethodId, { customer });
    let item: Stripe.SubscriptionCreateParams.Item;
    if ('id' in input.price) {
      item = { price: input.price.id };
    } else {
      const product = await stripe.products.create({ name: input.price.productName });
      item = {
        price_data: {
          currency: input.price.currency,
          product: product.id,
          unit_amount: Math.round(input.price.amount * 100),
          recurring: { interval: input.price.interval },
        },
      };
    }
    const subscription = await stripe.subscriptions.create({
      customer,
      items: [item],
      default_payment_method: input.paymentMethodId,
      payment_behavior: 'allow_incomplete',
      metadata: input.metadata,
      expand: ['latest_invoice.confirmation_secret'],
    });
    const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
    const paid = invoice && invoice.status === 'paid';
    return {
      subscription: toSubscription(subscription),
      payment: paid
        ? {
            id: invoice.id ?? subscription.id,
            amount: invoice.amount_paid,
            currency: invoice.currency,
            paidAt: seconds(invoice.status_transitions?.paid_at) ?? new Date(),
            card: null,
          }
        : null,
    };
  }

  async function cancelIncomplete(id: string) {
    const subscription = await retrieveFromStripe(() =>
      stripe.subscriptions.retrieve(id, { expand: ['latest_invoice'] }),
    );
    if (!subscription) return null;
    if (subscription.status !== 'incomplete') return toSubscription(subscription);
    const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
    if (invoice?.id && invoice.status === 'open') {
      // Stripe refuses to void a paid invoice: after this, the security check can no longer take the money.
      try {
        await stripe.invoices.voidInvoice(invoice.id);
      } catch (error) {
        const current = await stripe.subscriptions.retrieve(id);
        // Paid (or being paid) meanwhile: it stays. Otherwise the refusal was something else.
        if (current.status !== 'incomplete' || !(await invoiceStillOpen(invoice.id))) {
          return toSubscription(current);
        }
        throw error;
      }
    }
    return toSubscription(await stripe.subscriptions.cancel(id));
  }

  async function invoiceStillOpen(invoiceId: string) {
    return (await stripe.invoices.retrieve(invoiceId)).status === 'open';
  }

  return {
    premiumPriceId,

    async retrievePrice(id): Promise<Price | null> {
      const price = await retrieveFromStripe(() => stripe.prices.retrieve(id));
      if (!price) return null;
      return {
        id: price.id,
        unitAmount: price.unit_amount ?? 0,
        currency: price.currency,
        interval: (price.recurring?.interval ?? 'month') as Interval,
      };
    },

    createSubscription: (input) => callStripe(() => createSubscription(input)),

    cancelSubscription: (id, immediately) =>
      callStripe(async () =>
        toSubscription(
          immediately
            ? await stripe.subscriptions.cancel(id)
            : await stripe.subscriptions.update(id, { cancel_at_period_end: true }),
        ),
      ),

    cancelIncomplete: (id) => callStripe(() => cancelIncomplete(id)),

    /** Deletes the customer of each subscription (all ended): Stripe keeps the invoices, not the person. */
    forgetCustomer: ({ subscriptionIds }) =>
      callStripe(async () => {
        const customers = new Set<string>();
        for (const id of subscriptionIds) {
          const subscription = await retrieveFromStripe(() => stripe.subscriptions.retrieve(id));
          const customer = subscription?.customer;
          if (customer) customers.add(typeof customer === 'string' ? customer : customer.id);
        }
        for (const customer of customers) {
          try {
            await stripe.customers.del(customer);
          } catch (error) {
            // Deleted before (a second erasure's retry, or by hand in the dashboard): nothing left to do.
            if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
              continue;
            throw error;
          }
        }
      }),

    async retrieveSubscription(id) {
      const subscription = await retrieveFromStripe(() => stripe.subscriptions.retrieve(id));
      return subscription ? toSubscription(subscription) : null;
    },
  } satisfies SubscriptionProvider;
}
