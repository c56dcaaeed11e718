import {
  APPOINTMENT_MESSAGES,
  type Appointment,
  type AppointmentList,
  type AppointmentStatus,
  type ClassRoster,
  type listAppointmentsQuerySchema,
} from '@chatdesk/contract/appointments';
import type { ManagedBookingSlots } from '@chatdesk/contract/manage-booking';
import { PACK_MESSAGES } from '@chatdesk/contract/packs';
import type { z } from 'zod';
import type { EventBus } from '../../events/event-bus.ts';
import { conflict, isSlotConflict, notFound } from '../../lib/app-error.ts';
import type {
  AppointmentRow,
  AppointmentsRepository,
  PaymentRow,
  StatusUpdate,
} from './appointments.repository.ts';

/** What the customer paid, as staff see it: only a payment that went through (or came back) counts. */
const paymentView = (payment: PaymentRow | null | undefined): Appointment['payment'] =>
  payment && (payment.status === 'completed' || payment.status === 'refunded')
    ? { amount: payment.amount, currency: payment.currency, refunded: payment.status === 'refunded' }
    : null;

export const toAppointment = (row: AppointmentRow): Appointment => ({
  id: row.id,
  date: row.localDate,
  startTime: row.startTime,
  endTime: row.endTime,
  startsAt: row.startsAt.toISOString(),
  status: row.status,
  notes: row.notes,
  client: { id: row.clientId, name: row.clientName, email: row.clientEmail },
  employee: { id: row.employeeId, name: row.employeeName, email: row.employeeEmail },
  service: {
    id: row.serviceId,
    name: row.serviceName,
    durationMinutes: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
    price: { amount: row.priceAmount, currency: row.priceCurrency },
  },
  createdAt: row.createdAt.toISOString(),
});

export function createAppointmentsService({
  repository,
  events,
  clock,
  onNoShow,
  paid,
  moves,
  closeWaitlist,
  log,
}: {
  repository: AppointmentsRepository;
  events: EventBus;
  clock: () => Date;
  /** Marking a no-show may send the customer a rebooking message (Company Settings). */
  onNoShow: (appointmentId: string) => Promise<void>;
  /** What becomes of the customer's payment when staff cancel a paid booking (manage-booking). */
  paid: {
    /**
     * Cancels a scheduled appointment paid for (money or a pack session) with or without giving it
     * back (unsaid: money back, a session back by the policy); false if it is no such appointment.
     */
    cancel: (appointmentId: string, refund: boolean | undefined) => Promise<boolean>;
    /**
     * The business cancels a class seat: money refunded or the pack session returned in full,
     * the client told, as a staff cancellation does; false when it was not scheduled any more.
     */
    cancelSeat: (appointmentId: string) => Promise<boolean>;
  };
  /** Ends the waitlist of an appointment's class time, so a class cancelled whole offers no seat (waitlist). */
  closeWaitlist?: (appointmentId: string) => Promise<void>;
  /** Staff moving an appointment, under the customer's own rules for slots and holds (manage-booking). */
  moves: {
    slots: (appointmentId: string) => Promise<ManagedBookingSlots>;
    reschedule: (appointmentId: string, to: { date: string; timeSlot: string }) => Promise<unknown>;
  };
  log?: { warn: (object: unknown, message: string) => void } | undefined;
}) {
  const changed = () => events.publish({ type: 'appointments.changed' });

  /** The appointment with what was paid for it, as its detail shows it. */
  async function detailed(row: AppointmentRow): Promise<Appointment> {
    const payment = row.providerPaymentId ? await repository.paymentOf(row.providerPaymentId) : undefined;
    return { ...toAppointment(row), payment: paymentView(payment), pack: await repository.packOf(row.id) };
  }

  async function load(id: string) {
    const row = await repository.findById(id);
    if (!row) throw notFound(APPOINTMENT_MESSAGES.notFound);
    return row;
  }

  return {
    async list(query: z.output<typeof listAppointmentsQuerySchema>): Promise<AppointmentList> {
      const { page, limit, upcoming, search, ...filter } = query;
      const { rows, total } = await repository.page(
        {
          ...filter,
          ...(search ? { search } : {}),
          ...(upcoming ? { upcomingAfter: clock() } : {}),
        },
        page,
        limit,
      );
      return {
        appointments: rows.map(({ appointment, payment, pack }) => ({
          ...toAppointment(appointment),
          payment: paymentView(payment),
          pack,
        })),
        pagination: { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) },
      };
    },

    async get(id: string) {
      return detailed(await load(id));
    },

    /**
     * Any status may follow any other, except that leaving `cancelled` must be asked for on purpose
     * (`reopen`): it takes the slot again, needing it free, plans the reminders again, and does not
     * take back a refund already made. Cancelling a scheduled appointment the customer paid for
     * refunds it unless staff keep the fee (`refund: false`), and tells the customer.
     */
    async setStatus(
      id: string,
      status: AppointmentStatus,
      options: { refund?: boolean; reopen?: boolean } = {},
    ) {
      if (status === 'cancelled' && (await paid.cancel(id, options.refund))) return detailed(await load(id));
      let updated: StatusUpdate;
      try {
        updated = await repository.updateStatus(id, status, clock(), options.reopen ?? false);
      } catch (error) {
        if (isSlotConflict(error)) throw conflict(APPOINTMENT_MESSAGES.slotTaken);
        throw error;
      }
      if (updated.kind === 'missing') throw notFound(APPOINTMENT_MESSAGES.notFound);
      if (updated.kind === 'reopen-needed') throw conflict(APPOINTMENT_MESSAGES.reopenNeeded);
      if (updated.kind === 'held') throw conflict(APPOINTMENT_MESSAGES.slotTaken);
      if (updated.kind === 'session-returned') throw conflict(PACK_MESSAGES.sessionReturned);
      await changed();
      if (status === 'no-show' && updated.from !== 'no-show') {
        // The status is saved whatever happens to the message; a failure reaches staff as a notification.
        await onNoShow(id).catch((error) =>
          log?.warn({ err: error, appointmentId: id }, 'no-show follow-up failed'),
        );
      }
      return detailed(updated.row);
    },

    /** The class time's clients, when this appointment is one of its seats. */
    async roster(id: string): Promise<ClassRoster> {
      await load(id);
      const found = await repository.roster(id);
      if (!found) return { roster: null };
      return {
        roster: {
          seats: found.classTime.seats,
          seatsTaken: found.classTime.seatsTaken,
          entries: found.rows.map(({ appointment, payment, pack }) => ({
            appointmentId: appointment.id,
            client: {
              id: appointment.clientId,
              name: appointment.clientName,
              email: appointment.clientEmail,
            },
            status: appointment.status,
            payment: paymentView(payment) ?? null,
            pack: pack ? { name: pack.name, returned: pack.returned } : null,
          })),
        },
      };
    },

    /**
     * Staff cancel a whole class time: every scheduled seat is cancelled one by one as staff cancel
     * an appointment (its own conditional cancel, refund or returned session, and email), so a
     * failure part way leaves each seat either cancelled with its money back or still booked.
     */
    async cancelClass(id: string): Promise<ClassRoster> {
      const found = await repository.roster((await load(id)).id);
      if (!found) throw conflict(APPOINTMENT_MESSAGES.notAClass);
      await closeWaitlist?.(id);
      for (const { appointment } of found.rows) {
        if (appointment.status === 'scheduled') await paid.cancelSeat(appointment.id);
      }
      await changed();
      return this.roster(id);
    },

    /** Where staff may move it: its employee's open times. */
    async slots(id: string) {
      return moves.slots(id);
    },

    /** Moves it to another open time of its employee: no refund, the customer emailed, staff in the history. */
    async reschedule(id: string, to: { date: string; timeSlot: string }) {
      await moves.reschedule(id, to);
      return detailed(await load(id));
    },

    /**
     * Deletes an appointment nobody paid for; a paid one keeps its money trail, and a one-to-one
     * booking whose time has a waitlist is cancelled instead (409) so that its time is offered.
     */
    async remove(id: string) {
      const outcome = await repository.delete(id);
      if (outcome === 'missing') throw notFound(APPOINTMENT_MESSAGES.notFound);
      if (outcome === 'paid') throw conflict(APPOINTMENT_MESSAGES.paidNotDeleted);
      // Its row holds a one-to-one time for a waitlist offer (decision 026's addendum).
      if (outcome === 'held') throw conflict(APPOINTMENT_MESSAGES.heldNotDeleted);
      // People wait for its time: a cancel frees it with an offer to the first of them; a delete would not.
      if (outcome === 'waited-for') throw conflict(APPOINTMENT_MESSAGES.waitedForNotDeleted);
      await changed();
    },
  };
}

export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
