import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { slotHolds } from '../../db/schema.ts';
import type { Busy } from '../../lib/slots.ts';

/**
 * In the caller's transaction: serializes everything that puts time on an employee's calendar
 * (a hold, a move, a reopen), so a check for overlaps and the write after it see the same calendar.
 */
export async function lockCalendar(tx: Db, employeeId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`calendar/${employeeId}`}, 0))`);
}

/**
 * In the caller's transaction: takes the employee's calendar lock (the one taking a hold takes
 * too), then answers whether a visitor holds any of that time to pay for it now. Whatever puts an
 * appointment on the calendar other than a booking (a move, a reopen) goes through here, so it
 * never lands on time someone is paying for.
 */
export async function lockSlotAndCheckHold(tx: Db, employeeId: string, blocked: Busy, now: Date) {
  await lockCalendar(tx, employeeId);
  const [hold] = await tx
    .select({ id: slotHolds.id })
    .from(slotHolds)
    .where(
      and(
        eq(slotHolds.employeeId, employeeId),
        sql`tstzrange(${slotHolds.blockedFrom}, ${slotHolds.blockedUntil}) && tstzrange(${blocked.start}, ${blocked.end})`,
        gt(slotHolds.expiresAt, now),
      ),
    )
    .limit(1);
  return Boolean(hold);
}
