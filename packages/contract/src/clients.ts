import { z } from 'zod';
import { optionalText, pageQuerySchema } from './common.ts';
import { EMAIL_PATTERN } from './constants.ts';

export const CLIENT_STATUSES = ['lead', 'active', 'inactive', 'former'] as const;
export const CLIENT_SOURCES = ['whatsapp', 'referral', 'website', 'social', 'other'] as const;
export const PAYMENT_STATUSES = ['completed', 'failed', 'refunded', 'other'] as const;

export const CLIENT_MESSAGES = {
  notFound: 'Client not found',
  nameRequired: 'Name is required',
  phoneRequired: 'Phone is required',
  emailInvalid: 'Please enter a valid email address',
  employeeNotFound: 'The assigned employee does not exist',
  amountInvalid: 'Amount must be a positive number',
  currencyInvalid: 'Choose a currency',
} as const;

export const addressSchema = z.object({
  street: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  zipCode: z.string().optional(),
  country: z.string().optional(),
});

export const clientPaymentSchema = z.object({
  id: z.string(),
  date: z.string(),
  /** Minor units: divide by 100 to show. */
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.string().nullable(),
  description: z.string().nullable(),
});
export type ClientPayment = z.infer<typeof clientPaymentSchema>;

export const clientAppointmentSchema = z.object({
  id: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(['scheduled', 'completed', 'cancelled', 'no-show']),
  employee: z.object({ id: z.string().nullable(), name: z.string() }),
});

export const clientSubscriptionSummarySchema = z.object({
  id: z.string(),
  status: z.string(),
  plan: z.string(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});

export const clientSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  status: z.enum(CLIENT_STATUSES),
  source: z.enum(CLIENT_SOURCES),
  assignedEmployee: z.object({ id: z.string(), name: z.string() }).nullable(),
  address: addressSchema,
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The chat with the same phone, when there is one. */
  chatId: z.string().nullable(),
});
export type Client = z.infer<typeof clientSchema>;

export const clientDetailSchema = clientSchema.extend({
  appointments: z.array(clientAppointmentSchema),
  subscription: clientSubscriptionSummarySchema.nullable(),
  payments: z.array(clientPaymentSchema),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;

export const listClientsQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
  status: z
    .enum(CLIENT_STATUSES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

const trimmedOptional = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => value || undefined);

export const clientFormSchema = z.object({
  name: z
    .string({ message: CLIENT_MESSAGES.nameRequired })
    .trim()
    .min(1, CLIENT_MESSAGES.nameRequired)
    .max(200),
  phone: z
    .string({ message: CLIENT_MESSAGES.phoneRequired })
    .trim()
    .min(1, CLIENT_MESSAGES.phoneRequired)
    .max(40),
  email: z
    .string()
    .trim()
    .max(320)
    .refine((value) => value === '' || EMAIL_PATTERN.test(value), CLIENT_MESSAGES.emailInvalid)
    .nullish()
    .transform((value) => value || null),
  status: z.enum(CLIENT_STATUSES).default('lead'),
  source: z.enum(CLIENT_SOURCES).default('whatsapp'),
  assignedEmployeeId: z
    .union([z.uuid(), z.literal('')])
    .nullish()
    .transform((value) => value || null),
  address: z
    .object({
      street: trimmedOptional,
      city: trimmedOptional,
      state: trimmedOptional,
      zipCode: trimmedOptional,
      country: trimmedOptional,
    })
    .optional()
    .transform((address) => address ?? {}),
  notes: optionalText(10_000),
});
export type ClientForm = z.input<typeof clientFormSchema>;

export const createPaymentSchema = z.object({
  /** Major units as typed (12.50); stored in minor units. */
  amount: z
    .number({ message: CLIENT_MESSAGES.amountInvalid })
    .positive(CLIENT_MESSAGES.amountInvalid)
    .max(1_000_000),
  currency: z.enum(['usd', 'eur', 'gbp'], { message: CLIENT_MESSAGES.currencyInvalid }),
  status: z.enum(PAYMENT_STATUSES).default('completed'),
  paymentMethod: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((value) => value || null),
  description: z
    .string()
    .trim()
    .max(500)
    .optional()
    .transform((value) => value || null),
  date: z.iso.datetime({ offset: true }).optional(),
});
export type CreatePaymentRequest = z.input<typeof createPaymentSchema>;
