import { randomUUID } from 'node:crypto';
import type { CustomerLanguage } from '@chatdesk/contract/customer-texts';
import type { TimeRange } from '@chatdesk/contract/employees';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  appointments,
  classTimes,
  clients,
  conversations,
  employees,
  serviceEmployees,
  services,
  slotHolds,
} from '../../db/schema.ts';
import { isClassFull, isSlotConflict } from '../../lib/app-error.ts';
import type { Busy, DateExceptions } from '../../lib/slots.ts';
import { appointmentWrites } from '../appointments/appointment-writes.ts';
import { clientWrites } from '../clients/client-writes.ts';
import { packWrites } from '../packs/pack-writes.ts';
import { DESK_PAYMENT_PREFIX, paymentWrites } from '../payments/payment-writes.ts';
import { lockCalendar, lockSlotAndCheckHold } from './slot-lock.ts';

export type NewBooking = {
  employee: { id: string; name: string; email: string };
  client: { name: string; email: string; phone: string };
  /** `seats`: a class, of which this booking takes one seat (decision 024). */
  service: { id: string; name: string; priceAmount: number; currency: string; seats: number | null };
  startsAt: Date;
  endsAt: Date;
  /** Start to end widened by the service's buffers. */
  blocked: Busy;
  bookedAt: Date;
  localDate: string;
  startTime: string;
  endTime: string;
  /** The ref of the chat conversation whose booking link it came from, if any (unknown ones count for nothing). */
  chatRef?: string | undefined;
  /** The language the booking page was read in: a client not yet known by one is known by it. */
  language?: CustomerLanguage | undefined;
  /** What paid for it; null for a free service, which then carries `free`. */
  payment: {
    providerPaymentId: string;
    amount: number;
    currency: string;
    method: string;
    description: string;
  } | null;
  /**
   * A free booking has no hold before it: its checks run in its transaction, under the calendar
   * lock, and it counts against the upcoming free bookings of its network and email.
   */
  free?: {
    now: Date;
    serviceId: string;
    dailyCap: number | null;
    network: string;
    limits: { perNetwork: number; perEmail: number };
  };
};

/** Why a free booking was refused in its transaction. */
export class BookingRefused extends Error {
  readonly reason: 'held' | 'full' | 'free-limit';
  constructor(reason: 'held' | 'full' | 'free-limit') {
    super(reason);
    this.reason = reason;
  }
}

/** A booking to be paid with a pack found no session left: its transaction is rolled back. */
class NoSessionLeft extends Error {}

/** Leaves out the appointments a schedule is read without (one being moved, those a waitlist would free). */
function notOneOf(except: string | readonly string[] | undefined) {
  const ids = typeof except === 'string' ? [except] : (except ?? []);
  if (ids.length === 0) return sql``;
  return sql`and id not in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** An employee's live (not cancelled) appointments starting in [from, to): the partial slot index serves it. */
export function liveAppointmentsStarting(employeeId: string, from: Date, to: Date) {
  return and(
    eq(appointments.employeeId, employeeId),
    ne(appointments.status, 'cancelled'),
    gte(appointments.startsAt, from),
    lt(appointments.startsAt, to),
  );
}

/**
 * In a free booking's transaction: the calendar lock, no visitor paying for any of its time, the
 * service's daily cap, and the upcoming free bookings of the visitor's network and email.
 */
async function checkFreeBooking(tx: Db, booking: NewBooking, free: NonNullable<NewBooking['free']>) {
  if (await lockSlotAndCheckHold(tx, booking.employee.id, booking.blocked, free.now))
    throw new BookingRefused('held');
  if (free.dailyCap !== null) {
    const [row] = await tx
      .select({ value: count() })
      .from(appointments)
      .where(
        and(
          eq(appointments.employeeId, booking.employee.id),
          eq(appointments.serviceId, free.serviceId),
          eq(appointments.localDate, booking.localDate),
          ne(appointments.status, 'cancelled'),
        ),
      );
    if ((row?.value ?? 0) >= free.dailyCap) throw new BookingRefused('full');
  }
  const result = await tx.execute(sql`
    select (select count(*)::int from appointments
             where client_range = ${free.network} and status = 'scheduled' and starts_at > ${free.now}) as network,
           (select count(*)::int from appointments
             where lower(client_email) = lower(${booking.client.email}) and price_amount = 0
               and status = 'scheduled' and starts_at > ${free.now}) as email`);
  const counts = result.rows[0] as { network: number; email: number } | undefined;
  if (
    Number(counts?.network ?? 0) >= free.limits.perNetwork ||
    Number(counts?.email ?? 0) >= free.limits.perEmail
  )
    throw new BookingRefused('free-limit');
}

/** The columns of a new appointment that say what was booked, at what price, and the time it takes. */
function bookedTime(booking: {
  service: { id: string; name: string; priceAmount: number; currency: string };
  startsAt: Date;
  endsAt: Date;
  blocked: Busy;
  localDate: string;
  startTime: string;
  endTime: string;
}) {
  return {
    serviceId: booking.service.id,
    serviceName: booking.service.name,
    priceAmount: booking.service.priceAmount,
    priceCurrency: booking.service.currency,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    blockedFrom: booking.blocked.start,
    blockedUntil: booking.blocked.end,
    localDate: booking.localDate,
    startTime: booking.startTime,
    endTime: booking.endTime,
  };
}

/** In a booking's transaction: the class time a seat of a class service joins (null for one-to-one). */
function classTimeOf(
  tx: Db,
  booking: { employee: { id: string }; service: { id: string; seats: number | null }; startsAt: Date },
) {
  if (!booking.service.seats) return Promise.resolve(null);
  return appointmentWrites.classTimeFor(tx, {
    employeeId: booking.employee.id,
    serviceId: booking.service.id,
    startsAt: booking.startsAt,
    seats: booking.service.seats,
  });
}

/**
 * The employee's dated exceptions and the business's closures touching local dates from..to, as
 * one JSON array (a closure is an entry without ranges), to read along with other things.
 */
function exceptionsJson(employeeId: string, from: string, to: string) {
  return sql`(select coalesce(json_agg(json_build_array(e.from_date::text, e.to_date::text, e.ranges)), '[]') from (
      select from_date, to_date, ranges from employee_date_overrides
       where employee_id = ${employeeId} and from_date <= ${to} and to_date >= ${from}
      union all
      select from_date, to_date, null from business_closures where from_date <= ${to} and to_date >= ${from}
    ) e)`;
}

function toExceptions(json: unknown): DateExceptions {
  const entries = (typeof json === 'string' ? JSON.parse(json) : json) as Array<
    [string, string, TimeRange[] | null]
  >;
  return {
    overrides: entries.flatMap(([fromDate, toDate, ranges]) =>
      ranges ? [{ fromDate, toDate, ranges }] : [],
    ),
    closures: entries.flatMap(([fromDate, toDate, ranges]) => (ranges ? [] : [{ fromDate, toDate }])),
  };
}

export function createScheduleRepository(db: Db) {
  return {
    /** What a booking page shows of an active employee (not their password hash or contact details). */
    async findActiveEmployeeByUsername(username: string) {
      const [row] = await db
        .select({
          id: employees.id,
          name: employees.name,
          username: employees.username,
          title: employees.title,
          locations: employees.locations,
          availability: employees.availability,
          takesBookings: employees.takesBookings,
        })
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
      const result = await db.execute(sql`select ${exceptionsJson(employeeId, from, to)} as exceptions`);
      return toExceptions((result.rows[0] as { exceptions: unknown }).exceptions);
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

    /**
     * What a schedule is laid out around, in one statement: the calendar time taken between `from`
     * and `to` (live appointments and holds not yet expired, each with its buffers, other than the
     * appointment `exceptAppointmentId`, the one being moved, and the busy events of the
     * employee's own calendars) and the dated exceptions of local dates `fromDate`..`toDate`.
     * The gist index of the no-overlap constraints finds the time by employee and range. An
     * appointment's interval carries its start (`booked`), which the public schedule lists.
     */
    async calendar(
      employeeId: string,
      range: { from: Date; to: Date; fromDate: string; toDate: string },
      now: Date,
      exceptAppointmentId?: string | readonly string[],
    ): Promise<{
      busy: Array<Busy & { booked?: { startsAt: Date; localDate: string; startTime: string } }>;
      exceptions: DateExceptions;
    }> {
      const { from, to } = range;
      // JSON, not rows: eight weeks of a busy calendar are hundreds of intervals, and decoding them
      // as rows cost more than everything else the public schedule does (bench/service-slots.ts).
      // Each interval is [from, until, starts, date, time], instants in epoch milliseconds.
      const result = await db.execute(sql`
        select (select coalesce(json_agg(json_build_array(
                 (extract(epoch from f) * 1000)::bigint, (extract(epoch from u) * 1000)::bigint,
                 (extract(epoch from s) * 1000)::bigint, d, t)), '[]')
          from (
            select blocked_from as f, blocked_until as u, starts_at as s, local_date::text as d, start_time as t
              from appointments
             where employee_id = ${employeeId} and status <> 'cancelled'
               and tstzrange(blocked_from, blocked_until) && tstzrange(${from}, ${to})
               ${notOneOf(exceptAppointmentId)}
            union all
            -- Time held for a waitlist offer (decision 026's addendum) is taken as a booking's is.
            select held_from, held_until, null, null, null from appointments
             where employee_id = ${employeeId} and held_from is not null
               and tstzrange(held_from, held_until) && tstzrange(${from}, ${to})
               ${notOneOf(exceptAppointmentId)}
            union all
            select blocked_from, blocked_until, null, null, null from slot_holds
             where employee_id = ${employeeId} and expires_at > ${now}
               and tstzrange(blocked_from, blocked_until) && tstzrange(${from}, ${to})
            union all
            select starts_at, ends_at, null, null, null from calendar_busy
             where employee_id = ${employeeId} and tstzrange(starts_at, ends_at) && tstzrange(${from}, ${to})
          ) taken) as intervals,
          ${exceptionsJson(employeeId, range.fromDate, range.toDate)} as exceptions`);
      type Interval = [number, number, number | null, string | null, string | null];
      const row = result.rows[0] as { intervals: Interval[] | string; exceptions: unknown };
      const intervals: Interval[] =
        typeof row.intervals === 'string' ? JSON.parse(row.intervals) : row.intervals;
      return {
        // An appointment's interval also says when it starts, for the public schedule's booked list.
        busy: intervals.map(([start, end, startsAt, localDate, startTime]) => ({
          start: new Date(start),
          end: new Date(end),
          ...(startsAt !== null && localDate && startTime
            ? { booked: { startsAt: new Date(startsAt), localDate, startTime } }
            : {}),
        })),
        exceptions: toExceptions(row.exceptions),
      };
    },

    /**
     * The employee's class times of a service starting in [from, to) that still have a seat:
     * their start and the seats left (decision 024).
     */
    async openClassTimes(employeeId: string, serviceId: string, from: Date, to: Date) {
      const rows = await db
        .select({ startsAt: classTimes.startsAt, seats: classTimes.seats, taken: classTimes.seatsTaken })
        .from(classTimes)
        .where(
          and(
            eq(classTimes.employeeId, employeeId),
            eq(classTimes.serviceId, serviceId),
            gte(classTimes.startsAt, from),
            lt(classTimes.startsAt, to),
            gt(classTimes.seatsTaken, 0),
            sql`${classTimes.seatsTaken} < ${classTimes.seats}`,
          ),
        );
      return new Map(rows.map((row) => [row.startsAt.getTime(), row.seats - row.taken]));
    },

    /** Whether a busy event of the employee's own calendars takes any of this time. */
    async calendarBusy(employeeId: string, blocked: Busy): Promise<boolean> {
      const result = await db.execute(sql`
        select exists(select 1 from calendar_busy where employee_id = ${employeeId}
          and tstzrange(starts_at, ends_at) && tstzrange(${blocked.start}, ${blocked.end})) as busy`);
      return Boolean((result.rows[0] as { busy?: boolean } | undefined)?.busy);
    },

    /**
     * Local dates from..to on which an employee already has `cap` live appointments or live holds
     * of the service (other than the appointment being moved): its daily cap is reached.
     */
    async fullDates(
      employeeId: string,
      service: { id: string; dailyCap: number | null },
      range: { fromDate: string; toDate: string; from: Date; to: Date; timeZone: string },
      now: Date,
      exceptAppointmentId?: string | readonly string[],
    ): Promise<Set<string>> {
      if (service.dailyCap === null) return new Set();
      const result = await db.execute(sql`
        select day from (
          select local_date::text as day from appointments
           where employee_id = ${employeeId} and service_id = ${service.id} and status <> 'cancelled'
             and local_date between ${range.fromDate} and ${range.toDate}
             ${notOneOf(exceptAppointmentId)}
          union all
          select (starts_at at time zone ${range.timeZone})::date::text from slot_holds
           where employee_id = ${employeeId} and service_id = ${service.id} and expires_at > ${now}
             and starts_at >= ${range.from} and starts_at < ${range.to}
        ) taken group by day having count(*) >= ${service.dailyCap}`);
      return new Set((result.rows as Array<{ day: string }>).map((row) => row.day));
    },

    /**
     * Holds a slot in one transaction: drops the visitor's own earlier holds and expired holds on
     * the calendar time wanted, then inserts unless a live appointment or a live hold takes any of
     * that time (`blocked`: the service's length and buffers), the service's daily cap is reached
     * that day, the employee's day already has `limits.perDay` live holds, or the visitor's
     * network (`rangeKey`: an IPv4 /24, an IPv6 /64) already has `limits.perRange`. Serialized by
     * advisory locks on the employee's day, the network and the employee's calendar (always in
     * that order), so the bounds hold under concurrency; the no-overlap constraint backs it up.
     */
    async takeHold(hold: {
      employeeId: string;
      service: { id: string; dailyCap: number | null };
      startsAt: Date;
      blocked: Busy;
      expiresAt: Date;
      now: Date;
      providerPaymentId: string;
      clientIp: string;
      rangeKey: string;
      clientEmail: string | null;
      day: { key: string; from: Date; to: Date };
      limits: { perDay: number; perRange: number };
    }): Promise<'held' | 'booked' | 'day-full' | 'day-busy' | 'range-busy' | { id: string }> {
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const lock = (key: string) =>
          tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
        await lock(`hold-day/${hold.employeeId}/${hold.day.key}`);
        await lock(`hold-range/${hold.rangeKey}`);
        await lockCalendar(tx, hold.employeeId);
        const wanted = sql`tstzrange(${hold.blocked.start}, ${hold.blocked.end})`;
        await tx
          .delete(slotHolds)
          .where(
            or(
              and(
                eq(slotHolds.employeeId, hold.employeeId),
                sql`tstzrange(${slotHolds.blockedFrom}, ${slotHolds.blockedUntil}) && ${wanted}`,
                lte(slotHolds.expiresAt, hold.now),
              ),
              eq(slotHolds.clientIp, hold.clientIp),
              hold.clientEmail
                ? sql`lower(${slotHolds.clientEmail}) = lower(${hold.clientEmail})`
                : undefined,
            ),
          );
        const result = await tx.execute(sql`
          select exists(select 1 from appointments
                   where employee_id = ${hold.employeeId} and status <> 'cancelled'
                     and tstzrange(blocked_from, blocked_until) && ${wanted})
                 or exists(select 1 from appointments
                   where employee_id = ${hold.employeeId} and held_from is not null
                     and tstzrange(held_from, held_until) && ${wanted}) as booked,
                 exists(select 1 from slot_holds
                   where employee_id = ${hold.employeeId} and expires_at > ${hold.now}
                     and tstzrange(blocked_from, blocked_until) && ${wanted}) as held,
                 (select count(*)::int from appointments
                   where employee_id = ${hold.employeeId} and service_id = ${hold.service.id}
                     and status <> 'cancelled' and starts_at >= ${hold.day.from} and starts_at < ${hold.day.to})
                 + (select count(*)::int from slot_holds
                   where employee_id = ${hold.employeeId} and service_id = ${hold.service.id}
                     and expires_at > ${hold.now} and starts_at >= ${hold.day.from} and starts_at < ${hold.day.to}) as of_service,
                 (select count(*)::int from slot_holds
                   where employee_id = ${hold.employeeId} and starts_at >= ${hold.day.from}
                     and starts_at < ${hold.day.to} and expires_at > ${hold.now}) as day,
                 (select count(*)::int from slot_holds
                   where client_range = ${hold.rangeKey} and expires_at > ${hold.now}) as range`);
        const counts = result.rows[0] as
          | { booked: boolean; held: boolean; of_service: number; day: number; range: number }
          | undefined;
        if (counts?.booked) return 'booked';
        // Someone is paying for this very time: say that, whatever the other bounds.
        if (counts?.held) return 'held';
        if (hold.service.dailyCap !== null && Number(counts?.of_service ?? 0) >= hold.service.dailyCap)
          return 'day-full';
        if (Number(counts?.day ?? 0) >= hold.limits.perDay) return 'day-busy';
        if (Number(counts?.range ?? 0) >= hold.limits.perRange) return 'range-busy';
        const [row] = await tx
          .insert(slotHolds)
          .values({
            employeeId: hold.employeeId,
            serviceId: hold.service.id,
            startsAt: hold.startsAt,
            blockedFrom: hold.blocked.start,
            blockedUntil: hold.blocked.end,
            expiresAt: hold.expiresAt,
            providerPaymentId: hold.providerPaymentId,
            clientIp: hold.clientIp,
            clientRange: hold.rangeKey,
            clientEmail: hold.clientEmail,
          })
          .returning({ id: slotHolds.id });
        return row!;
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

    /** Active services with the active professionals taking bookings who offer them. */
    async bookableOfferings() {
      return db
        .select({ service: services, employee: employees })
        .from(services)
        .innerJoin(serviceEmployees, eq(serviceEmployees.serviceId, services.id))
        .innerJoin(employees, eq(employees.id, serviceEmployees.employeeId))
        .where(
          and(isNull(services.archivedAt), eq(employees.isActive, true), eq(employees.takesBookings, true)),
        )
        .orderBy(desc(services.isDefault), asc(sql`lower(${services.name})`), asc(employees.name));
    },

    /** Live appointments of each employee on a local date: "anyone available" goes to the least booked. */
    async bookedOn(employeeIds: string[], localDate: string) {
      if (employeeIds.length === 0) return new Map<string, number>();
      const rows = await db
        .select({ employeeId: appointments.employeeId, value: count() })
        .from(appointments)
        .where(
          and(
            inArray(appointments.employeeId, employeeIds),
            eq(appointments.localDate, localDate),
            ne(appointments.status, 'cancelled'),
          ),
        )
        .groupBy(appointments.employeeId);
      return new Map(rows.map((row) => [row.employeeId!, row.value]));
    },

    /** The language of the client an appointment is for, which their emails are written in (null: not known). */
    async clientLanguage(appointmentId: string): Promise<CustomerLanguage | null> {
      const [row] = await db
        .select({ language: clients.language })
        .from(appointments)
        .innerJoin(clients, eq(clients.id, appointments.clientId))
        .where(eq(appointments.id, appointmentId))
        .limit(1);
      return row?.language ?? null;
    },

    async findAppointmentById(id: string) {
      const [row] = await db.select().from(appointments).where(eq(appointments.id, id)).limit(1);
      return row;
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
     * A booking staff make for a client, in one transaction under the employee's calendar lock (a
     * hold's lock): refused when a visitor holds any of the time, when the service's daily cap is
     * reached that day, and by the no-overlap constraint when an appointment takes any of it. A
     * payment at the desk is recorded with it, under an id of our own (`desk_…`), so the
     * appointment shows it as paid and is never deleted with it.
     */
    async bookByStaff(booking: {
      employee: { id: string; name: string; email: string };
      clientId: string;
      service: {
        id: string;
        name: string;
        priceAmount: number;
        currency: string;
        dailyCap: number | null;
        seats: number | null;
      };
      startsAt: Date;
      endsAt: Date;
      blocked: Busy;
      localDate: string;
      startTime: string;
      endTime: string;
      notes: string | null;
      paidAtDesk: boolean;
      /** Paid with a session of the client's pack for the service, taken by this staff member. */
      withPack: { employeeId: string | null } | null;
      /** Who books: staff (the default), or the customer on the booking page paying with a pack. */
      actor?: 'staff' | 'customer';
      at: Date;
    }): Promise<
      | 'no-client'
      | 'held'
      | 'full'
      | 'taken'
      | 'class-full'
      | 'no-session'
      | { id: string; pack: { name: string; sessionsLeft: number } | null }
    > {
      try {
        return await db.transaction(async (txn) => {
          const tx = txn as unknown as Db;
          const [client] = await tx.select().from(clients).where(eq(clients.id, booking.clientId)).limit(1);
          if (!client) return 'no-client';
          if (await lockSlotAndCheckHold(tx, booking.employee.id, booking.blocked, booking.at)) return 'held';
          if (booking.service.dailyCap !== null) {
            const [row] = await tx
              .select({ value: count() })
              .from(appointments)
              .where(
                and(
                  eq(appointments.employeeId, booking.employee.id),
                  eq(appointments.serviceId, booking.service.id),
                  eq(appointments.localDate, booking.localDate),
                  ne(appointments.status, 'cancelled'),
                ),
              );
            if ((row?.value ?? 0) >= booking.service.dailyCap) return 'full';
          }
          const providerPaymentId = booking.paidAtDesk ? `${DESK_PAYMENT_PREFIX}${randomUUID()}` : null;
          const classTimeId = await classTimeOf(tx, booking);
          const appointment = await appointmentWrites.book(
            tx,
            {
              classTimeId,
              employeeId: booking.employee.id,
              employeeName: booking.employee.name,
              employeeEmail: booking.employee.email,
              clientId: client.id,
              clientName: client.name,
              clientEmail: client.email,
              clientPhone: client.phone,
              ...bookedTime(booking),
              notes: booking.notes,
              providerPaymentId,
            },
            { actor: booking.actor ?? 'staff', at: booking.at },
          );
          if (providerPaymentId)
            await paymentWrites.record(tx, {
              clientId: client.id,
              appointmentId: appointment.id,
              amount: booking.service.priceAmount,
              currency: booking.service.currency,
              status: 'completed',
              paymentMethod: 'At the desk',
              description: `${booking.service.name} with ${booking.employee.name} on ${booking.localDate} at ${booking.startTime}`,
              providerPaymentId,
            });
          let pack: { name: string; sessionsLeft: number } | null = null;
          if (booking.withPack) {
            const used = await packWrites.useSession(tx, {
              clientId: client.id,
              serviceId: booking.service.id,
              appointmentId: appointment.id,
              at: booking.at,
              by: { actor: booking.actor ?? 'staff', employeeId: booking.withPack.employeeId },
            });
            // No session left: the appointment goes with the transaction.
            if (!used) throw new NoSessionLeft();
            pack = { name: used.name, sessionsLeft: used.sessionsLeft };
          }
          return { id: appointment.id, pack };
        });
      } catch (error) {
        if (isClassFull(error)) return 'class-full';
        if (isSlotConflict(error)) return 'taken';
        if (error instanceof NoSessionLeft) return 'no-session';
        throw error;
      }
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
        // Bookings of one professional insert one at a time: two racing inserts of overlapping
        // times would otherwise each wait on the other's uncommitted row in the no-overlap
        // constraint, and PostgreSQL would end one as a deadlock instead of a clear conflict.
        await lockCalendar(tx, booking.employee.id);
        if (booking.free) await checkFreeBooking(tx, booking, booking.free);
        const { client } = await clientWrites.findOrCreateByEmail(tx, booking.client.email, {
          name: booking.client.name,
          phone: booking.client.phone,
          status: 'active',
          source: 'website',
          assignedEmployeeId: booking.employee.id,
          language: booking.language ?? null,
        });
        if (booking.language && !client.language)
          await clientWrites.languageIfUnknown(tx, client.id, booking.language);
        const clientId = client.id;
        const fromChat = booking.chatRef
          ? (
              await tx
                .select({ id: conversations.id })
                .from(conversations)
                .where(eq(conversations.ref, booking.chatRef))
                .limit(1)
            )[0]
          : undefined;
        const classTimeId = await classTimeOf(tx, booking);
        const appointment = await appointmentWrites.book(
          tx,
          {
            ...(fromChat ? { channel: 'chat' as const, conversationId: fromChat.id } : {}),
            classTimeId,
            employeeId: booking.employee.id,
            employeeName: booking.employee.name,
            employeeEmail: booking.employee.email,
            clientId,
            clientName: booking.client.name,
            clientEmail: booking.client.email,
            clientPhone: booking.client.phone,
            ...bookedTime(booking),
            providerPaymentId: booking.payment?.providerPaymentId ?? null,
            clientRange: booking.free?.network ?? null,
          },
          { actor: 'customer', at: booking.bookedAt },
        );
        if (booking.payment)
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
    /** A person was erased: a hold they started keeps its time but not their address or network. */
    async forgetHolder(emails: string[]) {
      if (emails.length === 0) return;
      await db
        .update(slotHolds)
        .set({ clientEmail: null, clientIp: null, clientRange: null })
        .where(
          inArray(
            sql`lower(${slotHolds.clientEmail})`,
            emails.map((email) => email.toLowerCase()),
          ),
        );
    },
  };
}

export type ScheduleRepository = ReturnType<typeof createScheduleRepository>;
