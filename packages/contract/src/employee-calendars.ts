import { z } from 'zod';

export const EMPLOYEE_CALENDAR_LIMITS = { perEmployee: 5, urlMax: 2000, labelMax: 80 } as const;

export const EMPLOYEE_CALENDAR_MESSAGES = {
  urlRequired: 'Calendar address is required',
  urlInvalid: 'Use the calendar’s address that starts with https:// or webcal://',
  urlTooLong: `Calendar address must be at most ${EMPLOYEE_CALENDAR_LIMITS.urlMax} characters`,
  labelTooLong: `Name must be at most ${EMPLOYEE_CALENDAR_LIMITS.labelMax} characters`,
  tooMany: `An employee can have at most ${EMPLOYEE_CALENDAR_LIMITS.perEmployee} calendars`,
  notFound: 'Calendar not found',
} as const;

export const employeeCalendarFormSchema = z.object({
  url: z
    .string({ message: EMPLOYEE_CALENDAR_MESSAGES.urlRequired })
    .trim()
    .min(1, EMPLOYEE_CALENDAR_MESSAGES.urlRequired)
    .max(EMPLOYEE_CALENDAR_LIMITS.urlMax, EMPLOYEE_CALENDAR_MESSAGES.urlTooLong)
    .regex(/^(https?|webcal):\/\/\S+$/i, EMPLOYEE_CALENDAR_MESSAGES.urlInvalid),
  label: z
    .string()
    .trim()
    .max(EMPLOYEE_CALENDAR_LIMITS.labelMax, EMPLOYEE_CALENDAR_MESSAGES.labelTooLong)
    .default(''),
});

/** One of a professional's own calendars, as staff see it: its busy events keep slots closed. */
export const employeeCalendarSchema = z.object({
  id: z.string(),
  url: z.string(),
  label: z.string(),
  lastCheckedAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  /** Why the last read failed, for staff; the busy times of the last good copy still apply. */
  lastError: z.string().nullable(),
  /** Busy intervals of the last good copy, from now on. */
  busyCount: z.number().int(),
});
export type EmployeeCalendar = z.infer<typeof employeeCalendarSchema>;
export const employeeCalendarListSchema = z.array(employeeCalendarSchema);

export const employeeCalendarParamsSchema = z.object({
  id: z.uuid({ message: 'Invalid id' }),
  calendarId: z.uuid({ message: 'Invalid id' }),
});
