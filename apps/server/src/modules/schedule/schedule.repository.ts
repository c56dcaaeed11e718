import { and, asc, eq, gt, gte, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  appointments,
  businessClosures,
  employeeDateOverrides,
  employees,
  slotHolds,
} from '../../db/schema.ts';
import type { DateExceptions } from '../../lib/slots.ts';
import { appointmentWrites } from '../appointments/appointment-writes.ts';
import { clientWrites } from '../clients/client-writes.ts';
import { paymentWrites } from '../payments/payment-writes.ts';

export type NewBooking = {
  employee: { id: string; name: string; email: string };
  client: { name: string; email: string; phone: string };
  startsAt: Date;
  endsAt: Date;
  bookedAt: Date;
  localDate: string;
  startTime: string;
  endTime: string;
  payment: {
    providerPaymentId: string;
    amount: number;
    currency: string;
    method: string;
    description: string;
  };
};

/** An employee's live (not cancelled) appointments starting in [from, to): the partial slot index serves it. */
export function liveAppointmentsStarting(employeeId: string, from: Date, to: Date) {
  return and(
    eq(appointments.employeeId, employeeId),
    ne(appointments.status, 'cancelled'),
    gte(appointments.startsAt, from),
    lt(appointments.startsAt, to),
  );
}

export function createScheduleRepository(db: Db) {
  return {
    async findActiveEmployeeByUsername(username: string) {
      const [row] = await db
        .select()
        .from(employees)
        .where(and(sql`lower(${employees.username}) = lower(${username})`, eq(employees.isActive, true)))
        .limit(1);
      return row;
    },

    async findActiveEmployeeById(id: string) {
      const [row] = await db
        .select()
        .from(employees)
        .where(and(eq(employees.id, id), eq(employees.isActive, true)))
        .limit(1);
      return row;
    },

    /** The employee's dated exceptions and the business's closures that touch local dates from..to. */
    async exceptions(employeeId: string, from: string, to: string): Promise<DateExceptions> {
      const [overrides, closures] = await Promise.all([
        db
          .select({
            fromDate: employeeDateOverrides.fromDate,
            toDate: employeeDateOverrides.toDate,
            ranges: employeeDateOverrides.ranges,
          })
          .from(employeeDateOverrides)
          .where(
            and(
              eq(employeeDateOverrides.employeeId, employeeId),
              lte(employeeDateOverrides.fromDate, to),
              gte(employeeDateOverrides.toDate, from),
            ),
          ),
        db
          .select({ fromDate: businessClosures.fromDate, toDate: businessClosures.toDate })
          .from(businessClosures)
          .where(and(lte(businessClosures.fromDate, to), gte(businessClosures.toDate, from))),
      ]);
      return { overrides, closures };
    },

    /** Starts of live appointments in [from, to). */
    async bookedStarts(employeeId: string, from: Date, to: Date) {
      return db
        .select({
          startsAt: appointments.startsAt,
          localDate: appointments.localDate,
          startTime: appointments.startTime,
        })
        .from(appointments)
        .where(liveAppointmentsStarting(employeeId, from, to))
        .orderBy(asc(appointments.startsAt));
    },

    /** Starts held by payments in progress, other than `exceptPaymentId`. */
    /** The starts taken between `from` and `to`: live appointments and holds not yet expired. */
    async takenStarts(employeeId: string, from: Date, to: Date, now: Date) {
      const result = await db.execute(sql`
        select starts_at from appointments
         where employee_id = ${employeeId} and status <> 'cancelled' and starts_at >= ${from} and starts_at < ${to}
        union all
        select starts_at from slot_holds
         where employee_id = ${employeeId} and expires_at > ${now} and starts_at >= ${from} and starts_at < ${to}`);
      return (result.rows as Array<{ starts_at: string | Date }>).map((row) => new Date(row.starts_at));
    },

    async heldStarts(employeeId: string, now: Date) {
      const rows = await db
        .select({ startsAt: slotHolds.startsAt })
        .from(slotHolds)
        .where(and(eq(slotHolds.employeeId, employeeId), gt(slotHolds.expiresAt, now)));
      return rows.map((row) => row.startsAt);
    },

    /**
     * Holds a slot in one transaction: drops the slot's expired hold and the visitor's own earlier
     * holds, then inserts unless a live appointment or a live hold has the slot, the employee's
     * day already has `limits.perDay` live holds, or the visitor's network (`rangeKey`: an IPv4
     * /24, an IPv6 /64) already has `limits.perRange`. Serialized by advisory locks on the
     * employee's day, the network and the slot (always in that order), so the bounds hold under
     * concurrency; the unique index on (employee, start) backs the slot up.
     */
    async takeHold(hold: {
      employeeId: string;
      startsAt: Date;
      expiresAt: Date;
      now: Date;
      providerPaymentId: string;
      clientIp: string;
      rangeKey: string;
      clientEmail: string | null;
      day: { key: string; from: Date; to: Date };
      limits: { perDay: number; perRange: number };
    }): Promise<'held' | 'booked' | 'day-busy' | 'range-busy' | { id: string }> {
      return db.transaction(async (tx) => {
        const lock = (key: string) =>
          tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
        await lock(`hold-day/${hold.employeeId}/${hold.day.key}`);
        await lock(`hold-range/${hold.rangeKey}`);
        const slotKey = `${hold.employeeId}/${hold.startsAt.toISOString()}`;
        await lock(slotKey);
        await tx
          .delete(slotHolds)
          .where(
            or(
              and(
                eq(slotHolds.employeeId, hold.employeeId),
                eq(slotHolds.startsAt, hold.startsAt),
                lte(slotHolds.expiresAt, hold.now),
              ),
              eq(slotHolds.clientIp, hold.clientIp),
              hold.clientEmail
                ? sql`lower(${slotHolds.clientEmail}) = lower(${hold.clientEmail})`
                : undefined,
            ),
          );
        const [booked] = await tx
          .select({ id: appointments.id })
          .from(appointments)
          .where(
            and(
              eq(appointments.employeeId, hold.employeeId),
              eq(appointments.startsAt, hold.startsAt),
              ne(appointments.status, 'cancelled'),
            ),
          )
          .limit(1)
          .for('share');
        if (booked) return 'booked';
        // Each count an index walk: the slot's and the day's by (employee, start), the network's by its key.
        const result = await tx.execute(sql`
          select exists(select 1 from slot_holds
                   where employee_id = ${hold.employeeId} and starts_at = ${hold.startsAt}
                     and expires_at > ${hold.now}) as held,
                 (select count(*)::int from slot_holds
                   where employee_id = ${hold.employeeId} and starts_at >= ${hold.day.from}
                     and starts_at < ${hold.day.to} and expires_at > ${hold.now}) as day,
                 (select count(*)::int from slot_holds
                   where client_range = ${hold.rangeKey} and expires_at > ${hold.now}) as range`);
        const counts = result.rows[0] as { held: boolean; day: number; range: number } | undefined;
        // Someone is paying for this very slot: say that, whatever the other bounds.
        if (counts?.held) return 'held';
        if (Number(counts?.day ?? 0) >= hold.limits.perDay) return 'day-busy';
        if (Number(counts?.range ?? 0) >= hold.limits.perRange) return 'range-busy';
        const [row] = await tx
          .insert(slotHolds)
          .values({
            employeeId: hold.employeeId,
            startsAt: hold.startsAt,
            expiresAt: hold.expiresAt,
            providerPaymentId: hold.providerPaymentId,
            clientIp: hold.clientIp,
            clientRange: hold.rangeKey,
            clientEmail: hold.clientEmail,
          })
          .onConflictDoNothing({ target: [slotHolds.employeeId, slotHolds.startsAt] })
          .returning({ id: slotHolds.id });
        return row ?? 'held';
      });
    },

    /** Names the payment opened for a hold taken before it existed. */
    async attachPayment(holdId: string, providerPaymentId: string) {
      await db.update(slotHolds).set({ providerPaymentId }).where(eq(slotHolds.id, holdId));
    },

    async releaseHoldById(holdId: string) {
      await db.delete(slotHolds).where(eq(slotHolds.id, holdId));
    },

    async releaseHold(providerPaymentId: string) {
      await db.delete(slotHolds).where(eq(slotHolds.providerPaymentId, providerPaymentId));
    },

    async findAppointmentByPayment(providerPaymentId: string) {
      const [row] = await db
        .select()
        .from(appointments)
        .where(eq(appointments.providerPaymentId, providerPaymentId))
        .limit(1);
      return row;
    },

    /**
     * The client, appointment, payment and history line in one transaction, with `effects`
     * (the notification, event and email other modules write) run inside it before the commit,
     * so none of them exists without the others.
     */
    async book(
      booking: NewBooking,
      effects: (tx: Db, appointment: typeof appointments.$inferSelect) => Promise<void> = async () => {},
    ) {
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const { client } = await clientWrites.findOrCreateByEmail(tx, booking.client.email, {
          name: booking.client.name,
          phone: booking.client.phone,
          status: 'active',
          source: 'website',
          assignedEmployeeId: booking.employee.id,
        });
        const clientId = client.id;
        const appointment = await appointmentWrites.book(
          tx,
          {
            employeeId: booking.employee.id,
            employeeName: booking.employee.name,
            employeeEmail: booking.employee.email,
            clientId,
            clientName: booking.client.name,
            clientEmail: booking.client.email,
            clientPhone: booking.client.phone,
            startsAt: booking.startsAt,
            endsAt: booking.endsAt,
            localDate: booking.localDate,
            startTime: booking.startTime,
            endTime: booking.endTime,
            providerPaymentId: booking.payment.providerPaymentId,
          },
          { actor: 'customer', at: booking.bookedAt },
        );
        await paymentWrites.record(tx, {
          clientId,
          appointmentId: appointment.id,
          amount: booking.payment.amount,
          currency: booking.payment.currency,
          status: 'completed',
          paymentMethod: booking.payment.method,
          description: booking.payment.description,
          providerPaymentId: booking.payment.providerPaymentId,
        });
        await effects(tx, appointment);
        return { appointment, clientId };
      });
    },
  };
}

export type ScheduleRepository = ReturnType<typeof createScheduleRepository>;
