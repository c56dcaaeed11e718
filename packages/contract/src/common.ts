import { z } from 'zod';

/** yyyy-MM-dd that names a day the calendar has (no 2027-02-29, no 2027-04-31). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** HH:mm on a 24-hour clock, 00:00 to 23:59. */
export const isTimeOfDay = (value: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/** A local date (yyyy-MM-dd) that exists: every date that enters the API goes through this. */
export const calendarDate = (message: string) => z.string().refine(isCalendarDate, { message });

/** A wall-clock time (HH:mm) that exists on a 24-hour clock. */
export const timeOfDay = (message: string) => z.string().refine(isTimeOfDay, { message });

/** A start time on the 5-minute marks every service's grid uses (the server checks the service's own). */
export const slotTime = (message: string) =>
  timeOfDay(message).refine((value) => Number(value.slice(3)) % 5 === 0, { message });

export const idSchema = z.uuid({ message: 'Invalid id' });
export const idParamsSchema = z.object({ id: idSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

/** Every 4xx and 5xx answer of the API has this body. */
export const errorBodySchema = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const okBodySchema = z.object({ ok: z.literal(true) });

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
export const CURSOR_INVALID = 'Invalid cursor';

/**
 * A page of a list that grows without bound: `cursor` is the `nextCursor` of the page before, so
 * each page starts where the last ended (keyset pagination) and costs the same however deep it is.
 */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: z
    .string()
    .max(2000)
    .regex(/^[A-Za-z0-9_-]+$/, CURSOR_INVALID)
    .optional(),
});

/** One page of `item`s; `nextCursor` asks for the next page, and is null on the last. */
export const pagedSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
export type Paged<Item> = { items: Item[]; nextCursor: string | null };

/** Query-string booleans arrive as text; anything but 'true'/'false' is a validation error. */
export const booleanQuerySchema = z.enum(['true', 'false']).transform((value) => value === 'true');

/** An optional text field from a form: blank means "not set". */
export const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullish()
    .transform((value) => value ?? null);

/** An optional absolute http(s) URL from a form: blank means "not set". */
export const optionalUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(2000)
    .refine((value) => value === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value), { message })
    .transform((value) => (value === '' ? null : value))
    .nullish()
    .transform((value) => value ?? null);
