import { z } from 'zod';
import { calendarDate, idSchema } from './common.ts';
import { timeRangeSchema } from './employees.ts';
import { EMPLOYEE_MESSAGES } from './employees-rules.ts';

/** The longest stretch one exception or closure may cover, in days. */
export const MAX_TIME_OFF_DAYS = 366;

export const TIME_OFF_MESSAGES = {
  dateInvalid: 'Choose a valid date',
  datesOrder: 'The last day cannot be before the first',
  tooLong: `Time off can cover at most ${MAX_TIME_OFF_DAYS} days`,
  nameRequired: 'Name is required',
  overrideNotFound: 'Time off not found',
  closureNotFound: 'Closed day not found',
} as const;

const dayCount = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

/** A span of local dates, both inclusive, in the business's time zone. */
const dateSpan = {
  fromDate: calendarDate(TIME_OFF_MESSAGES.dateInvalid),
  toDate: calendarDate(TIME_OFF_MESSAGES.dateInvalid),
};

function checkSpan(value: { fromDate: string; toDate: string }, ctx: z.RefinementCtx) {
  if (value.toDate < value.fromDate) {
    ctx.addIssue({ code: 'custom', path: ['toDate'], message: TIME_OFF_MESSAGES.datesOrder });
  } else if (dayCount(value.fromDate, value.toDate) > MAX_TIME_OFF_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['toDate'], message: TIME_OFF_MESSAGES.tooLong });
  }
}

const optionalNote = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((value) => (value ? value : null));

/** An appointment that falls inside new time off, with what staff need to reach its customer. */
export const affectedAppointmentSchema = z.object({
  id: z.string(),
  employeeName: z.string(),
  date: z.string(),
  time: z.string(),
  clientName: z.string(),
  clientEmail: z.string().nullable(),
  clientPhone: z.string().nullable(),
  /** The WhatsApp chat with the same phone number, when there is one. */
  chatId: z.string().nullable(),
});
export type AffectedAppointment = z.infer<typeof affectedAppointmentSchema>;

/** No ranges: a day off; otherwise these hours replace the weekly ones on each day of the span. */
export const dateOverrideSchema = z.object({
  id: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  ranges: z.array(timeRangeSchema),
  note: z.string().nullable(),
});
export type DateOverride = z.infer<typeof dateOverrideSchema>;

export const createDateOverrideSchema = z
  .object({
    ...dateSpan,
    ranges: z
      .array(
        timeRangeSchema.refine(([start, end]) => end > start, {
          message: EMPLOYEE_MESSAGES.rangeInvalid,
        }),
      )
      .max(24)
      .default([]),
    note: optionalNote,
  })
  .superRefine(checkSpan);
export type CreateDateOverrideRequest = z.input<typeof createDateOverrideSchema>;

export const dateOverrideCreatedSchema = z.object({
  override: dateOverrideSchema,
  affectedAppointments: z.array(affectedAppointmentSchema),
});
export type DateOverrideCreated = z.infer<typeof dateOverrideCreatedSchema>;

export const businessClosureSchema = z.object({
  id: z.string(),
  name: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
});
export type BusinessClosure = z.infer<typeof businessClosureSchema>;

export const createBusinessClosureSchema = z
  .object({
    ...dateSpan,
    name: z
      .string({ message: TIME_OFF_MESSAGES.nameRequired })
      .trim()
      .min(1, TIME_OFF_MESSAGES.nameRequired)
      .max(200),
  })
  .superRefine(checkSpan);
export type CreateBusinessClosureRequest = z.input<typeof createBusinessClosureSchema>;

export const businessClosureCreatedSchema = z.object({
  closure: businessClosureSchema,
  affectedAppointments: z.array(affectedAppointmentSchema),
});
export type BusinessClosureCreated = z.infer<typeof businessClosureCreatedSchema>;

export const overrideParamsSchema = z.object({ id: idSchema, overrideId: idSchema });
