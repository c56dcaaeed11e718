import { z } from 'zod';
import { calendarDate, idSchema, isCalendarDate, slotTime } from './common.ts';
import { EMAIL_PATTERN } from './constants.ts';
import { CUSTOMER_LANGUAGES } from './customer-texts.ts';
import { availabilitySchema } from './employees.ts';
import { BOOKING_MESSAGES, CLIENT_INFO_MAX_LENGTH } from './schedule-rules.ts';
import { publicServiceSchema } from './services.ts';

export * from './schedule-rules.ts';

const localDate = calendarDate(BOOKING_MESSAGES.dateInvalid);
const timeSlot = slotTime(BOOKING_MESSAGES.timeInvalid);
/** Older pages and API clients send none: the professional's default (or only) service then. */
const serviceId = idSchema.optional();
/** A local day, or an ISO timestamp of the slot (older pages send one): either must name a real instant. */
const dayOrInstant = z
  .string()
  .min(10)
  .max(40)
  .refine(
    (value) =>
      value.length === 10
        ? isCalendarDate(value)
        : isCalendarDate(value.slice(0, 10)) && !Number.isNaN(Date.parse(value)),
    BOOKING_MESSAGES.dateInvalid,
  );

/**
 * Open starts of one local date. For a class (a service with seats), `seatsLeft` says how many
 * seats each start still has: the service's seats for a time nobody has booked yet.
 */
export const openDaySchema = z.object({
  date: z.string(),
  times: z.array(z.string()),
  seatsLeft: z.record(z.string(), z.number().int()).optional(),
});
export type OpenDay = z.infer<typeof openDaySchema>;

export const publicScheduleSchema = z.object({
  employee: z.object({
    id: z.string(),
    name: z.string(),
    username: z.string(),
    title: z.string().nullable(),
    locations: z.array(z.string()),
  }),
  /** The business's IANA time zone: every date and time here is wall-clock time there. */
  timeZone: z.string(),
  availability: availabilitySchema,
  /** The services this professional offers, the default first; empty when none can be booked. */
  services: z.array(publicServiceSchema),
  /** The service the slots below are for (`?service=`, else the default or the only one). */
  service: publicServiceSchema.nullable(),
  bookedSlots: z.array(z.object({ date: z.string(), timeSlot: z.string() })),
  /** Open slots from today on, by local date. */
  slots: z.array(openDaySchema),
  /**
   * Company Settings' policy: cancelling refunds the fee, and moving is allowed, until this many
   * hours before the start (the manage page's rule), so the page can say so before payment.
   */
  freeCancellationHours: z.number().int(),
  payment: z.object({
    provider: z.enum(['stripe', 'local']),
    publishableKey: z.string().nullable(),
    amount: z.number().int(),
    currency: z.string(),
  }),
});
export type PublicSchedule = z.infer<typeof publicScheduleSchema>;

export const usernameParamsSchema = z.object({ username: z.string().min(1).max(100) });
export const scheduleQuerySchema = z.object({ service: idSchema.optional() });

/**
 * The `?c=` of a booking link the assistant sent in a chat: the booking counts as the chat's. Only
 * ever attribution, so a mangled one is dropped, never a reason to refuse a booking.
 */
const chatRef = z
  .string()
  .regex(/^[a-z0-9]{1,40}$/)
  .optional()
  .catch(undefined);

/**
 * The language the booking page was read in: its confirmation email is written in it, and a new
 * client is known by it. Anything else is ignored (the email then follows what we know of them).
 */
export const pageLanguageSchema = z.enum(CUSTOMER_LANGUAGES).optional().catch(undefined);

export const paymentIntentRequestSchema = z.object({
  employeeId: idSchema,
  serviceId,
  date: localDate,
  timeSlot,
  chatRef,
  /** The visitor's details from the form, so the booking completes even if the page closes after paying. */
  clientInfo: z.lazy(() => clientInfoSchema).optional(),
  language: pageLanguageSchema,
});
export type PaymentIntentRequest = z.infer<typeof paymentIntentRequestSchema>;

export const paymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  holdExpiresAt: z.string(),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

export const clientInfoSchema = z.object({
  name: z
    .string({ message: BOOKING_MESSAGES.nameRequired })
    .trim()
    .min(1, BOOKING_MESSAGES.nameRequired)
    .max(CLIENT_INFO_MAX_LENGTH.name),
  email: z
    .string({ message: BOOKING_MESSAGES.emailRequired })
    .trim()
    .min(1, BOOKING_MESSAGES.emailRequired)
    .max(CLIENT_INFO_MAX_LENGTH.email)
    .regex(EMAIL_PATTERN, BOOKING_MESSAGES.emailInvalid),
  phone: z
    .string({ message: BOOKING_MESSAGES.phoneRequired })
    .trim()
    .min(1, BOOKING_MESSAGES.phoneRequired)
    .max(CLIENT_INFO_MAX_LENGTH.phone),
});
export type ClientInfo = z.infer<typeof clientInfoSchema>;

/**
 * What the page sends after paying. Only `payment.id` is trusted, and only after the server
 * has asked the provider about it; the other payment fields are informative.
 */
export const bookingRequestSchema = z.object({
  employeeId: idSchema,
  serviceId,
  /** The chosen local day (yyyy-MM-dd), or an ISO timestamp of the slot. */
  date: dayOrInstant,
  timeSlot,
  day: z.string().max(20).optional(),
  clientInfo: clientInfoSchema,
  payment: z.looseObject({ id: z.string().min(1).max(200) }),
});
export type BookingRequest = z.input<typeof bookingRequestSchema>;

/** A free service (price 0) booked without a payment: the visitor's details and the time. */
export const freeBookingRequestSchema = z.object({
  employeeId: idSchema,
  serviceId: idSchema,
  date: localDate,
  timeSlot,
  chatRef,
  clientInfo: clientInfoSchema,
  language: pageLanguageSchema,
});
export type FreeBookingRequest = z.input<typeof freeBookingRequestSchema>;

export const bookingResponseSchema = z.object({
  appointment: z.object({
    id: z.string(),
    date: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    timeZone: z.string(),
    employeeName: z.string(),
    serviceName: z.string(),
  }),
});
export type BookingResponse = z.infer<typeof bookingResponseSchema>;

/** A bookable professional as the business-wide booking page names them. */
export const publicProfessionalSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  title: z.string().nullable(),
});

/** The business's services, each with who offers it: the start of booking "anyone available". */
export const publicServiceListSchema = z.object({
  timeZone: z.string(),
  services: z.array(publicServiceSchema.extend({ professionals: z.array(publicProfessionalSchema) })),
});
export type PublicServiceList = z.infer<typeof publicServiceListSchema>;

/** The open times of a service with any of its professionals, by local date. */
export const anyoneSlotsSchema = z.object({
  timeZone: z.string(),
  service: publicServiceSchema,
  /** A class's seats left at a time are those of every professional open then. */
  slots: z.array(openDaySchema),
  freeCancellationHours: z.number().int(),
});
export type AnyoneSlots = z.infer<typeof anyoneSlotsSchema>;

export const serviceParamsSchema = z.object({ id: idSchema });
export const assignAnyoneSchema = z.object({ date: localDate, timeSlot });

/** Who takes a time booked with "anyone available": shown before paying, then booked as with them. */
export const assignedProfessionalSchema = z.object({ professional: publicProfessionalSchema });
export type AssignedProfessional = z.infer<typeof assignedProfessionalSchema>;
