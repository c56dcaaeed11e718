/**
 * The only statements that write `appointments`, `appointment_events` and `class_times` (a test
 * keeps it so).
 * Booking, the customer's manage page, staff and reminders each decide *whether* to change an
 * appointment; how a change is written, with the conditions that make it safe under concurrency
 * and the history line that goes with it, is decided here once. Every function takes the
 * connection or transaction to write with, so a caller's other writes commit with it.
 */
import type { AppointmentActor } from '@chatdesk/contract/manage-booking';
import { ERASED_CLIENT_NAME } from '@chatdesk/contract/privacy';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointmentEvents, appointments, classTimes } from '../../db/schema.ts';

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointment = Omit<typeof appointments.$inferInsert, 'id' | 'status'>;
export type AppointmentEvent = typeof appointmentEvents.$inferInsert;
export type SlotChange = Pick<
  AppointmentRow,
  'startsAt' | 'endsAt' | 'blockedFrom' | 'blockedUntil' | 'localDate' | 'startTime' | 'endTime'
>;

/** Still scheduled at the start the caller saw: a change from any other state is someone else's. */
const stillAt = (id: string, seenStartsAt: Date) =>
  and(eq(appointments.id, id), eq(appointments.status, 'scheduled'), eq(appointments.startsAt, seenStartsAt));

export const appointmentWrites = {
  /** A new scheduled appointment and its "booked" line. The no-overlap constraint refuses taken time. */
  async book(db: Db, values: NewAppointment, booked: { actor: AppointmentActor; at: Date }) {
    const [row] = await db
      .insert(appointments)
      // Staff booking for a client is its own channel; the page and chat links say theirs. The slot
      // is chosen when it is booked, on the app's clock (reminders due before it are not planned).
      .values({
        channel: booked.actor === 'staff' ? 'staff' : 'page',
        slotChosenAt: booked.at,
        ...values,
        status: 'scheduled',
      })
      .returning();
    await appointmentWrites.record(db, {
      appointmentId: row!.id,
      kind: 'booked',
      actor: booked.actor,
      createdAt: booked.at,
    });
    return row!;
  },

  /**
   * The class time a seat of this service at this start belongs to, made by its first seat. One
   * whose seats were all cancelled takes the service and seats of the new booking. Null when
   * another service's class has live seats then: the booking is then made without a class time,
   * and the no-overlap constraint refuses it. Seats are counted by the trigger (decision 024).
   */
  async classTimeFor(
    db: Db,
    slot: { employeeId: string; serviceId: string; startsAt: Date; seats: number },
  ): Promise<string | null> {
    const [made] = await db
      .insert(classTimes)
      .values(slot)
      .onConflictDoUpdate({
        target: [classTimes.employeeId, classTimes.startsAt],
        set: { serviceId: slot.serviceId, seats: slot.seats },
        setWhere: sql`${classTimes.seatsTaken} = 0`,
      })
      .returning({ id: classTimes.id });
    if (made) return made.id;
    const [existing] = await db
      .select({ id: classTimes.id, serviceId: classTimes.serviceId })
      .from(classTimes)
      .where(and(eq(classTimes.employeeId, slot.employeeId), eq(classTimes.startsAt, slot.startsAt)));
    return existing?.serviceId === slot.serviceId ? existing.id : null;
  },

  /**
   * Cancels an appointment only while it is still scheduled at the start the caller saw: false
   * when it changed meanwhile (a second click, a concurrent move or cancel).
   */
  async cancelIfUnchanged(
    db: Db,
    id: string,
    seenStartsAt: Date,
    event: Omit<AppointmentEvent, 'appointmentId' | 'kind'>,
  ) {
    const [row] = await db
      .update(appointments)
      .set({ status: 'cancelled' })
      .where(stillAt(id, seenStartsAt))
      .returning({ id: appointments.id });
    if (!row) return false;
    await appointmentWrites.record(db, { ...event, appointmentId: id, kind: 'cancelled' });
    return true;
  },

  /** Moves a scheduled appointment still at `seenStartsAt`; false when it changed meanwhile. */
  async moveIfUnchanged(
    db: Db,
    id: string,
    seenStartsAt: Date,
    to: SlotChange,
    event: { actor: AppointmentActor; at: Date; data: AppointmentEvent['data'] },
  ) {
    const [row] = await db
      .update(appointments)
      .set({ ...to, slotChosenAt: event.at })
      .where(stillAt(id, seenStartsAt))
      .returning({ id: appointments.id });
    if (!row) return false;
    await appointmentWrites.record(db, {
      appointmentId: id,
      kind: 'rescheduled',
      actor: event.actor,
      createdAt: event.at,
      data: event.data,
    });
    return true;
  },

  /**
   * Sets a status. A cancelled appointment is left cancelled unless `reopen` says so (undefined
   * then). The history line is written only when the status really changes.
   */
  async setStatus(
    db: Db,
    id: string,
    status: AppointmentRow['status'],
    change: { from: AppointmentRow['status']; at: Date; reopen: boolean },
  ) {
    const [row] = await db
      .update(appointments)
      .set({ status })
      .where(
        and(
          eq(appointments.id, id),
          change.reopen || status === 'cancelled' ? undefined : ne(appointments.status, 'cancelled'),
        ),
      )
      .returning();
    if (row && change.from !== status) {
      await appointmentWrites.record(db, {
        appointmentId: id,
        kind: 'status_changed',
        actor: 'staff',
        createdAt: change.at,
        data: { status, from: change.from },
      });
    }
    return row;
  },

  /**
   * Deletes an appointment nobody paid for, with money or a pack session. One paid for keeps its
   * money trail: the condition is in the statement, so no concurrent cancel or refund can find
   * its row gone. A live one-to-one booking whose time has a waitlist is refused by the database
   * (23001, trigger `appointments_waited_for_not_deleted`): it is cancelled instead, which offers it.
   */
  async deleteUnpaid(db: Db, id: string) {
    const rows = await db
      .delete(appointments)
      .where(
        and(
          eq(appointments.id, id),
          isNull(appointments.providerPaymentId),
          // A row holding a one-to-one time for a waitlist offer holds it until the offer ends.
          isNull(appointments.heldFrom),
          sql`not exists (select 1 from pack_ledger u where u.appointment_id = "appointments"."id" and u.kind = 'use')`,
        ),
      )
      .returning({ id: appointments.id });
    return rows.length > 0;
  },

  /** A line in an appointment's history (a refund, a reminder's follow-up, a change above). */
  async record(db: Db, event: AppointmentEvent) {
    await db.insert(appointmentEvents).values(event);
  },

  /**
   * The client was erased: their appointments stay for the calendar, the history and the
   * figures, naming no one. The notes go (they are about the person), and so does the private
   * link, which would otherwise still open the appointment for whoever holds the old email.
   */
  async anonymiseClient(db: Db, ids: string[]) {
    if (ids.length === 0) return 0;
    const rows = await db
      .update(appointments)
      .set({
        clientId: null,
        clientName: ERASED_CLIENT_NAME,
        clientEmail: null,
        clientPhone: null,
        notes: null,
        clientRange: null,
        manageToken: sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`,
      })
      .where(inArray(appointments.id, ids))
      .returning({ id: appointments.id });
    return rows.length;
  },
};
