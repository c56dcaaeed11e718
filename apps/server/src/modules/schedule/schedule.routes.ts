import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint.ts';
import type { ScheduleService } from './schedule.service.ts';

const tags = ['public booking'];

/** Public: no sign-in. */
export const scheduleRoutes: FastifyPluginAsyncZod<{ schedule: ScheduleService }> = async (
  app,
  { schedule },
) => {
  route(
    app,
    endpoints.schedule.get,
    { tags, summary: "An employee's public booking page: open slots, no private fields" },
    async (request) => schedule.getPublicSchedule(request.params.username, request.query.service),
  );
  route(
    app,
    endpoints.schedule.bookFree,
    {
      tags,
      summary:
        'Book a free service (price 0) without a payment; a few upcoming free bookings per network and email',
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => schedule.bookFree(request.body, { ip: request.ip }),
  );
  route(
    app,
    endpoints.schedule.services,
    { tags, summary: 'The services that can be booked, each with the professionals who offer it' },
    async () => schedule.publicServices(),
  );
  route(
    app,
    endpoints.schedule.anyoneSlots,
    { tags, summary: "A service's open times with any of its professionals" },
    async (request) => schedule.anyoneSlots(request.params.id),
  );
  route(
    app,
    endpoints.schedule.assignAnyone,
    {
      tags,
      summary:
        'Who takes a time booked with "anyone available": the least booked that day, shown before paying',
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => schedule.assignAnyone(request.params.id, request.body.date, request.body.timeSlot),
  );
  route(
    app,
    endpoints.schedule.book,
    {
      tags,
      summary: 'Book a paid slot; the payment is verified with the provider first',
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => schedule.book(request.body),
  );
};
