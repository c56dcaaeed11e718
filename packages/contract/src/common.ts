import { z } from 'zod';

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
