import { and, asc, count, desc, eq, gt, gte, lte, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointmentDayCounts, appointments, classTimes, payments } from '../../db/schema.ts';
import { searchMatchesTextOrNumber } from '../../db/search.ts';
import { sqlState } from '../../lib/app-error.ts';
import { lockSlotAndCheckHold } from '../schedule/slot-lock.ts';
import { appointmentWrites } from './appointment-writes.ts';

export type AppointmentRow = typeof appointments.$inferSelect;
export type PaymentRow = { amount: number; currency: string; status: string };
export type PackSessionRow = { clientPackId: string; name: string; returned: boolean };

/**
 * The pack session that paid for the appointment, if one did (the ledger's unique use row). The
 * outer column is named in full: drizzle writes a lone `"id"` for a one-table select, which the
 * subquery's own tables would take for theirs.
 */
const packSession = sql<PackSessionRow | null>`(
  select json_build_object('clientPackId', cp.id, 'name', cp.name, 'returned',
           exists(select 1 from pack_ledger r where r.appointment_id = u.appointment_id and r.kind = 'return'))
    from pack_ledger u join client_packs cp on cp.id = u.client_pack_id
   where u.appointment_id = "appointments"."id" and u.kind = 'use')`;

/** The database refused to delete a live one-to-one booking whose time has a waitlist (migration 0056). */
function isWaitedForTime(error: unknown) {
  if (sqlState(error) !== '23001') return false;
  const candidates = [error, (error as { cause?: unknown })?.cause];
  return candidates.some((candidate) =>
    String((candidate as { message?: unknown })?.message ?? '').includes('appointments_waited_for'),
  );
}

/** What a status change did, or why it did nothing. */
export type StatusUpdate =
  | { kind: 'updated'; row: AppointmentRow; from: AppointmentRow['status'] }
  | { kind: 'missing' }
  | { kind: 'reopen-needed' }
  | { kind: 'held' }
  | { kind: 'session-returned' };
export type AppointmentFilter = {
  status?: AppointmentRow['status'];
  startDate?: string;
  endDate?: string;
  clientId?: string;
  serviceId?: string;
  /** Matched against `search_text` through its trigram index. */
  search?: string;
  /** Scheduled and starting after this moment, soonest first. */
  upcomingAfter?: Date;
};

export function createAppointmentsRepository(db: Db) {
  const where = (filter: AppointmentFilter) => {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(appointments.status, filter.status));
    if (filter.startDate) conditions.push(gte(appointments.localDate, filter.startDate));
    if (filter.endDate) conditions.push(lte(appointments.localDate, filter.endDate));
    if (filter.clientId) conditions.push(eq(appointments.clientId, filter.clientId));
    if (filter.serviceId) conditions.push(eq(appointments.serviceId, filter.serviceId));
    if (filter.search)
      conditions.push(searchMatchesTextOrNumber(sql`${appointments.searchText}`, filter.search));
    if (filter.upcomingAfter) {
      conditions.push(eq(appointments.status, 'scheduled'), gt(appointments.startsAt, filter.upcomingAfter));
    }
    return and(...conditions);
  };

  /**
   * The exact number of appointments the filter matches. A client's, a service's, a search's and
   * the upcoming ones are counted directly, each through its index; otherwise the per-day counts the triggers
   * keep are summed, so the cost follows the dates asked for, not how many appointments there are.
   */
  const total = async (filter: AppointmentFilter): Promise<number> => {
    if (filter.clientId || filter.serviceId || filter.search || filter.upcomingAfter) {
      const [row] = await db.select({ value: count() }).from(appointments).where(where(filter));
      return row?.value ?? 0;
    }
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(appointmentDayCounts.status, filter.status));
    if (filter.startDate) conditions.push(gte(appointmentDayCounts.localDate, filter.startDate));
    if (filter.endDate) conditions.push(lte(appointmentDayCounts.localDate, filter.endDate));
    const [row] = await db
      .select({ value: sum(appointmentDayCounts.count).mapWith(Number) })
      .from(appointmentDayCounts)
      .where(and(...conditions));
    return row?.value ?? 0;
  };

  /** Whether the filter's appointments are counted per day (see `total`). */
  const countedByDay = (filter: AppointmentFilter) =>
    !(filter.clientId || filter.serviceId || filter.search || filter.upcomingAfter);

  /**
   * The day the row at `offset` falls on (newest day first) and its place within the rows from that
   * day back; undefined when the filter has no such row.
   */
  const dayOfRow = async (filter: AppointmentFilter, offset: number) => {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(appointmentDayCounts.status, filter.status));
    if (filter.startDate) conditions.push(gte(appointmentDayCounts.localDate, filter.startDate));
    if (filter.endDate) conditions.push(lte(appointmentDayCounts.localDate, filter.endDate));
    const result = await db.execute(sql`
      with days as (
        select local_date, sum(count)::int as n from ${appointmentDayCounts}
         ${conditions.length ? sql`where ${and(...conditions)}` : sql``}
         group by local_date
      ), running as (
        select local_date, n, sum(n) over (order by local_date desc) as through from days
      )
      select local_date::text as day, (${offset} - (through - n))::int as "offset"
        from running where through > ${offset} order by local_date desc limit 1`);
    return result.rows[0] as { day: string; offset: number } | undefined;
  };

  return {
    /**
     * A page of appointments, each with the booking payment it was paid with (null when none):
     * newest day first (the upcoming ones soonest first). Without a client, service or search, a
     * page past the first starts at its day, found by summing the per-day counts, and skips only
     * that day's earlier rows, so the last page costs what the first does.
     */
    async page(filter: AppointmentFilter, page: number, limit: number) {
      const offset = (page - 1) * limit;
      const [start, matching] = await Promise.all([
        offset > 0 && countedByDay(filter) ? dayOfRow(filter, offset) : { day: undefined, offset },
        total(filter),
      ]);
      if (!start) return { rows: [], total: matching };
      const rows = await db
        .select({
          appointment: appointments,
          payment: { amount: payments.amount, currency: payments.currency, status: payments.status },
          pack: packSession,
        })
        .from(appointments)
        .leftJoin(payments, eq(payments.providerPaymentId, appointments.providerPaymentId))
        .where(and(where(filter), start.day ? lte(appointments.localDate, start.day) : undefined))
        .orderBy(
          ...(filter.upcomingAfter
            ? [asc(appointments.startsAt), asc(appointments.id)]
            : [desc(appointments.localDate), desc(appointments.startsAt), asc(appointments.id)]),
        )
        .limit(limit)
        .offset(start.offset);
      return { rows, total: matching };
    },
    async findById(id: string) {
      const [row] = await db.select().from(appointments).where(eq(appointments.id, id)).limit(1);
      return row;
    },
    async packOf(id: string): Promise<PackSessionRow | null> {
      const [row] = await db.select({ pack: packSession }).from(appointments).where(eq(appointments.id, id));
      return row?.pack ?? null;
    },
    /**
     * The seats of the class time an appointment is a seat of, live and cancelled, in booking
     * order, each with its payment and pack session; undefined when it is no class's seat.
     */
    async roster(id: string) {
      const [seat] = await db
        .select({ classTimeId: appointments.classTimeId })
        .from(appointments)
        .where(eq(appointments.id, id));
      if (!seat?.classTimeId) return undefined;
      const [classTime] = await db.select().from(classTimes).where(eq(classTimes.id, seat.classTimeId));
      const rows = await db
        .select({
          appointment: appointments,
          payment: { amount: payments.amount, currency: payments.currency, status: payments.status },
          pack: packSession,
        })
        .from(appointments)
        .leftJoin(payments, eq(payments.providerPaymentId, appointments.providerPaymentId))
        .where(eq(appointments.classTimeId, seat.classTimeId))
        .orderBy(asc(appointments.createdAt), asc(appointments.id));
      return { classTime: classTime!, rows };
    },

    /** The payment a visitor made when booking (by the provider's id the appointment keeps). */
    async paymentOf(providerPaymentId: string) {
      const [row] = await db
        .select({ amount: payments.amount, currency: payments.currency, status: payments.status })
        .from(payments)
        .where(eq(payments.providerPaymentId, providerPaymentId))
        .limit(1);
      return row;
    },
    /**
     * Sets the status and notes it in the history, in one transaction (an unchanged status writes
     * no history). Leaving `cancelled` needs `reopen`, and the update itself says so, so a
     * concurrent change cannot slip past it; a reopened appointment takes its slot again, so it
     * is refused while a visitor holds that slot to pay (the hold's advisory lock, as a move takes
     * it) and, by the no-overlap constraint, when another appointment takes any of its time.
     */
    async updateStatus(
      id: string,
      status: AppointmentRow['status'],
      at: Date,
      reopen: boolean,
    ): Promise<StatusUpdate> {
      return db.transaction(async (tx) => {
        const [slot] = await tx
          .select({
            employeeId: appointments.employeeId,
            blockedFrom: appointments.blockedFrom,
            blockedUntil: appointments.blockedUntil,
          })
          .from(appointments)
          .where(eq(appointments.id, id));
        if (!slot) return { kind: 'missing' };
        if (reopen && status !== 'cancelled' && slot.employeeId) {
          const blocked = { start: slot.blockedFrom, end: slot.blockedUntil };
          if (await lockSlotAndCheckHold(tx as unknown as Db, slot.employeeId, blocked, at))
            return { kind: 'held' };
        }
        const [before] = await tx
          .select({ status: appointments.status })
          .from(appointments)
          .where(eq(appointments.id, id))
          .for('update');
        if (!before) return { kind: 'missing' };
        // A session given back when it was cancelled is the client's again: reopening cannot take it.
        if (reopen && before.status === 'cancelled' && status !== 'cancelled') {
          const [pack] = await tx
            .select({ pack: packSession })
            .from(appointments)
            .where(eq(appointments.id, id));
          if (pack?.pack?.returned) return { kind: 'session-returned' };
        }
        const row = await appointmentWrites.setStatus(tx as unknown as Db, id, status, {
          from: before.status,
          at,
          reopen,
        });
        if (!row) return { kind: 'reopen-needed' };
        return { kind: 'updated', row, from: before.status };
      });
    },

    /**
     * Deletes an appointment nobody paid for (see `appointmentWrites.deleteUnpaid`). 'waited-for':
     * a live one-to-one booking whose time people wait for, which the database keeps (migration
     * 0056) so that its time is freed by a cancel, which offers it.
     */
    async delete(id: string): Promise<'deleted' | 'paid' | 'held' | 'waited-for' | 'missing'> {
      try {
        if (await appointmentWrites.deleteUnpaid(db, id)) return 'deleted';
      } catch (error) {
        if (isWaitedForTime(error)) return 'waited-for';
        throw error;
      }
      const [kept] = await db
        .select({ id: appointments.id, heldFrom: appointments.heldFrom })
        .from(appointments)
        .where(eq(appointments.id, id))
        .limit(1);
      if (!kept) return 'missing';
      return kept.heldFrom ? 'held' : 'paid';
    },
  };
}

export type AppointmentsRepository = ReturnType<typeof createAppointmentsRepository>;
