import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { localPaymentIntents, localPaymentMethods, localSubscriptions } from '../../db/schema.ts';
import { AppError, invalid } from '../../lib/app-error.ts';
import { checkCard, LOCAL_CARD_ERRORS, type LocalCardInput, TEST_CARDS } from './local-payment-provider.ts';
import type { Interval, Price, ProviderSubscription, SubscriptionProvider } from './subscription-provider.ts';

type Row = typeof localSubscriptions.$inferSelect;

export const LOCAL_PREMIUM_PRICE: Price = {
  id: 'price_local_premium_monthly',
  unitAmount: 999,
  currency: 'eur',
  interval: 'month',
};

/** Stripe's own test payment method ids, accepted as the same cards. */
const STRIPE_TEST_METHODS: Record<string, string> = {
  pm_card_visa: TEST_CARDS.success,
  pm_card_chargeDeclined: TEST_CARDS.declined,
  pm_card_authenticationRequired: TEST_CARDS.authentication,
};

const token = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

export function addInterval(from: Date, interval: Interval): Date {
  const next = new Date(from);
  if (interval === 'day') next.setUTCDate(next.getUTCDate() + 1);
  if (interval === 'week') next.setUTCDate(next.getUTCDate() + 7);
  if (interval === 'month') next.setUTCMonth(next.getUTCMonth() + 1);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

const behaviourOf = (digits: string) =>
  digits === TEST_CARDS.declined
    ? 'declined'
    : digits === TEST_CARDS.authentication
      ? 'authentication'
      : 'succeeds';

/**
 * The local provider's subscriptions, behaving like Stripe's in test mode: the first invoice is
 * charged at once (declined, or waiting for a security check, by test card); renewals and
 * period-end cancellations happen when `advance` runs (a scheduled job).
 */
export function createLocalSubscriptions({ db, clock }: { db: Db; clock: () => Date }) {
  async function toSubscription(row: Row): Promise<ProviderSubscription> {
    let pendingClientSecret: string | null = null;
    if (row.pendingPaymentIntentId) {
      const [intent] = await db
        .select({ clientSecret: localPaymentIntents.clientSecret, status: localPaymentIntents.status })
        .from(localPaymentIntents)
        .where(eq(localPaymentIntents.id, row.pendingPaymentIntentId));
      if (intent?.status === 'requires_action') pendingClientSecret = intent.clientSecret;
    }
    return {
      id: row.id,
      status: row.status,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      currentPeriodStart: row.currentPeriodStart,
      currentPeriodEnd: row.currentPeriodEnd,
      canceledAt: row.canceledAt,
      endedAt: row.endedAt,
      amount: row.amount,
      currency: row.currency,
      interval: row.interval,
      metadata: row.metadata,
      pendingClientSecret,
    };
  }

  async function load(id: string) {
    const [row] = await db.select().from(localSubscriptions).where(eq(localSubscriptions.id, id));
    return row;
  }

  async function update(id: string, values: Partial<typeof localSubscriptions.$inferInsert>) {
    const [row] = await db
      .update(localSubscriptions)
      .set(values)
      .where(eq(localSubscriptions.id, id))
      .returning();
    return row!;
  }

  const provider = {
    premiumPriceId: LOCAL_PREMIUM_PRICE.id,

    async retrievePrice(id) {
      return id === LOCAL_PREMIUM_PRICE.id ? LOCAL_PREMIUM_PRICE : null;
    },

    async createSubscription(input) {
      const [method] = await db
        .select()
        .from(localPaymentMethods)
        .where(eq(localPaymentMethods.id, input.paymentMethodId));
      // Own keys only: `__proto__` or `toString` is no test card.
      const builtIn = Object.hasOwn(STRIPE_TEST_METHODS, input.paymentMethodId)
        ? STRIPE_TEST_METHODS[input.paymentMethodId]
        : undefined;
      if (!method && !builtIn) throw invalid('No such payment method.');
      const behaviour = method?.behaviour ?? behaviourOf(builtIn!);
      const card = method?.card ?? { brand: 'visa', last4: builtIn!.slice(-4), expMonth: 12, expYear: 2030 };
      if (behaviour === 'declined') throw new AppError('PAYMENT_DECLINED', LOCAL_CARD_ERRORS.declined);

      let price: Omit<Price, 'id'> & { productName: string };
      if ('id' in input.price) {
        const found = await provider.retrievePrice(input.price.id);
        if (!found) throw invalid('No such price.');
        price = { ...found, productName: 'Premium Subscription' };
      } else {
        price = {
          unitAmount: Math.round(input.price.amount * 100),
          currency: input.price.currency,
          interval: input.price.interval,
          productName: input.price.productName,
        };
      }
      const now = clock();
      const id = token('sub');
      let pendingPaymentIntentId: string | null = null;
      if (behaviour === 'authentication') {
        const [intent] = await db
          .insert(localPaymentIntents)
          .values({
            id: token('pi'),
            clientSecret: `${token('pi')}_secret_${randomBytes(8).toString('hex')}`,
            amount: price.unitAmount,
            currency: price.currency,
            status: 'requires_action',
            metadata: { purpose: 'subscription', subscriptionId: id },
            card,
          })
          .returning();
        pendingPaymentIntentId = intent!.id;
      }
      const [row] = await db
        .insert(localSubscriptions)
        .values({
          id,
          customerEmail: input.email,
          paymentMethodId: input.paymentMethodId,
          productName: price.productName,
          amount: price.unitAmount,
          currency: price.currency,
          interval: price.interval,
          status: pendingPaymentIntentId ? 'incomplete' : 'active',
          currentPeriodStart: now,
          currentPeriodEnd: addInterval(now, price.interval),
          pendingPaymentIntentId,
          metadata: input.metadata,
        })
        .returning();
      return {
        subscription: await toSubscription(row!),
        payment: pendingPaymentIntentId
          ? null
          : { id: token('in'), amount: price.unitAmount, currency: price.currency, paidAt: now, card },
      };
    },

    async cancelSubscription(id, immediately) {
      const row = await load(id);
      if (!row) throw invalid('No such subscription.');
      const now = clock();
      const updated = immediately
        ? await update(id, { status: 'canceled', canceledAt: now, endedAt: now, cancelAtPeriodEnd: false })
        : await update(id, { cancelAtPeriodEnd: true, canceledAt: now });
      return toSubscription(updated);
    },

    async cancelIncomplete(id) {
      const row = await load(id);
      if (!row) return null;
      if (row.status !== 'incomplete') return toSubscription(row);
      if (row.pendingPaymentIntentId) {
        // The payment is claimed first: once canceled it can no longer pass its security check and
        // be charged. If it already passed, the subscription is being paid and stays.
        const claimed = await db
          .update(localPaymentIntents)
          .set({ status: 'canceled', updatedAt: clock() })
          .where(
            and(
              eq(localPaymentIntents.id, row.pendingPaymentIntentId),
              inArray(localPaymentIntents.status, ['requires_payment_method', 'requires_action']),
            ),
          )
          .returning({ id: localPaymentIntents.id });
        if (claimed.length === 0) return toSubscription((await load(id))!);
      }
      const now = clock();
      const [ended] = await db
        .update(localSubscriptions)
        .set({ status: 'canceled', canceledAt: now, endedAt: now, pendingPaymentIntentId: null })
        .where(and(eq(localSubscriptions.id, id), eq(localSubscriptions.status, 'incomplete')))
        .returning();
      return toSubscription(ended ?? (await load(id))!);
    },

    async retrieveSubscription(id) {
      const row = await load(id);
      return row ? toSubscription(row) : null;
    },

    async forgetCustomer({ subscriptionIds, emails }) {
      const matches = [
        ...(subscriptionIds.length > 0 ? [inArray(localSubscriptions.id, subscriptionIds)] : []),
        ...(emails.length > 0
          ? [
              inArray(
                sql`lower(${localSubscriptions.customerEmail})`,
                emails.map((e) => e.toLowerCase()),
              ),
            ]
          : []),
      ];
      if (matches.length === 0) return;
      await db
        .update(localSubscriptions)
        .set({ customerEmail: null })
        .where(or(...matches));
    },
  } satisfies SubscriptionProvider;

  return {
    ...provider,

    /** The browser's "create payment method": checks the card as Stripe.js would. */
    async createPaymentMethod(card: LocalCardInput) {
      const details = checkCard(card, clock());
      const digits = card.number.replace(/[\s-]/g, '');
      const [row] = await db
        .insert(localPaymentMethods)
        .values({ id: token('pm'), card: details, behaviour: behaviourOf(digits) })
        .returning();
      return { id: row!.id, card: details };
    },

    /** After the cardholder passed the security check for a first invoice: the subscription starts. */
    async completePendingPayment(paymentIntentId: string) {
      const [row] = await db
        .select()
        .from(localSubscriptions)
        .where(eq(localSubscriptions.pendingPaymentIntentId, paymentIntentId));
      if (!row) return null;
      const [intent] = await db
        .select()
        .from(localPaymentIntents)
        .where(eq(localPaymentIntents.id, paymentIntentId));
      if (intent?.status !== 'succeeded') return null;
      const now = clock();
      // Only one still waiting for this payment starts: never one ended meanwhile.
      const [updated] = await db
        .update(localSubscriptions)
        .set({
          status: 'active',
          pendingPaymentIntentId: null,
          currentPeriodStart: now,
          currentPeriodEnd: addInterval(now, row.interval),
        })
        .where(and(eq(localSubscriptions.id, row.id), eq(localSubscriptions.status, 'incomplete')))
        .returning();
      if (!updated) return null;
      return {
        subscription: await toSubscription(updated),
        payment: {
          id: intent.id,
          amount: intent.amount,
          currency: intent.currency,
          paidAt: now,
          card: intent.card ?? null,
        },
      };
    },

    /**
     * The scheduled job: ends subscriptions canceled at period end, and renews the others,
     * charging the saved card. Answers what changed, for our own records to follow.
     */
    async advance() {
      const now = clock();
      const due = await db
        .select()
        .from(localSubscriptions)
        .where(
          and(
            lte(localSubscriptions.currentPeriodEnd, now),
            sql`${localSubscriptions.status} in ('active', 'trialing', 'past_due')`,
          ),
        )
        .limit(500);
      const changes: Array<{
        subscription: ProviderSubscription;
        payment: { id: string; amount: number; currency: string; paidAt: Date; card: null } | null;
      }> = [];
      for (const row of due) {
        if (row.cancelAtPeriodEnd) {
          const ended = await update(row.id, { status: 'canceled', endedAt: row.currentPeriodEnd ?? now });
          changes.push({ subscription: await toSubscription(ended), payment: null });
          continue;
        }
        const [method] = await db
          .select()
          .from(localPaymentMethods)
          .where(eq(localPaymentMethods.id, row.paymentMethodId));
        if (method?.behaviour === 'declined') {
          const pastDue = await update(row.id, { status: 'past_due' });
          changes.push({ subscription: await toSubscription(pastDue), payment: null });
          continue;
        }
        const start = row.currentPeriodEnd ?? now;
        const renewed = await update(row.id, {
          status: 'active',
          currentPeriodStart: start,
          currentPeriodEnd: addInterval(start, row.interval),
        });
        changes.push({
          subscription: await toSubscription(renewed),
          payment: { id: token('in'), amount: row.amount, currency: row.currency, paidAt: start, card: null },
        });
      }
      return changes;
    },
  };
}

export type LocalSubscriptions = ReturnType<typeof createLocalSubscriptions>;
