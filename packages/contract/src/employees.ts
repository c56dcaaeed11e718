import { z } from 'zod';
import { pageQuerySchema } from './common.ts';
import { EMAIL_PATTERN, MIN_PASSWORD_LENGTH } from './constants.ts';
import { EMPLOYEE_MESSAGES, HALF_HOURS, normalizeLocations, WEEKDAYS } from './employees-rules.ts';

export * from './employees-rules.ts';

const halfHour = z.string().refine((value) => HALF_HOURS.includes(value), EMPLOYEE_MESSAGES.timeInvalid);
export const timeRangeSchema = z.tuple([halfHour, halfHour]);
export type TimeRange = z.infer<typeof timeRangeSchema>;

/** Lowercase weekday → list of [start, end]; a range whose end is not after its start gives no slots. */
export const availabilitySchema = z.partialRecord(z.enum(WEEKDAYS), z.array(timeRangeSchema).max(24));
export type Availability = z.infer<typeof availabilitySchema>;

export const employeeSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  isActive: z.boolean(),
  /** Offered on the public booking page, by the booking API and by the assistant. */
  takesBookings: z.boolean(),
  role: z.string().nullable(),
  title: z.string().nullable(),
  locations: z.array(z.string()),
  availability: availabilitySchema,
});
export type Employee = z.infer<typeof employeeSchema>;

const optionalLabel = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((value) => (value ? value : null));

const employeeFields = {
  name: z
    .string({ message: EMPLOYEE_MESSAGES.nameRequired })
    .trim()
    .min(1, EMPLOYEE_MESSAGES.nameRequired)
    .max(200),
  email: z
    .string({ message: EMPLOYEE_MESSAGES.emailRequired })
    .trim()
    .min(1, EMPLOYEE_MESSAGES.emailRequired)
    .max(320)
    .regex(EMAIL_PATTERN, EMPLOYEE_MESSAGES.emailInvalid),
  username: z
    .string({ message: EMPLOYEE_MESSAGES.usernameRequired })
    .trim()
    .min(1, EMPLOYEE_MESSAGES.usernameRequired)
    .max(60)
    .regex(/^[A-Za-z0-9._-]+$/, EMPLOYEE_MESSAGES.usernameInvalid),
  isActive: z.boolean().default(true),
  role: optionalLabel,
  title: optionalLabel,
  locations: z.array(z.string().max(100)).max(50).default([]).transform(normalizeLocations),
  availability: availabilitySchema.default({}),
};

const password = z
  .string({ message: EMPLOYEE_MESSAGES.passwordRequired })
  .min(1, EMPLOYEE_MESSAGES.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, EMPLOYEE_MESSAGES.passwordTooShort)
  .max(200);

export const createEmployeeSchema = z.object({
  ...employeeFields,
  takesBookings: z.boolean().default(true),
  password,
});
export type CreateEmployeeRequest = z.input<typeof createEmployeeSchema>;

/** On edit a blank password keeps the current one. */
export const updateEmployeeSchema = z.object({
  ...employeeFields,
  /** Left out (an older client), the saved value stays. */
  takesBookings: z.boolean().optional(),
  password: z
    .union([z.literal(''), password])
    .nullish()
    .transform((value) => value || undefined),
});
export type UpdateEmployeeRequest = z.input<typeof updateEmployeeSchema>;

/** An employee's private calendar feed: the same address over https and for calendar apps (webcal). */
export const calendarFeedSchema = z.object({
  url: z.string(),
  webcalUrl: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const listEmployeesQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
});
