import { randomBytes } from 'node:crypto';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { localPaymentIntents } from '../../db/schema.ts';
import { AppError, invalid, notFound } from '../../lib/app-error.ts';
import {
  type CardDetails,
  CUSTOMER_METADATA_KEYS,
  type PaymentIntent,
  type PaymentProvider,
} from './payment-provider.ts';

type Row = typeof localPaymentIntents.$inferSelect;

/** Stripe's own test-mode texts, so the page reads the same with either provider. */
export const LOCAL_CARD_ERRORS = {
  declined: 'Your card was declined.',
  number: 'Your card number is incorrect.',
  expired: "Your card's expiration date is in the past.",
  expiry: "Your card's expiration date is incomplete.",
  cvc: "Your card's security code is incomplete.",
  authentication:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  state: 'This payment cannot be confirmed in its current state.',
} as const;

/** Stripe's answer to a refund of more than is left, or of a payment that was never taken. */
export const LOCAL_REFUND_REFUSED = 'Refund amount is greater than the amount left to refund on this charge.';

/** Stripe's test cards: one succeeds, one is declined, one asks for authentication. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  authentication: '4000002500003155',
} as const;

const token = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

function luhnValid(digits: string) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string) {
  if (digits.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

export type LocalCardInput = { number: string; expMonth: number; expYear: number; cvc: string };

/** Checks a card as Stripe's card element would, returning its details or the error Stripe shows. */
export function checkCard(card: LocalCardInput, now: Date): CardDetails {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) throw invalid(LOCAL_CARD_ERRORS.number);
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12)
    throw invalid(LOCAL_CARD_ERRORS.expiry);
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const endOfMonth = Date.UTC(year, card.expMonth, 1);
  if (endOfMonth <= now.getTime()) throw invalid(LOCAL_CARD_ERRORS.expired);
  if (!/^\d{3,4}$/.test(card.cvc)) throw invalid(LOCAL_CARD_ERRORS.cvc);
  return { brand: brandOf(digits), last4: digits.slice(-4), expMonth: card.expMonth, expYear: year };
}

const toIntent = (row: Row): PaymentIntent => ({
  id: row.id,
  clientSecret: row.clientSecret,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  metadata: row.metadata,
  card: row.card ?? null,
  refunded: row.refunded,
  amountRefunded: row.amountRefunded,
});

/**
 * Behaves like Stripe in test mode, with its records in our database. The browser confirms
 * a payment through confirmCard / authenticate (our stand-in for Stripe.js); the server side
 * uses only the PaymentProvider methods, exactly as with Stripe.
 */
export function createLocalPaymentProvider({ db, clock }: { db: Db; clock: () => Date }) {
  /** The partial refund made with this key, kept with the payment. */
  async function findRefund(id: string, idempotencyKey: string) {
    const [row] = await db
      .select({
        amount: sql<number | null>`(${localPaymentIntents.refunds} ->> ${idempotencyKey}::text)::int`,
      })
      .from(localPaymentIntents)
      .where(eq(localPaymentIntents.id, id))
      .limit(1);
    return row?.amount == null ? null : { amount: Number(row.amount) };
  }

  async function loadBySecret(clientSecret: string) {
    const [row] = await db
      .select()
      .from(localPaymentIntents)
      .where(eq(localPaymentIntents.clientSecret, clientSecret))
      .limit(1);
    if (!row) throw notFound('Payment not found.');
    return row;
  }

  async function save(id: string, values: Partial<Row>) {
    const [row] = await db
      .update(localPaymentIntents)
      .set({ ...values, updatedAt: clock() })
      .where(eq(localPaymentIntents.id, id))
      .returning();
    return toIntent(row!);
  }

  return {
    name: 'local' as const,
    publishableKey: null,

    async createPaymentIntent(input) {
      const [row] = await db
        .insert(localPaymentIntents)
        .values({
          id: token('pi'),
          clientSecret: `${token('pi')}_secret_${randomBytes(8).toString('hex')}`,
          amount: input.amount,
          currency: input.currency,
          status: 'requires_payment_method',
          metadata: input.metadata,
        })
        .returning();
      return toIntent(row!);
    },

    async retrievePaymentIntent(id) {
      const [row] = await db
        .select()
        .from(localPaymentIntents)
        .where(eq(localPaymentIntents.id, id))
        .limit(1);
      return row ? toIntent(row) : null;
    },

    async refundPaymentIntent(id, part) {
      if (!part) {
        await db
          .update(localPaymentIntents)
          .set({ refunded: true, amountRefunded: sql`${localPaymentIntents.amount}`, updatedAt: clock() })
          .where(eq(localPaymentIntents.id, id));
        return;
      }
      // As Stripe: a key seen before refunds nothing more; more than is left is refused, atomically.
      // The key is kept with the payment, in the same statement, so it holds across restarts.
      const { refunds } = localPaymentIntents;
      const [row] = await db
        .update(localPaymentIntents)
        .set({
          amountRefunded: sql`${localPaymentIntents.amountRefunded} + ${part.amount}`,
          refunded: sql`${localPaymentIntents.amountRefunded} + ${part.amount} >= ${localPaymentIntents.amount}`,
          refunds: sql`${refunds} || jsonb_build_object(${part.idempotencyKey}::text, ${part.amount}::int)`,
          updatedAt: clock(),
        })
        .where(
          and(
            eq(localPaymentIntents.id, id),
            eq(localPaymentIntents.status, 'succeeded'),
            sql`(${refunds} -> ${part.idempotencyKey}::text) is null`,
            sql`${localPaymentIntents.amountRefunded} + ${part.amount} <= ${localPaymentIntents.amount}`,
          ),
        )
        .returning({ id: localPaymentIntents.id });
      if (row) return;
      if (await findRefund(id, part.idempotencyKey)) return;
      throw invalid(LOCAL_REFUND_REFUSED);
    },

    findRefund,

    async forgetCustomer({ paymentIntentIds, emails }) {
      const matches = [
        ...(paymentIntentIds.length > 0 ? [inArray(localPaymentIntents.id, paymentIntentIds)] : []),
        ...(emails.length > 0
          ? [
              inArray(
                sql`lower(${localPaymentIntents.metadata}->>'clientEmail')`,
                emails.map((e) => e.toLowerCase()),
              ),
            ]
          : []),
      ];
      if (matches.length === 0) return;
      const [first, ...rest] = CUSTOMER_METADATA_KEYS;
      const without = rest.reduce(
        (value, key) => sql`${value} - ${key}`,
        sql`${localPaymentIntents.metadata} - ${first}`,
      );
      await db
        .update(localPaymentIntents)
        .set({ metadata: without, updatedAt: clock() })
        .where(or(...matches));
    },

    /** The browser's "confirm card payment": the test card decides what happens. */
    async confirmCard(clientSecret: string, input: LocalCardInput): Promise<PaymentIntent> {
      const row = await loadBySecret(clientSecret);
      if (row.status === 'succeeded') return toIntent(row);
      if (row.status !== 'requires_payment_method') throw new AppError('CONFLICT', LOCAL_CARD_ERRORS.state);
      const card = checkCard(input, clock());
      const digits = input.number.replace(/[\s-]/g, '');
      if (digits === TEST_CARDS.declined) {
        await save(row.id, { lastError: LOCAL_CARD_ERRORS.declined, card });
        throw new AppError('PAYMENT_DECLINED', LOCAL_CARD_ERRORS.declined);
      }
      if (digits === TEST_CARDS.authentication)
        return save(row.id, { status: 'requires_action', card, lastError: null });
      return save(row.id, { status: 'succeeded', card, lastError: null });
    },

    /** The cardholder approves or fails the bank's security check. */
    async authenticate(clientSecret: string, approve: boolean): Promise<PaymentIntent> {
      const row = await loadBySecret(clientSecret);
      if (row.status === 'succeeded') return toIntent(row);
      if (row.status !== 'requires_action') throw new AppError('CONFLICT', LOCAL_CARD_ERRORS.state);
      if (!approve) {
        await save(row.id, {
          status: 'requires_payment_method',
          lastError: LOCAL_CARD_ERRORS.authentication,
        });
        throw new AppError('PAYMENT_DECLINED', LOCAL_CARD_ERRORS.authentication);
      }
      // Conditional: a payment canceled meanwhile (its subscription replaced) must not be taken.
      const [passed] = await db
        .update(localPaymentIntents)
        .set({ status: 'succeeded', lastError: null, updatedAt: clock() })
        .where(and(eq(localPaymentIntents.id, row.id), eq(localPaymentIntents.status, 'requires_action')))
        .returning();
      if (!passed) throw new AppError('CONFLICT', LOCAL_CARD_ERRORS.state);
      return toIntent(passed);
    },
  } satisfies PaymentProvider & Record<string, unknown>;
}

export type LocalPaymentProvider = ReturnType<typeof createLocalPaymentProvider>;
