import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint.ts';
import type { ScheduleService } from '../schedule/schedule.service.ts';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.ts';

const tags = ['payments'];

/** Public: the booking page pays before it books; the subscribe page subscribes. */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  schedule: ScheduleService;
  subscriptions: SubscriptionsService;
  publicConfig: { provider: 'stripe' | 'local'; publishableKey: string | null };
}> = async (app, { schedule, subscriptions, publicConfig }) => {
  route(
    app,
    endpoints.payments.config,
    { tags, summary: 'Which card form the public pages use' },
    async () => publicConfig,
  );
  route(
    app,
    endpoints.payments.price,
    { tags, summary: "A price ('premium' is the public subscription's price)" },
    async (request) => subscriptions.price(request.params.id),
  );
  route(
    app,
    endpoints.payments.subscribe,
    {
      tags,
      summary: "Subscribe to an employee's premium content",
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => subscriptions.subscribe(request.body),
  );
  route(
    app,
    endpoints.payments.intent,
    {
      tags,
      summary: 'Hold a slot for 10 minutes and open its payment (the server sets the amount)',
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => schedule.startPayment(request.body, { ip: request.ip }),
  );
};
