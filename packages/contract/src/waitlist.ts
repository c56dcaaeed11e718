import { z } from 'zod';
import { calendarDate, idSchema, slotTime } from './common.ts';
import { clientInfoSchema, pageLanguageSchema } from './schedule.ts';
import { BOOKING_MESSAGES, CLIENT_INFO_MAX_LENGTH } from './schedule-rules.ts';

/**
 * A place in line for a full class time or a taken one-to-one time (decision 026). `waiting` in line; `offered` holds a
 * freed seat for the customer until `holdUntil`; then `booked`, `declined` or `expired`;
 * `cancelled` when staff cancelled the whole class.
 */
export const WAITLIST_STATUSES = [
  'waiting',
  'offered',
  'booked',
  'declined',
  'expired',
  'cancelled',
] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** How long a freed seat is held for the customer it is offered to, unless WAITLIST_HOLD_MINUTES says. */
export const WAITLIST_HOLD_MINUTES_DEFAULT = 30;

export const WAITLIST_MESSAGES = {
  joined: "You're on the waitlist. We'll email you if a place frees up.",
  notFull: 'This time still has places: book it instead.',
  timeFree: 'This time is free: book it instead.',
  notATime: 'This is not one of their times for this service.',
  past: 'This time has already started.',
  alreadyJoined: 'This email is already on the waitlist for this time.',
  offerNotFound: 'This offer was not found.',
  offerGone: 'This offer is no longer open: the place was offered to the next person in line.',
  offerGoneRefunded:
    'This offer is no longer open: the place was offered to the next person in line. Your payment was refunded.',
  notFree: 'This place has a price: pay for it or use a pack.',
  paymentNotForOffer: 'This payment is not for this offer.',
  paymentIncomplete: 'The payment was not completed, so the place was not booked.',
  packEmail: 'Use the code sent to the email this offer was sent to.',
  noSession: 'You have no pack with a session left for this class.',
  declined: 'You have declined this place. It goes to the next person in line.',
} as const;

/**
 * Joining a full class time's or a taken time's waitlist from the booking page: the name and email as the booking
 * form checks them; the phone is optional here (the offer goes by email).
 */
export const joinWaitlistSchema = clientInfoSchema.pick({ name: true, email: true }).extend({
  /** The professional waited for; absent: any professional who offers the service ('anyone available'). */
  employeeId: idSchema.optional(),
  serviceId: idSchema,
  date: calendarDate(BOOKING_MESSAGES.dateInvalid),
  timeSlot: slotTime(BOOKING_MESSAGES.timeInvalid),
  phone: z
    .string()
    .trim()
    .max(CLIENT_INFO_MAX_LENGTH.phone)
    .optional()
    .transform((value) => value || undefined),
  /** The page's language: the offer and its confirmation are written in it. */
  language: pageLanguageSchema,
});
export type JoinWaitlist = z.input<typeof joinWaitlistSchema>;

export const joinedWaitlistSchema = z.object({ position: z.number().int(), message: z.string() });
export type JoinedWaitlist = z.infer<typeof joinedWaitlistSchema>;

/**
 * A professional's full class times of a service ahead, or for a one-to-one service their taken
 * times it could be booked at were they free (with no professional: the times taken with all of
 * the service's professionals): the booking page offers their waitlist.
 */
export const fullTimesQuerySchema = z.object({
  /** Absent: the service's times taken with every professional who offers it ('anyone available'). */
  employeeId: idSchema.optional(),
  serviceId: idSchema,
});
export const fullTimesSchema = z.object({
  times: z.array(z.object({ date: z.string(), timeSlot: z.string() })),
});
export type FullTimes = z.infer<typeof fullTimesSchema>;

export const offerTokenParamsSchema = z.object({ token: z.string().min(16).max(128) });

/** What the offer page shows. */
export const waitlistOfferSchema = z.object({
  status: z.enum(WAITLIST_STATUSES),
  name: z.string(),
  email: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  employeeName: z.string(),
  date: z.string(),
  startTime: z.string(),
  timeZone: z.string(),
  /** When the held place goes to the next in line (null while not offered). */
  holdUntil: z.string().nullable(),
  priceAmount: z.number().int(),
  currency: z.string(),
  /** The booking's private page, once booked. */
  manageUrl: z.string().nullable(),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

export const offerPaymentSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: z.number().int(),
  currency: z.string(),
});

/** Take the offered place: with the payment made for it, a pack (the emailed code's token), or free. */
export const confirmOfferSchema = z.object({
  paymentIntentId: z.string().min(1).max(200).optional(),
  packToken: z.string().min(1).max(200).optional(),
});
export type ConfirmOffer = z.input<typeof confirmOfferSchema>;

/** The waitlist of an appointment's time (its class time's, or its one-to-one time's) as staff see it, first in line first. */
export const classWaitlistSchema = z.object({
  entries: z.array(
    z.object({
      id: z.string(),
      position: z.number().int(),
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      status: z.enum(WAITLIST_STATUSES),
      holdUntil: z.string().nullable(),
      appointmentId: z.string().nullable(),
    }),
  ),
});
export type ClassWaitlist = z.infer<typeof classWaitlistSchema>;
