import type { CustomerLanguage } from '@chatdesk/contract/customer-texts';
import type { AppointmentActor } from '@chatdesk/contract/manage-booking';
import { and, asc, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { appointmentEvents, appointments, clientPacks, employees, payments } from '../../db/schema.ts';
import { isSlotConflict } from '../../lib/app-error.ts';
import type { Busy } from '../../lib/slots.ts';
import { appointmentWrites } from '../appointments/appointment-writes.ts';
import { packWrites } from '../packs/pack-writes.ts';
import { paymentWrites } from '../payments/payment-writes.ts';
import { lockSlotAndCheckHold } from '../schedule/slot-lock.ts';

export type ManagedAppointmentRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createManageBookingRepository>['findByToken']>>
>;

export type Move = {
  appointmentId: string;
  /** The start the customer saw: a move from any other start is refused (someone changed it meanwhile). */
  fromStartsAt: Date;
  fromDate: string;
  fromTime: string;
  employeeId: string;
  startsAt: Date;
  endsAt: Date;
  /** The calendar time it takes at the new start (its buffers included). */
  blocked: Busy;
  localDate: string;
  startTime: string;
  endTime: string;
  /** Its service's daily cap, checked on the new date under the calendar lock. */
  cap: { serviceId: string; dailyCap: number } | null;
  now: Date;
  actor: AppointmentActor;
};

const appointmentWithPayment = {
  id: appointments.id,
  status: appointments.status,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  blockedFrom: appointments.blockedFrom,
  blockedUntil: appointments.blockedUntil,
  serviceId: appointments.serviceId,
  classTimeId: appointments.classTimeId,
  serviceName: appointments.serviceName,
  localDate: appointments.localDate,
  startTime: appointments.startTime,
  endTime: appointments.endTime,
  employeeId: appointments.employeeId,
  employeeName: appointments.employeeName,
  clientId: appointments.clientId,
  clientName: appointments.clientName,
  clientEmail: appointments.clientEmail,
  clientPhone: appointments.clientPhone,
  /** The client's language, for what they are sent (null: not known). */
  clientLanguage: sql<CustomerLanguage | null>`(select c.language from clients c where c.id = ${appointments.clientId})`,
  manageToken: appointments.manageToken,
  providerPaymentId: appointments.providerPaymentId,
  /** Whether its employee is still active and taking bookings (moving needs their calendar). */
  employeeBookable: sql<boolean>`coalesce(${employees.isActive} and ${employees.takesBookings}, false)`,
  payment: {
    amount: payments.amount,
    currency: payments.currency,
    status: payments.status,
    refundedAmount: payments.refundedAmount,
  },
  /** A pack session paid for it and has not been given back (two lookups of the ledger's unique indexes). */
  packSession: sql<boolean>`(exists(select 1 from pack_ledger u where u.appointment_id = "appointments"."id" and u.kind = 'use')
    and not exists(select 1 from pack_ledger r where r.appointment_id = "appointments"."id" and r.kind = 'return'))`,
};

export function createManageBookingRepository(db: Db) {
  const find = (where: ReturnType<typeof eq>) =>
    db
      .select(appointmentWithPayment)
      .from(appointments)
      .leftJoin(employees, eq(employees.id, appointments.employeeId))
      .leftJoin(payments, eq(payments.providerPaymentId, appointments.providerPaymentId))
      .where(where)
      .limit(1)
      .then(([row]) => row);

  return {
    findByToken: (token: string) => find(eq(appointments.manageToken, token)),
    findById: (id: string) => find(eq(appointments.id, id)),

    /**
     * Scheduled appointments starting after `now` of the client(s) with these phone digits (the
     * chat–client key), or booked with that phone: the customer writing from it.
     */
    async upcomingForPhone(phoneDigits: string, now: Date) {
      return db
        .select({
          ...appointmentWithPayment,
          employeeUsername: employees.username,
          // Booked as the default service (or, with no service kept, under its name): no name to tell it by.
          defaultService: sql<boolean>`coalesce(
            (select s.is_default from services s where s.id = ${appointments.serviceId}),
            ${appointments.serviceName} = (select d.name from services d where d.is_default),
            false)`,
        })
        .from(appointments)
        .leftJoin(employees, eq(employees.id, appointments.employeeId))
        .leftJoin(payments, eq(payments.providerPaymentId, appointments.providerPaymentId))
        .where(
          and(
            eq(appointments.status, 'scheduled'),
            gt(appointments.startsAt, now),
            sql`(${appointments.clientId} in (select id from clients where phone_digits = ${phoneDigits})
                 or ${appointments.clientPhoneDigits} = ${phoneDigits})`,
          ),
        )
        .orderBy(asc(appointments.startsAt))
        .limit(10);
    },

    /**
     * The packs of the client(s) with these phone digits that have not expired nor been refunded,
     * soonest to expire first: what the assistant tells a client who asks how many sessions they have left.
     */
    async packsForPhone(phoneDigits: string, now: Date) {
      return db
        .select({
          name: clientPacks.name,
          serviceName: clientPacks.serviceName,
          sessionsTotal: clientPacks.sessionsTotal,
          sessionsLeft: clientPacks.sessionsLeft,
          expiresAt: clientPacks.expiresAt,
        })
        .from(clientPacks)
        .where(
          and(
            gt(clientPacks.expiresAt, now),
            // A refunded pack's money went back: it is no longer the client's to book with.
            isNull(clientPacks.refundedAt),
            sql`${clientPacks.clientId} in (select id from clients where phone_digits = ${phoneDigits})`,
          ),
        )
        .orderBy(asc(clientPacks.expiresAt))
        .limit(10);
    },

    /**
     * The client with these phone digits (the oldest), and whether any upcoming appointment was
     * booked with them: one indexed read, enough for the numbers that are nobody's.
     */
    async whoHasPhone(phoneDigits: string, now: Date) {
      const result = await executePrepared(
        db,
        sql`
        select (select name from clients where phone_digits = ${phoneDigits} order by created_at limit 1) as "clientName",
               exists(select 1 from appointments
                       where client_phone_digits = ${phoneDigits} and status = 'scheduled' and starts_at > ${now}) as "booked"`,
      );
      const row = result.rows[0] as { clientName: string | null; booked: boolean };
      return { clientName: row.clientName, booked: Boolean(row.booked) };
    },

    /** The pack whose session paid for the appointment, as it stands now, and whether the session went back. */
    async packOf(appointmentId: string) {
      const result = await db.execute(sql`
        select p.name, p.sessions_left as "sessionsLeft", p.sessions_total as "sessionsTotal",
               p.expires_at as "expiresAt",
               exists(select 1 from pack_ledger r where r.appointment_id = u.appointment_id and r.kind = 'return') as returned
          from pack_ledger u join client_packs p on p.id = u.client_pack_id
         where u.appointment_id = ${appointmentId}::uuid and u.kind = 'use'`);
      const row = result.rows[0] as
        | {
            name: string;
            sessionsLeft: number;
            sessionsTotal: number;
            expiresAt: Date | string;
            returned: boolean;
          }
        | undefined;
      return row && { ...row, expiresAt: new Date(row.expiresAt) };
    },

    async history(appointmentId: string) {
      return db
        .select({
          kind: appointmentEvents.kind,
          actor: appointmentEvents.actor,
          data: appointmentEvents.data,
          createdAt: appointmentEvents.createdAt,
        })
        .from(appointmentEvents)
        .where(eq(appointmentEvents.appointmentId, appointmentId))
        .orderBy(asc(appointmentEvents.seq));
    },

    /**
     * Cancels a scheduled appointment still at the start the customer saw, and writes it in the
     * history in the same transaction. A refund owed is recorded with the cancellation
     * (`refund: 'due'`), so a refund that the process dies before making is still found and made.
     * Answers false when the appointment had changed (a second click, a concurrent move).
     */
    async cancel(input: {
      appointmentId: string;
      startsAt: Date;
      at: Date;
      actor: AppointmentActor;
      refund: { amount: number; currency: string } | null;
      /** Give back the pack session it was paid with, in the same transaction. */
      returnSession?: { employeeId: string | null } | false;
    }): Promise<boolean> {
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const cancelled = await appointmentWrites.cancelIfUnchanged(tx, input.appointmentId, input.startsAt, {
          actor: input.actor,
          createdAt: input.at,
          data: input.refund ? { refund: 'due', ...input.refund } : {},
        });
        if (cancelled && input.returnSession)
          await packWrites.returnSession(tx, {
            appointmentId: input.appointmentId,
            at: input.at,
            by: { actor: input.actor, employeeId: input.returnSession.employeeId },
          });
        return cancelled;
      });
    },

    /**
     * Moves an appointment to another time of its employee in one transaction: serialised with
     * holds by the calendar lock that `takeHold` takes, refused when a visitor holds any of that
     * time for payment or the service's daily cap is reached that day, and refused by the
     * no-overlap constraint when another appointment takes any of it (two moves into one time:
     * one wins). The old time is free once this commits, never before the new one is taken.
     */
    async move(move: Move): Promise<'moved' | 'changed' | 'held' | 'taken' | 'full'> {
      try {
        return await db.transaction(async (txn) => {
          const tx = txn as unknown as Db;
          if (await lockSlotAndCheckHold(tx, move.employeeId, move.blocked, move.now)) return 'held';
          if (move.cap) {
            const [row] = await tx
              .select({ value: count() })
              .from(appointments)
              .where(
                and(
                  eq(appointments.employeeId, move.employeeId),
                  eq(appointments.serviceId, move.cap.serviceId),
                  eq(appointments.localDate, move.localDate),
                  ne(appointments.status, 'cancelled'),
                  ne(appointments.id, move.appointmentId),
                ),
              );
            if ((row?.value ?? 0) >= move.cap.dailyCap) return 'full';
          }
          const moved = await appointmentWrites.moveIfUnchanged(
            tx as unknown as Db,
            move.appointmentId,
            move.fromStartsAt,
            {
              startsAt: move.startsAt,
              endsAt: move.endsAt,
              blockedFrom: move.blocked.start,
              blockedUntil: move.blocked.end,
              localDate: move.localDate,
              startTime: move.startTime,
              endTime: move.endTime,
            },
            {
              actor: move.actor,
              at: move.now,
              data: {
                fromDate: move.fromDate,
                fromTime: move.fromTime,
                toDate: move.localDate,
                toTime: move.startTime,
              },
            },
          );
          if (!moved) return 'changed';
          return 'moved';
        });
      } catch (error) {
        if (isSlotConflict(error)) return 'taken';
        throw error;
      }
    },

    async addEvent(event: typeof appointmentEvents.$inferInsert) {
      await appointmentWrites.record(db, event);
    },

    /** The customer's payment is given back: the payment row says so. */
    async markPaymentRefunded(providerPaymentId: string) {
      await paymentWrites.markRefunded(db, providerPaymentId);
    },

    /**
     * Cancellations that owe a refund with neither a refund nor a failed one recorded after them,
     * older than `before` (younger ones are still being handled by the request that made them).
     */
    async refundsDue(before: Date) {
      const result = await db.execute(sql`
        select e.appointment_id as "appointmentId", a.provider_payment_id as "providerPaymentId",
               (e.data->>'amount')::int as amount, e.data->>'currency' as currency, e.actor
          from appointment_events e
          join appointments a on a.id = e.appointment_id
         where e.kind = 'cancelled' and e.data->>'refund' = 'due' and e.created_at < ${before}
           and a.provider_payment_id is not null
           and not exists (
             select 1 from appointment_events r
              where r.appointment_id = e.appointment_id and r.kind in ('refunded', 'refund_failed')
                and r.seq > e.seq)
         limit 50`);
      return result.rows as Array<{
        appointmentId: string;
        providerPaymentId: string;
        amount: number;
        currency: string;
        actor: AppointmentActor;
      }>;
    },
  };
}

export type ManageBookingRepository = ReturnType<typeof createManageBookingRepository>;
