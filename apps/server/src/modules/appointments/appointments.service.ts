import {
  APPOINTMENT_MESSAGES,
  type Appointment,
  type AppointmentList,
  type AppointmentStatus,
  type listAppointmentsQuerySchema,
} from '@chatdesk/contract/appointments';
import type { z } from 'zod';
import type { EventBus } from '../../events/event-bus.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/app-error.ts';
import type { AppointmentRow, AppointmentsRepository } from './appointments.repository.ts';

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
  createdAt: row.createdAt.toISOString(),
});

export function createAppointmentsService({
  repository,
  events,
  clock,
  onNoShow,
  paid,
  log,
}: {
  repository: AppointmentsRepository;
  events: EventBus;
  clock: () => Date;
  /** Marking a no-show may send the customer a rebooking message (Company Settings). */
  onNoShow: (appointmentId: string) => Promise<void>;
  /** What becomes of the customer's payment when staff cancel or delete a paid booking (manage-booking). */
  paid: {
    /** Cancels a scheduled, paid appointment with or without its refund; false if it is no such appointment. */
    cancel: (appointmentId: string, refund: boolean) => Promise<boolean>;
    /** Refunds a scheduled, paid appointment about to be deleted; throws if the refund is refused. */
    refundBeforeDelete: (appointmentId: string) => Promise<void>;
  };
  log?: { warn: (object: unknown, message: string) => void } | undefined;
}) {
  const changed = () => events.publish({ type: 'appointments.changed' });

  /** The appointment with what was paid for it, as its detail shows it. */
  async function detailed(row: AppointmentRow): Promise<Appointment> {
    const payment = row.providerPaymentId ? await repository.paymentOf(row.providerPaymentId) : undefined;
    const counted = payment && (payment.status === 'completed' || payment.status === 'refunded');
    return {
      ...toAppointment(row),
      payment: counted
        ? { amount: payment.amount, currency: payment.currency, refunded: payment.status === 'refunded' }
        : null,
    };
  }

  async function load(id: string) {
    const row = await repository.findById(id);
    if (!row) throw notFound(APPOINTMENT_MESSAGES.notFound);
    return row;
  }

  return {
    async list(query: z.output<typeof listAppointmentsQuerySchema>): Promise<AppointmentList> {
      const { page, limit, ...filter } = query;
      const { rows, total } = await repository.page(filter, page, limit);
      return {
        appointments: rows.map(toAppointment),
        pagination: { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) },
      };
    },

    async get(id: string) {
      return detailed(await load(id));
    },

    /**
     * Any status may follow any other; a cancelled one frees its slot, and reviving it needs the
     * slot free. Cancelling a scheduled appointment the customer paid for refunds it unless staff
     * keep the fee (`refund: false`), and tells the customer.
     */
    async setStatus(id: string, status: AppointmentStatus, options: { refund?: boolean } = {}) {
      if (status === 'cancelled' && (await paid.cancel(id, options.refund ?? true)))
        return detailed(await load(id));
      let updated: { row: AppointmentRow; from: AppointmentStatus } | undefined;
      try {
        updated = await repository.updateStatus(id, status, clock());
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(APPOINTMENT_MESSAGES.slotTaken);
        throw error;
      }
      if (!updated) throw notFound(APPOINTMENT_MESSAGES.notFound);
      await changed();
      if (status === 'no-show' && updated.from !== 'no-show') {
        // The status is saved whatever happens to the message; a failure reaches staff as a notification.
        await onNoShow(id).catch((error) =>
          log?.warn({ err: error, appointmentId: id }, 'no-show follow-up failed'),
        );
      }
      return detailed(updated.row);
    },

    async remove(id: string) {
      await paid.refundBeforeDelete(id);
      if (!(await repository.delete(id))) throw notFound(APPOINTMENT_MESSAGES.notFound);
      await changed();
    },
  };
}

export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
