/**
 * The only statements that write `payments` (a test keeps it so). A booking, a subscription's
 * invoice, a payment staff record by hand and a refund all go through here, with the connection
 * or transaction of the caller so the payment commits with what it pays for.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { redacted } from '../../db/redact.ts';
import { payments } from '../../db/schema.ts';

export type NewPayment = typeof payments.$inferInsert;

/**
 * The id of a payment taken at the desk (cash, the business's own terminal): ours, not a
 * provider's, so no refund of it can go through the provider; staff give it back by hand.
 */
export const DESK_PAYMENT_PREFIX = 'desk_';
export const isDeskPayment = (providerPaymentId: string) => providerPaymentId.startsWith(DESK_PAYMENT_PREFIX);

export const paymentWrites = {
  async record(db: Db, values: NewPayment) {
    const [row] = await db.insert(payments).values(values).returning();
    return row!;
  },

  /**
   * Records a provider's payment once: the same invoice delivered twice inserts nothing (the
   * unique provider id decides, so two deliveries at once cannot both insert). True when new.
   */
  async recordOnce(db: Db, values: NewPayment & { providerPaymentId: string }) {
    const rows = await db
      .insert(payments)
      .values(values)
      .onConflictDoNothing({ target: payments.providerPaymentId })
      .returning({ id: payments.id });
    return rows.length > 0;
  },

  /** The money went back to the customer, all of it: the payment row says so. */
  async markRefunded(db: Db, providerPaymentId: string) {
    const [row] = await db
      .update(payments)
      .set({ status: 'refunded', refundedAmount: sql`greatest(${payments.amount}, 0)` })
      .where(eq(payments.providerPaymentId, providerPaymentId))
      .returning();
    return row;
  },

  /**
   * What the provider says a payment has given back in all (`refunded`, or all of it when
   * `whole`): recorded only when it is more than the row says, so events arriving late or twice
   * never take a refund back; the payment is `refunded` only once all of it went back, and stays
   * `completed` after a partial refund. The row when it changed.
   */
  async recordRefunded(
    db: Db,
    providerPaymentId: string,
    given: { refunded: number | null; whole: boolean },
  ) {
    const target = given.whole
      ? sql`greatest(${payments.amount}, 0)`
      : sql`least(greatest(${given.refunded ?? 0}::bigint, 0), greatest(${payments.amount}, 0))`;
    const [row] = await db
      .update(payments)
      .set({
        refundedAmount: sql`greatest(${payments.refundedAmount}, ${target})`,
        status: sql`case when ${target} >= ${payments.amount} then 'refunded' else ${payments.status} end`,
      })
      .where(
        and(
          eq(payments.providerPaymentId, providerPaymentId),
          sql`(${payments.refundedAmount} < ${target}
               or (${target} >= ${payments.amount} and ${payments.status} <> 'refunded'))`,
        ),
      )
      .returning();
    return row;
  },

  /**
   * The client was erased: their payments stay, as the law keeps money records, with amount,
   * currency, dates and provider ids, under the anonymous id instead of the client, and with any
   * words naming them taken out of the description. How many stay.
   */
  async anonymiseClient(db: Db, clientId: string, anonymousId: string, identifiers: string | null) {
    const rows = await db
      .update(payments)
      .set({
        clientId: null,
        anonymousClientId: anonymousId,
        ...(identifiers ? { description: redacted(payments.description, identifiers) } : {}),
      })
      .where(eq(payments.clientId, clientId))
      .returning({ id: payments.id });
    return rows.length;
  },
};
