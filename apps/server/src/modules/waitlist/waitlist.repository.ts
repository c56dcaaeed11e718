import { randomBytes } from 'node:crypto';
import type { CustomerLanguage } from '@chatdesk/contract/customer-texts';
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  appointments,
  classTimes,
  employees,
  serviceEmployees,
  services,
  slotHolds,
  waitlistEntries,
} from '../../db/schema.ts';
import { isSlotConflict } from '../../lib/app-error.ts';
import { appointmentWrites, type NewAppointment } from '../appointments/appointment-writes.ts';
import { clientWrites } from '../clients/client-writes.ts';
import { packWrites } from '../packs/pack-writes.ts';
import { paymentWrites } from '../payments/payment-writes.ts';
import { lockCalendar } from '../schedule/slot-lock.ts';

/** What paid for a confirmed offer: the provider's payment, a pack session, or nothing (free). */
export type OfferPayment =
  | { kind: 'provider'; providerPaymentId: string; amount: number; currency: string; method: string }
  | { kind: 'pack' }
  | { kind: 'free' };

/** A pack was asked for and none had a session left: the booking's transaction is rolled back. */
class NoSessionLeft extends Error {}

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;

/**
 * An entry with what its offer page and email say: its service and professional (the time is the
 * entry's). No professional while an 'anyone available' entry waits; an offer always has one.
 */
export type OfferRow = {
  entry: WaitlistEntryRow;
  service: typeof services.$inferSelect;
  employee: { id: string; name: string; email: string } | null;
  manageToken: string | null;
  /** The provider's payment of the booking an offer became, if it was paid so. */
  bookingPaymentId: string | null;
  /**
   * What the entry's emails are written in: the page's it was joined from, else that of the client
   * with its email (null: not known).
   */
  clientLanguage: CustomerLanguage | null;
};

const offerColumns = {
  entry: waitlistEntries,
  service: services,
  employee: { id: employees.id, name: employees.name, email: employees.email },
  manageToken: appointments.manageToken,
  bookingPaymentId: appointments.providerPaymentId,
  // The page's language, else the client's the booking would be made for (found by email, as the
  // booking finds it); of several with that email, one that has told us their language.
  clientLanguage: sql<CustomerLanguage | null>`coalesce(${waitlistEntries.language}, (select c.language from clients c where lower(c.email) = lower(${waitlistEntries.email}) and c.language is not null limit 1))`,
};

/**
 * In a client's erasure: their places in waitlists go (a held seat is given back, and offered to the
 * next at that commit). An entry names a person and holds no money, so nothing of it is kept.
 */
export async function forgetWaitlistIn(tx: Db, emails: string[]) {
  if (emails.length === 0) return;
  await tx.delete(waitlistEntries).where(
    inArray(
      sql`lower(${waitlistEntries.email})`,
      emails.map((email) => email.toLowerCase()),
    ),
  );
}

/**
 * Whether a professional's one-to-one time is taken: a live booking starts then, or an offer holds
 * it. `lock` (a join's insert) locks what takes it, FOR SHARE: a cancel, move or offer's end that
 * changed it and has not committed is waited for and the time read again as it committed (free:
 * nothing is inserted), and one that comes after waits for the join's commit, so the trigger that
 * offers the freed time at its commit sees the new entry. No one is left waiting for a free time.
 */
function takenAt(employeeId: string, startsAt: Date, options: { lock?: boolean } = {}) {
  const lock = options.lock ? sql`for share` : sql``;
  return sql`(exists (select 1 from appointments where employee_id = ${employeeId} and starts_at = ${startsAt}
                       and status <> 'cancelled' and class_time_id is null ${lock})
           or exists (select 1 from waitlist_entries where class_time_id is null and employee_id = ${employeeId}
                       and starts_at = ${startsAt} and status = 'offered' ${lock}))`;
}

/** A one-to-one start's line: one professional's, or the service's with anyone available among `professionals`. */
export type OneToOneLine = { employeeId: string } | { professionals: string[] };

/**
 * Whether an email is already in the other kind of line for a one-to-one start: for a professional's
 * line (`employeeId`), waiting with anyone for one of their services (or offered their time so);
 * for the 'anyone' line (`professionals`), waiting for one of those professionals. One place in line
 * per email and time, whichever way it was joined, so nobody is offered one time twice. Two joins
 * racing each other read around each other here; the trigger `waitlist_entries_one_place`
 * (migration 0058) checks it again under a lock and skips the second insert, found as joined.
 */
function inOtherLine(email: string, startsAt: Date, line: OneToOneLine) {
  const which =
    'employeeId' in line
      ? sql`any_professional and (employee_id = ${line.employeeId} or (employee_id is null and service_id in
              (select service_id from service_employees where employee_id = ${line.employeeId})))`
      : sql`not any_professional and employee_id in (${idList(line.professionals)})`;
  return sql`exists (select 1 from waitlist_entries where class_time_id is null and starts_at = ${startsAt}
                      and lower(email) = lower(${email}) and status in ('waiting', 'offered') and ${which})`;
}

function idList(ids: string[]) {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

/**
 * What tells the two kinds of one-to-one line apart in SQL: the column the entry sets, the unique
 * key a second join of one email meets, which entries are this line's, and who waits ahead of a
 * new entry (for a professional, also those waiting with anyone for one of their services; for
 * anyone, also those waiting for one of the professionals it waits for).
 */
function lineSql(line: OneToOneLine, serviceId: string) {
  if ('employeeId' in line)
    return {
      professionals: [line.employeeId],
      column: sql`employee_id`,
      value: sql`${line.employeeId}`,
      uniqueKey: sql`(employee_id, starts_at, lower(email)) where class_time_id is null and not any_professional`,
      mine: sql`class_time_id is null and not any_professional and employee_id = ${line.employeeId}`,
      aheadOf: sql`(employee_id = ${line.employeeId}
                    or (any_professional and employee_id is null and service_id in
                          (select service_id from service_employees where employee_id = ${line.employeeId})))`,
    };
  return {
    professionals: line.professionals,
    column: sql`any_professional`,
    value: sql`true`,
    uniqueKey: sql`(service_id, starts_at, lower(email)) where any_professional`,
    mine: sql`any_professional and service_id = ${serviceId}`,
    aheadOf: sql`((any_professional and service_id = ${serviceId}) or employee_id in (${idList(line.professionals)}))`,
  };
}

/** The only statements that write `waitlist_entries` (a test keeps it so); the seat count is the triggers'. */
export function createWaitlistRepository(db: Db) {
  function offers(where: ReturnType<typeof and>) {
    return db
      .select(offerColumns)
      .from(waitlistEntries)
      .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
      .leftJoin(employees, eq(employees.id, waitlistEntries.employeeId))
      .leftJoin(appointments, eq(appointments.id, waitlistEntries.appointmentId))
      .where(where);
  }

  return {
    /** The class time of this professional, service and start, if one exists. */
    async classTime(employeeId: string, serviceId: string, startsAt: Date) {
      const [row] = await db
        .select()
        .from(classTimes)
        .where(
          and(
            eq(classTimes.employeeId, employeeId),
            eq(classTimes.serviceId, serviceId),
            eq(classTimes.startsAt, startsAt),
          ),
        );
      return row;
    },

    async service(serviceId: string) {
      const [row] = await db.select().from(services).where(eq(services.id, serviceId));
      return row;
    },

    /** Whether the service is a class (has seats): its full times have the class's waitlist. */
    async isClass(serviceId: string) {
      const [row] = await db
        .select({ seats: services.seats })
        .from(services)
        .where(eq(services.id, serviceId));
      return Boolean(row?.seats);
    },

    /** A professional's class times of a service starting after `from` with every seat taken or held. */
    async fullTimes(employeeId: string, serviceId: string, from: Date) {
      return db
        .select({ startsAt: classTimes.startsAt })
        .from(classTimes)
        .where(
          and(
            eq(classTimes.employeeId, employeeId),
            eq(classTimes.serviceId, serviceId),
            gt(classTimes.startsAt, from),
            sql`${classTimes.seatsTaken} >= ${classTimes.seats}`,
          ),
        )
        .orderBy(asc(classTimes.startsAt));
    },

    /**
     * Joins the line of a class time only while it is full (checked in the statement, on the
     * class time's row): 'not-full' when a seat is free, 'joined-already' for an email already in
     * its line. Answers the place in line of those still waiting.
     */
    async join(entry: {
      classTimeId: string;
      name: string;
      email: string;
      phone: string | null;
      language: CustomerLanguage | null;
      holdMinutes: number;
    }): Promise<'not-full' | 'joined-already' | { position: number }> {
      const token = randomBytes(24).toString('base64url');
      const result = await db.execute(sql`
        insert into waitlist_entries (class_time_id, employee_id, service_id, starts_at, name, email, phone, language, token, hold_minutes)
        select id, employee_id, service_id, starts_at, ${entry.name}, ${entry.email}, ${entry.phone}, ${entry.language}, ${token}, ${entry.holdMinutes}
          from class_times where id = ${entry.classTimeId} and seats_taken >= seats
        on conflict (class_time_id, lower(email)) do nothing
        returning id, seq`);
      const [row] = result.rows as Array<{ id: string; seq: number | string }>;
      if (!row) {
        const [existing] = await db
          .select({ id: waitlistEntries.id })
          .from(waitlistEntries)
          .where(
            and(
              eq(waitlistEntries.classTimeId, entry.classTimeId),
              sql`lower(${waitlistEntries.email}) = lower(${entry.email})`,
            ),
          );
        return existing ? 'joined-already' : 'not-full';
      }
      const ahead = await db.execute(sql`
        select count(*)::int as n from waitlist_entries
         where class_time_id = ${entry.classTimeId} and status = 'waiting' and seq < ${row.seq}`);
      return { position: Number((ahead.rows[0] as { n: number }).n) + 1 };
    },

    /**
     * Joins a one-to-one start's line, a professional's (`{ employeeId }`) or the service's with
     * anyone available (`{ professionals }`, no professional until it is offered), only while the
     * time is taken with each professional it waits for (checked in the statement: a live
     * one-to-one appointment starts then, or an offer holds it, each locked FOR SHARE, so a cancel
     * is waited for, or waits for the join, whose commit-time offer then sees the entry). 'free'
     * when one is not taken, 'joined-already' for an email already in this line or in the other
     * kind of line for the start. Answers the place in line: those waiting ahead in either kind of
     * line who may be offered this time first (one line, by join order).
     */
    async joinOneToOne(entry: {
      line: OneToOneLine;
      serviceId: string;
      startsAt: Date;
      blockedFrom: Date;
      blockedUntil: Date;
      name: string;
      email: string;
      phone: string | null;
      language: CustomerLanguage | null;
      holdMinutes: number;
    }): Promise<'free' | 'joined-already' | { position: number }> {
      const token = randomBytes(24).toString('base64url');
      const line = lineSql(entry.line, entry.serviceId);
      const allTaken = sql.join(
        line.professionals.map((employeeId) => takenAt(employeeId, entry.startsAt, { lock: true })),
        sql` and `,
      );
      const elsewhere = inOtherLine(entry.email, entry.startsAt, entry.line);
      const result = await db.execute(sql`
        insert into waitlist_entries (${line.column}, service_id, starts_at, blocked_from, blocked_until,
                                      name, email, phone, language, token, hold_minutes)
        select ${line.value}, ${entry.serviceId}, ${entry.startsAt}, ${entry.blockedFrom}, ${entry.blockedUntil},
               ${entry.name}, ${entry.email}, ${entry.phone}, ${entry.language}, ${token}, ${entry.holdMinutes}
         where ${allTaken} and not ${elsewhere}
        on conflict ${line.uniqueKey} do nothing
        returning id, seq`);
      const [row] = result.rows as Array<{ id: string; seq: number | string }>;
      if (!row) {
        const found = await db.execute(sql`
          select (exists (select 1 from waitlist_entries
                           where ${line.mine} and starts_at = ${entry.startsAt} and lower(email) = lower(${entry.email}))
                  or ${elsewhere}) as found`);
        return (found.rows[0] as { found: boolean }).found ? 'joined-already' : 'free';
      }
      const ahead = await db.execute(sql`
        select count(*)::int as n from waitlist_entries
         where class_time_id is null and starts_at = ${entry.startsAt} and status = 'waiting' and seq < ${row.seq}
           and ${line.aheadOf}`);
      return { position: Number((ahead.rows[0] as { n: number }).n) + 1 };
    },

    /**
     * Whether a visitor paying for a time (a live slot hold) has part of this calendar time of the
     * professional: it frees by the clock if unpaid, with no commit to offer it at.
     */
    async heldForPayment(employeeId: string, blockedFrom: Date, blockedUntil: Date, now: Date) {
      const [row] = await db
        .select({ id: slotHolds.id })
        .from(slotHolds)
        .where(
          and(
            eq(slotHolds.employeeId, employeeId),
            gt(slotHolds.expiresAt, now),
            sql`tstzrange(${slotHolds.blockedFrom}, ${slotHolds.blockedUntil}) && tstzrange(${blockedFrom}, ${blockedUntil})`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The professionals who take bookings of a service, with their weekly hours. */
    async professionalsOf(serviceId: string) {
      return db
        .select({ id: employees.id, availability: employees.availability })
        .from(serviceEmployees)
        .innerJoin(employees, eq(employees.id, serviceEmployees.employeeId))
        .where(
          and(
            eq(serviceEmployees.serviceId, serviceId),
            eq(employees.isActive, true),
            eq(employees.takesBookings, true),
          ),
        );
    },

    /**
     * A professional's taken one-to-one times starting after `from`, each with the appointment
     * that takes it (a live booking starting then, or the row holding an offer of it).
     */
    async takenTimes(employeeId: string, from: Date, until?: Date) {
      const result = await db.execute(sql`
        select id, starts_at from appointments
         where employee_id = ${employeeId} and status <> 'cancelled' and class_time_id is null
           and starts_at > ${from} ${until ? sql`and starts_at <= ${until}` : sql``}
        union all
        select holder_id, starts_at from waitlist_entries
         where class_time_id is null and employee_id = ${employeeId} and status = 'offered'
           and holder_id is not null and starts_at > ${from} ${until ? sql`and starts_at <= ${until}` : sql``}
         order by starts_at`);
      return (result.rows as Array<{ id: string; starts_at: Date | string }>).map((row) => ({
        occupantId: row.id,
        startsAt: new Date(row.starts_at),
      }));
    },

    /** The professional's id and weekly hours, as the schedule reads their open times. */
    async employee(employeeId: string) {
      const [row] = await db
        .select({ id: employees.id, availability: employees.availability })
        .from(employees)
        .where(eq(employees.id, employeeId));
      return row;
    },

    async byToken(token: string): Promise<OfferRow | undefined> {
      const [row] = await offers(eq(waitlistEntries.token, token));
      return row;
    },

    async byId(id: string): Promise<OfferRow | undefined> {
      const [row] = await offers(eq(waitlistEntries.id, id));
      return row;
    },

    /** Offers the triggers made that nobody has been told of yet (their hold has not started). */
    async untold() {
      return db
        .select({ id: waitlistEntries.id })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.status, 'offered'), isNull(waitlistEntries.holdUntil)))
        .orderBy(asc(waitlistEntries.seq));
    },

    /**
     * Starts an untold offer's hold now, in one transaction with `effects` (the email that tells it).
     * Conditional, so two instances telling at once start it (and write its email) once.
     */
    async startHold(id: string, now: Date, effects: (tx: Db, row: WaitlistEntryRow) => Promise<void>) {
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const [row] = await tx
          .update(waitlistEntries)
          .set({
            offeredAt: now,
            holdUntil: sql`${now.toISOString()}::timestamptz + make_interval(mins => ${waitlistEntries.holdMinutes})`,
          })
          .where(
            and(
              eq(waitlistEntries.id, id),
              eq(waitlistEntries.status, 'offered'),
              isNull(waitlistEntries.holdUntil),
            ),
          )
          .returning();
        if (row) await effects(tx, row);
        return row;
      });
    },

    /**
     * Offers past their hold, and whatever is still in line or offered for a class that has
     * started, end as expired; each held seat goes back (and at commit to the next in line).
     */
    async expireDue(now: Date) {
      const rows = await db
        .update(waitlistEntries)
        .set({ status: 'expired' })
        .where(
          or(
            and(eq(waitlistEntries.status, 'offered'), lte(waitlistEntries.holdUntil, now)),
            and(inArray(waitlistEntries.status, ['waiting', 'offered']), lte(waitlistEntries.startsAt, now)),
          ),
        )
        .returning({ id: waitlistEntries.id });
      return rows.length;
    },

    /** The customer says no: an open offer (or a place in line) ends, its seat to the next. */
    async decline(token: string) {
      const [row] = await db
        .update(waitlistEntries)
        .set({ status: 'declined' })
        .where(and(eq(waitlistEntries.token, token), inArray(waitlistEntries.status, ['waiting', 'offered'])))
        .returning({ id: waitlistEntries.id });
      return row !== undefined;
    },

    /**
     * Books an open offer in one transaction: the professional's calendar lock (taken first, as
     * every booking does, so this never deadlocks with one), the offer taken while still open (its
     * held seat given back), the seat's appointment (taking that seat again under the same check),
     * its payment or pack session, and `effects` (the email and staff notification). 'gone' when
     * the offer was no longer open, 'taken' when the calendar refused the seat, 'no-session' when
     * no pack had one: nothing was written then.
     */
    async book(
      offer: OfferRow,
      booking: {
        values: Omit<
          NewAppointment,
          'classTimeId' | 'clientId' | 'clientName' | 'clientEmail' | 'clientPhone' | 'providerPaymentId'
        >;
        payment: OfferPayment;
        now: Date;
      },
      effects: (tx: Db, appointment: typeof appointments.$inferSelect) => Promise<void>,
    ): Promise<'gone' | 'taken' | 'no-session' | { appointmentId: string }> {
      const { entry } = offer;
      try {
        return await db.transaction(async (txn) => {
          const tx = txn as unknown as Db;
          // An offer always has its professional (fixed when it was made): the check constraint says so.
          const employeeId = offer.employee!.id;
          await lockCalendar(tx, employeeId);
          const [taken] = await tx
            .update(waitlistEntries)
            .set({ status: 'booked' })
            .where(
              and(
                eq(waitlistEntries.id, entry.id),
                eq(waitlistEntries.status, 'offered'),
                gt(waitlistEntries.holdUntil, booking.now),
              ),
            )
            .returning({ id: waitlistEntries.id });
          if (!taken) return 'gone' as const;
          const { client } = await clientWrites.findOrCreateByEmail(tx, entry.email, {
            name: entry.name,
            phone: entry.phone ?? '',
            status: 'active',
            source: 'website',
            assignedEmployeeId: employeeId,
          });
          const paid = booking.payment.kind === 'provider' ? booking.payment : null;
          const appointment = await appointmentWrites.book(
            tx,
            {
              ...booking.values,
              classTimeId: entry.classTimeId,
              clientId: client.id,
              clientName: entry.name,
              clientEmail: entry.email,
              clientPhone: entry.phone,
              providerPaymentId: paid?.providerPaymentId ?? null,
            },
            { actor: 'customer', at: booking.now },
          );
          if (paid)
            await paymentWrites.record(tx, {
              clientId: client.id,
              appointmentId: appointment.id,
              amount: paid.amount,
              currency: paid.currency,
              status: 'completed',
              paymentMethod: paid.method,
              description: `${offer.service.name} with ${booking.values.employeeName} on ${booking.values.localDate} at ${booking.values.startTime} (waitlist)`,
              providerPaymentId: paid.providerPaymentId,
            });
          if (booking.payment.kind === 'pack') {
            const used = await packWrites.useSession(tx, {
              clientId: client.id,
              serviceId: offer.service.id,
              appointmentId: appointment.id,
              at: booking.now,
              by: { actor: 'customer', employeeId: null },
            });
            if (!used) throw new NoSessionLeft();
          }
          await tx
            .update(waitlistEntries)
            .set({ appointmentId: appointment.id })
            .where(eq(waitlistEntries.id, entry.id));
          await effects(tx, appointment);
          return { appointmentId: appointment.id };
        });
      } catch (error) {
        if (error instanceof NoSessionLeft) return 'no-session';
        if (isSlotConflict(error)) return 'taken';
        throw error;
      }
    },

    /** Staff cancel the whole class: its line ends, and held seats are given back to nobody. */
    async closeClass(classTimeId: string) {
      await db
        .update(waitlistEntries)
        .set({ status: 'cancelled' })
        .where(
          and(
            eq(waitlistEntries.classTimeId, classTimeId),
            inArray(waitlistEntries.status, ['waiting', 'offered']),
          ),
        );
    },

    /** A class time's line as staff see it, first joined first. */
    async ofClassTime(classTimeId: string) {
      return db
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.classTimeId, classTimeId))
        .orderBy(asc(waitlistEntries.seq));
    },

    /**
     * A one-to-one time's line as staff see it, first joined first: those waiting for this
     * professional, and those waiting with anyone for one of their services at that start.
     */
    async ofOneTime(employeeId: string, startsAt: Date) {
      return db
        .select()
        .from(waitlistEntries)
        .where(
          and(
            isNull(waitlistEntries.classTimeId),
            eq(waitlistEntries.startsAt, startsAt),
            or(
              eq(waitlistEntries.employeeId, employeeId),
              and(
                isNull(waitlistEntries.employeeId),
                sql`${waitlistEntries.serviceId} in (select service_id from service_employees where employee_id = ${employeeId})`,
              ),
            ),
          ),
        )
        .orderBy(asc(waitlistEntries.seq));
    },

    async classTimeOfAppointment(appointmentId: string) {
      const [row] = await db
        .select({
          classTimeId: appointments.classTimeId,
          employeeId: appointments.employeeId,
          startsAt: appointments.startsAt,
        })
        .from(appointments)
        .where(eq(appointments.id, appointmentId));
      return row;
    },
  };
}

export type WaitlistRepository = ReturnType<typeof createWaitlistRepository>;
