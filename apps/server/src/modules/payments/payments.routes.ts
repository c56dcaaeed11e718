import { paymentIntentRequestSchema, paymentIntentResponseSchema } from '@chatdesk/contract/schedule';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LocalPaymentProvider } from '../../integrations/payments/local-payment-provider.ts';
import type { ScheduleService } from '../schedule/schedule.service.ts';

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

/** Public: the booking page pays before it books. */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  schedule: ScheduleService;
  localProvider: LocalPaymentProvider | null;
}> = async (app, { schedule, localProvider }) => {
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

  if (!localProvider) return;
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
    async (request) => localProvider.authenticate(request.body.clientSecret, request.body.approve),
  );
};
