import { z } from 'zod';
import { idSchema, pageQuerySchema } from './common.ts';
import { CURRENCIES, EMAIL_PATTERN, INTERVALS } from './constants.ts';
import { SUBSCRIPTION_MESSAGES, SUBSCRIPTION_STATUSES } from './subscriptions-rules.ts';

export * from './subscriptions-rules.ts';

export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Major units, as the plan catalogue gives them (9.99). */
  amount: z.number(),
  currency: z.string(),
  interval: z.enum(INTERVALS),
});
export type Plan = z.infer<typeof planSchema>;
export const planListSchema = z.array(planSchema);

export const subscriptionSchema = z.object({
  id: z.string(),
  /** Null once the client's data was erased: the subscription is kept, under `anonymousClientId`. */
  client: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
  anonymousClientId: z.string().nullable(),
  employee: z.object({ id: z.string(), name: z.string() }).nullable(),
  planName: z.string(),
  /** Major units, shown as given. */
  amount: z.number(),
  currency: z.string(),
  interval: z.enum(INTERVALS),
  status: subscriptionStatusSchema,
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  createdAt: z.string(),
  canceledAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const listSubscriptionsQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
  status: subscriptionStatusSchema.optional().or(z.literal('').transform(() => undefined)),
  clientId: z.uuid().optional(),
});

export const cancelSubscriptionSchema = z.object({ cancelImmediately: z.boolean().default(false) });

export const createSubscriptionSchema = z.object({
  clientId: idSchema,
  paymentMethodId: z.string({ message: SUBSCRIPTION_MESSAGES.paymentMethodRequired }).min(1).max(200),
  planId: z
    .union([idSchema, z.literal('')])
    .nullish()
    .transform((value) => value || null),
  planName: z
    .string({ message: SUBSCRIPTION_MESSAGES.planNameRequired })
    .trim()
    .min(1, SUBSCRIPTION_MESSAGES.planNameRequired)
    .max(200),
  amount: z
    .number({ message: SUBSCRIPTION_MESSAGES.amountInvalid })
    .min(0, SUBSCRIPTION_MESSAGES.amountInvalid)
    .max(1_000_000),
  currency: z.enum(CURRENCIES),
  interval: z.enum(INTERVALS),
});
export type CreateSubscriptionRequest = z.input<typeof createSubscriptionSchema>;

/** The public subscribe page's request. */
export const subscribeRequestSchema = z.object({
  paymentMethodId: z.string().min(1).max(200),
  priceId: z.string().min(1).max(200),
  email: z.string().trim().regex(EMAIL_PATTERN, SUBSCRIPTION_MESSAGES.emailInvalid).max(320),
  username: z.string().min(1).max(100),
});
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;

export const subscribeResponseSchema = z.object({
  subscriptionId: z.string().nullable(),
  status: z.string(),
  requiresAction: z.boolean(),
  clientSecret: z.string().nullable(),
  message: z.string().nullable(),
});
export type SubscribeResponse = z.infer<typeof subscribeResponseSchema>;

export const priceResponseSchema = z.object({
  id: z.string(),
  unit_amount: z.number().int(),
  currency: z.string(),
  interval: z.string(),
});
export type PriceResponse = z.infer<typeof priceResponseSchema>;
