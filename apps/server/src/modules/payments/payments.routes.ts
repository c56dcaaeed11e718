import { paymentIntentRequestSchema, paymentIntentResponseSchema } from '@chatdesk/contract/schedule';
import {
  priceResponseSchema,
  subscribeRequestSchema,
  subscribeResponseSchema,
} from '@chatdesk/contract/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LocalPaymentProvider } from '../../integrations/payments/local-payment-provider.ts';
import type { LocalSubscriptions } from '../../integrations/payments/local-subscriptions.ts';
import type { ScheduleService } from '../schedule/schedule.service.ts';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.ts';

const tags = ['payments'];

const localIntentSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
  card: z
    .object({ brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number() })
    .nullable(),
});

/** Public: the booking page pays before it books; the subscribe page subscribes. */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  schedule: ScheduleService;
  subscriptions: SubscriptionsService;
  localProvider: LocalPaymentProvider | null;
  localSubscriptions: LocalSubscriptions | null;
  publicConfig: { provider: 'stripe' | 'local'; publishableKey: string | null };
}> = async (app, { schedule, subscriptions, localProvider, localSubscriptions, publicConfig }) => {
  app.get(
    '/config',
    {
      schema: {
        tags,
        summary: 'Which card form the public pages use',
        response: {
          200: z.object({ provider: z.enum(['stripe', 'local']), publishableKey: z.string().nullable() }),
        },
      },
    },
    async () => publicConfig,
  );
  app.get(
    '/price/:id',
    {
      schema: {
        tags,
        summary: "A price ('premium' is the public subscription's price)",
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: priceResponseSchema },
      },
    },
    async (request) => subscriptions.price(request.params.id),
  );
  app.post(
    '/subscription',
    {
      schema: {
        tags,
        summary: "Subscribe to an employee's premium content",
        body: subscribeRequestSchema,
        response: { 200: subscribeResponseSchema },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => subscriptions.subscribe(request.body),
  );
  app.post(
    '/intent',
    {
      schema: {
        tags,
        summary: 'Hold a slot for 10 minutes and open its payment (the server sets the amount)',
        body: paymentIntentRequestSchema,
        response: { 200: paymentIntentResponseSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => schedule.startPayment(request.body),
  );

  if (!localProvider || !localSubscriptions) return;
  const cardSchema = z.object({
    number: z.string().max(30),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    cvc: z.string().max(4),
  });
  app.post(
    '/local/payment-methods',
    {
      schema: {
        tags,
        summary: 'Local provider: save a test card (Stripe.js createPaymentMethod)',
        body: z.object({ card: cardSchema }),
        response: {
          200: z.object({
            id: z.string(),
            card: z.object({
              brand: z.string(),
              last4: z.string(),
              expMonth: z.number(),
              expYear: z.number(),
            }),
          }),
        },
      },
    },
    async (request) => localSubscriptions.createPaymentMethod(request.body.card),
  );
  // The local provider's stand-in for Stripe.js: only there when no Stripe keys are set.
  app.post(
    '/local/confirm',
    {
      schema: {
        tags,
        summary: 'Local provider: pay with a test card',
        body: z.object({
          clientSecret: z.string().min(1).max(300),
          card: z.object({
            number: z.string().max(30),
            expMonth: z.number().int(),
            expYear: z.number().int(),
            cvc: z.string().max(4),
          }),
        }),
        response: { 200: localIntentSchema },
      },
    },
    async (request) => localProvider.confirmCard(request.body.clientSecret, request.body.card),
  );
  app.post(
    '/local/authenticate',
    {
      schema: {
        tags,
        summary: "Local provider: approve or fail the card's security check",
        body: z.object({ clientSecret: z.string().min(1).max(300), approve: z.boolean() }),
        response: { 200: localIntentSchema },
      },
    },
    async (request) => {
      const intent = await localProvider.authenticate(request.body.clientSecret, request.body.approve);
      // A subscription's first invoice: the subscription starts once the check passed.
      if (intent.metadata.purpose === 'subscription') {
        const completed = await localSubscriptions.completePendingPayment(intent.id);
        if (completed) await subscriptions.activated(completed.subscription.id, completed.payment);
      }
      return intent;
    },
  );
};
