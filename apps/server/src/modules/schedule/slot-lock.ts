import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { slotHolds } from '../../db/schema.ts';

/**
 * In the caller's transaction: takes the slot's advisory lock (the one taking a hold takes too),
 * then answers whether a visitor holds the slot to pay for it now. Whatever puts an appointment
 * into a slot other than a booking (a move, a reopen) goes through here, so it never lands on a
 * slot someone is paying for.
 */
export async function lockSlotAndCheckHold(tx: Db, employeeId: string, startsAt: Date, now: Date) {
  const slotKey = `${employeeId}/${startsAt.toISOString()}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${slotKey}, 0))`);
  const [hold] = await tx
    .select({ id: slotHolds.id })
    .from(slotHolds)
    .where(
      and(
        eq(slotHolds.employeeId, employeeId),
        eq(slotHolds.startsAt, startsAt),
        gt(slotHolds.expiresAt, now),
      ),
    )
    .limit(1);
  return Boolean(hold);
}
