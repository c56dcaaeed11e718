import { z } from 'zod';
import { booleanQuerySchema, calendarDate, idSchema, paginationSchema, slotTime } from './common.ts';
import { APPOINTMENTS_PAGE_SIZE } from './constants.ts';

export const APPOINTMENT_STATUSES = ['scheduled', 'completed', 'cancelled', 'no-show'] as const;

/** Where an appointment was booked: the public booking page, a link the assistant sent in a chat, or staff. */
export const BOOKING_CHANNELS = ['page', 'chat', 'staff'] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number];
export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

export const APPOINTMENT_MESSAGES = {
  notFound: 'Appointment not found',
  slotTaken: 'Another appointment already takes this time slot.',
  dateInvalid: 'Use a date like 2026-11-23',
  paidNotDeleted:
    'A paid appointment is kept with its payment and history, so it cannot be deleted. Cancel it instead if it will not take place.',
  heldNotDeleted:
    'Its time is held for someone on its waitlist, so it cannot be deleted until that offer is taken, declined or runs out.',
  waitedForNotDeleted:
    'People are on the waitlist for this time, so it cannot be deleted. Cancel it instead: its time is then offered to the first in line.',
  reopenNeeded:
    'This appointment is cancelled. Reopen it on purpose to change its status: its slot is taken again and reminders are planned again.',
  notScheduledToMove: 'Only a scheduled appointment can be moved.',
  clientNotFound: 'Client not found',
  timeInvalid: 'Choose a valid time',
  inThePast: 'This time has already passed.',
  serviceInvalid: 'Choose a service from the list',
  notAClass: 'This appointment is no seat of a class.',
  seatCannotMove: 'A seat in a class stays at its class time: cancel it and book another time instead.',
} as const;

/**
 * How a booking made at the desk is paid: not yet (`none`: the customer pays later or it is free),
 * at the desk, in cash or by card on the business's own terminal (`desk`: recorded as paid; a
 * refund is given back by hand), or with a session of a pack the client bought for the service
 * (`pack`: the one expiring soonest; refused with 409 when none has a session left).
 */
export const STAFF_BOOKING_PAYMENTS = ['none', 'desk', 'pack'] as const;

/** Staff booking a client in: the same slots and rules as the booking page, minus notice and horizon. */
export const createAppointmentSchema = z.object({
  clientId: idSchema,
  employeeId: idSchema,
  /** None: the professional's default service. */
  serviceId: idSchema.optional(),
  date: calendarDate(APPOINTMENT_MESSAGES.dateInvalid),
  timeSlot: slotTime(APPOINTMENT_MESSAGES.timeInvalid),
  payment: z.enum(STAFF_BOOKING_PAYMENTS).default('none'),
  notes: z.string().trim().max(2000).optional(),
});
export type CreateAppointmentRequest = z.input<typeof createAppointmentSchema>;

export const appointmentSchema = z.object({
  id: z.string(),
  /** The business's local date (yyyy-MM-dd) and wall-clock times (HH:mm, 24-hour). */
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** The same moment as an instant, for clients that want it. */
  startsAt: z.string(),
  status: appointmentStatusSchema,
  notes: z.string().nullable(),
  client: z.object({ id: z.string().nullable(), name: z.string(), email: z.string().nullable() }),
  employee: z.object({ id: z.string().nullable(), name: z.string(), email: z.string().nullable() }),
  /** What was booked, with its price then (a later edit of the service changes neither). */
  service: z.object({
    id: z.string().nullable(),
    name: z.string(),
    durationMinutes: z.number().int(),
    price: z.object({ amount: z.number().int(), currency: z.string() }),
  }),
  createdAt: z.string(),
  /**
   * What the customer paid when booking: staff cancelling a paid appointment decide what happens
   * to it, and a paid appointment is never deleted. Null when nothing was paid.
   */
  payment: z
    .object({ amount: z.number().int(), currency: z.string(), refunded: z.boolean() })
    .nullable()
    .optional(),
  /**
   * The pack session it was booked with (`returned` once a cancellation in time gave it back).
   * Null when no pack paid for it.
   */
  pack: z.object({ clientPackId: z.string(), name: z.string(), returned: z.boolean() }).nullable().optional(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/**
 * The clients of a class time (decision 024), as the appointment page of any of its seats shows
 * them: each seat's client, how it was paid, and its status (attended is `completed`). `roster`
 * is null for an appointment that is no class's seat.
 */
export const classRosterSchema = z.object({
  roster: z
    .object({
      seats: z.number().int(),
      seatsTaken: z.number().int(),
      entries: z.array(
        z.object({
          appointmentId: z.string(),
          client: z.object({ id: z.string().nullable(), name: z.string(), email: z.string().nullable() }),
          status: appointmentStatusSchema,
          payment: z
            .object({ amount: z.number().int(), currency: z.string(), refunded: z.boolean() })
            .nullable(),
          pack: z.object({ name: z.string(), returned: z.boolean() }).nullable(),
        }),
      ),
    })
    .nullable(),
});
export type ClassRoster = z.infer<typeof classRosterSchema>;

const dateFilter = calendarDate(APPOINTMENT_MESSAGES.dateInvalid)
  .optional()
  .or(z.literal('').transform(() => undefined));

export const listAppointmentsQuerySchema = z.object({
  status: appointmentStatusSchema.optional().or(z.literal('').transform(() => undefined)),
  startDate: dateFilter,
  endDate: dateFilter,
  clientId: z.uuid().optional(),
  /** Appointments of one service (archived ones too: their past appointments keep them). */
  serviceId: z
    .uuid({ message: APPOINTMENT_MESSAGES.serviceInvalid })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Client or professional name, client email or phone, without regard to case or accents. */
  search: z.string().trim().max(100).optional(),
  /** Only scheduled appointments that have not started yet, soonest first (otherwise latest first). */
  upcoming: booleanQuerySchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(APPOINTMENTS_PAGE_SIZE),
});
export type ListAppointmentsQuery = z.input<typeof listAppointmentsQuerySchema>;

export const appointmentListSchema = z.object({
  appointments: z.array(appointmentSchema),
  pagination: paginationSchema,
});
export type AppointmentList = z.infer<typeof appointmentListSchema>;

export const updateAppointmentStatusSchema = z.object({
  status: appointmentStatusSchema,
  /**
   * Cancelling a scheduled appointment the customer paid for: refund the payment (the default: the
   * business is cancelling) or keep it (false: a late cancellation under the business's policy).
   */
  refund: z.boolean().optional(),
  /**
   * Leaving `cancelled` for any other status: refused (409) unless asked for on purpose, since the
   * slot is taken again, reminders are planned again, and a refund already made is not taken back.
   */
  reopen: z.boolean().optional(),
});
