import { z } from 'zod';
import { idSchema } from './common.ts';
import { CURRENCIES } from './constants.ts';

export const SERVICE_LIMITS = {
  nameMax: 80,
  descriptionMax: 500,
  durationMin: 5,
  durationMax: 480,
  /** Lengths and buffers move in these steps, as a day is planned. */
  minuteStep: 5,
  bufferMax: 240,
  /** A year: a notice longer than that is no booking page at all. */
  noticeMaxMinutes: 525_600,
  horizonMaxDays: 730,
  dailyCapMax: 200,
  /** A class's seats: more than one client at one time. */
  seatsMax: 100,
  /** 10,000.00 in the currency: a price above it is a typo. */
  priceMax: 1_000_000,
} as const;

export const SERVICE_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${SERVICE_LIMITS.nameMax} characters`,
  descriptionTooLong: `Description must be at most ${SERVICE_LIMITS.descriptionMax} characters`,
  durationInvalid: `Length must be between ${SERVICE_LIMITS.durationMin} and ${SERVICE_LIMITS.durationMax} minutes, in steps of ${SERVICE_LIMITS.minuteStep}`,
  priceInvalid: 'Price must be 0 or more, with at most two decimals',
  priceTooHigh: 'Price is too high',
  currencyInvalid: `Currency must be one of ${CURRENCIES.join(', ').toUpperCase()}`,
  bufferInvalid: `Buffers must be between 0 and ${SERVICE_LIMITS.bufferMax} minutes, in steps of ${SERVICE_LIMITS.minuteStep}`,
  noticeInvalid: 'Minimum notice must be between 0 minutes and a year',
  horizonInvalid: `Booking horizon must be between 1 and ${SERVICE_LIMITS.horizonMaxDays} days`,
  dailyCapInvalid: `Daily limit must be between 1 and ${SERVICE_LIMITS.dailyCapMax}, or empty for no limit`,
  seatsInvalid: `Seats must be between 2 and ${SERVICE_LIMITS.seatsMax}, or empty for one client at a time`,
  employeesInvalid: 'Choose professionals from the list',
  notFound: 'Service not found',
  defaultArchived: 'The default service cannot be archived: make another service the default first',
  nameTaken: 'A service with this name already exists',
  archived: 'This service is no longer offered',
  notOffered: 'This professional does not offer this service',
  noService: 'This professional offers no service that can be booked',
} as const;

const minutes = (max: number, message: string, min = 0) =>
  z
    .number({ message })
    .int(message)
    .min(min, message)
    .max(max, message)
    .refine((value) => value % SERVICE_LIMITS.minuteStep === 0, message);

/** What staff set on a service (create and edit alike). */
export const serviceFormSchema = z.object({
  name: z
    .string({ message: SERVICE_MESSAGES.nameRequired })
    .trim()
    .min(1, SERVICE_MESSAGES.nameRequired)
    .max(SERVICE_LIMITS.nameMax, SERVICE_MESSAGES.nameTooLong),
  description: z
    .string()
    .trim()
    .max(SERVICE_LIMITS.descriptionMax, SERVICE_MESSAGES.descriptionTooLong)
    .default(''),
  durationMinutes: minutes(
    SERVICE_LIMITS.durationMax,
    SERVICE_MESSAGES.durationInvalid,
    SERVICE_LIMITS.durationMin,
  ),
  /** In cents (the currency's smallest unit). */
  priceAmount: z
    .number({ message: SERVICE_MESSAGES.priceInvalid })
    .int(SERVICE_MESSAGES.priceInvalid)
    .min(0, SERVICE_MESSAGES.priceInvalid)
    .max(SERVICE_LIMITS.priceMax, SERVICE_MESSAGES.priceTooHigh),
  currency: z.enum(CURRENCIES, { message: SERVICE_MESSAGES.currencyInvalid }),
  bufferBeforeMinutes: minutes(SERVICE_LIMITS.bufferMax, SERVICE_MESSAGES.bufferInvalid).default(0),
  bufferAfterMinutes: minutes(SERVICE_LIMITS.bufferMax, SERVICE_MESSAGES.bufferInvalid).default(0),
  minNoticeMinutes: z
    .number({ message: SERVICE_MESSAGES.noticeInvalid })
    .int(SERVICE_MESSAGES.noticeInvalid)
    .min(0, SERVICE_MESSAGES.noticeInvalid)
    .max(SERVICE_LIMITS.noticeMaxMinutes, SERVICE_MESSAGES.noticeInvalid)
    .default(0),
  horizonDays: z
    .number({ message: SERVICE_MESSAGES.horizonInvalid })
    .int(SERVICE_MESSAGES.horizonInvalid)
    .min(1, SERVICE_MESSAGES.horizonInvalid)
    .max(SERVICE_LIMITS.horizonMaxDays, SERVICE_MESSAGES.horizonInvalid)
    .default(60),
  dailyCap: z
    .number({ message: SERVICE_MESSAGES.dailyCapInvalid })
    .int(SERVICE_MESSAGES.dailyCapInvalid)
    .min(1, SERVICE_MESSAGES.dailyCapInvalid)
    .max(SERVICE_LIMITS.dailyCapMax, SERVICE_MESSAGES.dailyCapInvalid)
    .nullable()
    .default(null),
  /** A class: this many clients at one time, each booking a seat. Null (or 1) is one client per time. */
  seats: z
    .number({ message: SERVICE_MESSAGES.seatsInvalid })
    .int(SERVICE_MESSAGES.seatsInvalid)
    .min(1, SERVICE_MESSAGES.seatsInvalid)
    .max(SERVICE_LIMITS.seatsMax, SERVICE_MESSAGES.seatsInvalid)
    .nullable()
    .default(null)
    .transform((value) => (value === 1 ? null : value)),
  /** The professionals who offer it. */
  employeeIds: z.array(idSchema, { message: SERVICE_MESSAGES.employeesInvalid }).max(500).default([]),
});
export type ServiceForm = z.input<typeof serviceFormSchema>;

export const serviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  durationMinutes: z.number().int(),
  priceAmount: z.number().int(),
  currency: z.string(),
  bufferBeforeMinutes: z.number().int(),
  bufferAfterMinutes: z.number().int(),
  minNoticeMinutes: z.number().int(),
  horizonDays: z.number().int(),
  dailyCap: z.number().int().nullable(),
  seats: z.number().int().nullable(),
  isDefault: z.boolean(),
  archivedAt: z.string().nullable(),
  employeeIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Service = z.infer<typeof serviceSchema>;
export const serviceListSchema = z.array(serviceSchema);

export const listServicesQuerySchema = z.object({
  /** Archived services too (the Services page's "Show archived"). */
  archived: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** Which services one professional offers (the employee page's checklist). */
export const employeeServicesSchema = z.object({
  serviceIds: z.array(idSchema, { message: SERVICE_MESSAGES.employeesInvalid }).max(500),
});

/** A service as the public booking page and the assistant show it. */
export const publicServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  durationMinutes: z.number().int(),
  price: z.object({ amount: z.number().int(), currency: z.string() }),
  /** A class's seats per time; null for one client at a time. */
  seats: z.number().int().nullable(),
});
export type PublicService = z.infer<typeof publicServiceSchema>;
