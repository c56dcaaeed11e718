import { z } from 'zod';
import { appointmentStatusSchema } from './appointments.ts';
import { calendarDate, slotTime } from './common.ts';
import { CUSTOMER_LANGUAGES } from './customer-texts.ts';
import {
  APPOINTMENT_ACTORS,
  APPOINTMENT_EVENT_KINDS,
  MANAGE_BOOKING_MESSAGES,
} from './manage-booking-rules.ts';
import { BOOKING_MESSAGES } from './schedule-rules.ts';

export * from './manage-booking-rules.ts';

/** The private link's secret: hex, as the database makes it. Anything else is no booking. */
export const manageTokenParamsSchema = z.object({
  token: z.string().regex(/^[0-9a-f]{32,128}$/, MANAGE_BOOKING_MESSAGES.notFound),
});

const money = z.object({ amount: z.number().int(), currency: z.string() });

/** One line of an appointment's history. `data` carries what the line names (from/to slot, amount). */
export const appointmentEventSchema = z.object({
  kind: z.enum(APPOINTMENT_EVENT_KINDS),
  actor: z.enum(APPOINTMENT_ACTORS),
  at: z.string(),
  /** Rescheduled: fromDate/fromTime and toDate/toTime. Status changed: status. Refunds: amount/currency. */
  data: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type AppointmentEvent = z.infer<typeof appointmentEventSchema>;

export const REMINDER_CHANNELS = ['whatsapp', 'email'] as const;
export const REMINDER_STATUSES = ['planned', 'sent', 'failed', 'skipped'] as const;

/** A reminder planned for an appointment: one per offset and channel, sent once. */
export const appointmentReminderSchema = z.object({
  hoursBefore: z.number().int(),
  channel: z.enum(REMINDER_CHANNELS),
  dueAt: z.string(),
  status: z.enum(REMINDER_STATUSES),
  sentAt: z.string().nullable(),
  /** Why it failed or was skipped. */
  error: z.string().nullable(),
});
export type AppointmentReminder = z.infer<typeof appointmentReminderSchema>;

/** What staff see under an appointment: the customer's private link, its history and its reminders. */
export const appointmentHistorySchema = z.object({
  manageUrl: z.string(),
  items: z.array(appointmentEventSchema),
  reminders: z.array(appointmentReminderSchema),
});
export type AppointmentHistory = z.infer<typeof appointmentHistorySchema>;

/**
 * What the customer sees on /booking/{token}, and what they may do now. The server decides the
 * refund and the deadlines at the moment it answers; a cancel sends back what it was shown.
 */
export const managedBookingSchema = z.object({
  appointment: z.object({
    date: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    startsAt: z.string(),
    status: appointmentStatusSchema,
    employeeName: z.string(),
    clientName: z.string(),
    serviceName: z.string(),
  }),
  /** The business's IANA zone: date and times above are wall-clock time there. */
  timeZone: z.string(),
  companyName: z.string(),
  /** The client's language, the page's too (English when not known); the emails use the same. */
  language: z.enum(CUSTOMER_LANGUAGES),
  /** What was paid for it, and whether it was given back. Null when nothing was paid online. */
  payment: money.extend({ refunded: z.boolean() }).nullable(),
  /**
   * The pack a session of which paid for it, as it stands now (`returned`: the session went back
   * when it was cancelled in time). Null when no pack paid for it.
   */
  pack: z
    .object({
      name: z.string(),
      sessionsLeft: z.number().int(),
      sessionsTotal: z.number().int(),
      expiresAt: z.string(),
      returned: z.boolean(),
      /** Cancelling now gives the session back (inside the free window). */
      backOnCancel: z.boolean(),
    })
    .nullable(),
  policy: z.object({ freeCancellationHours: z.number().int() }),
  /** Until when cancelling refunds the fee and moving is allowed (null when no deadline applies). */
  changesUntil: z.string().nullable(),
  canCancel: z.boolean(),
  /** The refund a cancellation made now gives; null when none would be given. */
  refundOnCancel: money.nullable(),
  canReschedule: z.boolean(),
  /** Why a change is not possible now, in the customer's words; null when both are. */
  reason: z.string().nullable(),
  history: z.array(appointmentEventSchema),
});
export type ManagedBooking = z.infer<typeof managedBookingSchema>;

/** The open times the appointment may move to, by the business's local date. */
export const managedBookingSlotsSchema = z.object({
  timeZone: z.string(),
  slots: z.array(z.object({ date: z.string(), times: z.array(z.string()) })),
});
export type ManagedBookingSlots = z.infer<typeof managedBookingSlotsSchema>;

/**
 * `refundExpected` is the refund the page showed (its amount in minor units, 0 for none): if the
 * terms changed since (the deadline passed while the customer read), nothing is cancelled.
 */
export const cancelBookingSchema = z.object({
  refundExpected: z.number().int().min(0),
  /** For an appointment paid with a pack session: whether the customer was told it goes back. */
  sessionBackExpected: z.boolean().optional(),
});
export type CancelBookingRequest = z.infer<typeof cancelBookingSchema>;

export const rescheduleBookingSchema = z.object({
  date: calendarDate(BOOKING_MESSAGES.dateInvalid),
  timeSlot: slotTime(BOOKING_MESSAGES.timeInvalid),
});
export type RescheduleBookingRequest = z.infer<typeof rescheduleBookingSchema>;
