import {
  bookingRequestSchema,
  bookingResponseSchema,
  publicScheduleSchema,
  usernameParamsSchema,
} from '@chatdesk/contract/schedule';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ScheduleService } from './schedule.service.ts';

const tags = ['public booking'];

/** Public: no sign-in. */
export const scheduleRoutes: FastifyPluginAsyncZod<{ schedule: ScheduleService }> = async (
  app,
  { schedule },
) => {
  app.get(
    '/:username',
    {
      schema: {
        tags,
        summary: "An employee's public booking page: open slots, no private fields",
        params: usernameParamsSchema,
        response: { 200: publicScheduleSchema },
      },
    },
    async (request) => schedule.getPublicSchedule(request.params.username),
  );
  app.post(
    '/book',
    {
      schema: {
        tags,
        summary: 'Book a paid slot; the payment is verified with the provider first',
        body: bookingRequestSchema,
        response: { 200: bookingResponseSchema },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => schedule.book(request.body),
  );
};
