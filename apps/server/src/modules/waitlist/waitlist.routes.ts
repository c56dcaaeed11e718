import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint.ts';
import type { WaitlistService } from './waitlist.service.ts';

const tags = ['waitlist'];
const security = [{ bearer: [] }];

/** Public: the booking page joins a full class time's or a taken one-to-one time's line; the offer's link takes or declines a held place. */
export const waitlistRoutes: FastifyPluginAsyncZod<{ waitlist: WaitlistService }> = async (
  app,
  { waitlist },
) => {
  route(
    app,
    endpoints.waitlist.fullTimes,
    {
      tags,
      summary:
        "A professional's full class times of a service ahead, or a one-to-one service's taken times, which have a waitlist",
    },
    async (request) => waitlist.fullTimes(request.query.employeeId, request.query.serviceId),
  );
  route(
    app,
    endpoints.waitlist.join,
    {
      tags,
      summary: "Join a full class time's or a taken one-to-one time's waitlist (once per email)",
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => waitlist.join(request.body),
  );
  route(
    app,
    endpoints.waitlist.offer,
    {
      tags,
      summary: 'A waitlist place: in line, offered (held until), booked, declined or expired',
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => waitlist.offer(request.params.token),
  );
  route(
    app,
    endpoints.waitlist.pay,
    {
      tags,
      summary: 'Open the payment of an offered place while it is held (the server sets the amount)',
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => waitlist.pay(request.params.token),
  );
  route(
    app,
    endpoints.waitlist.confirm,
    {
      tags,
      summary: 'Take the offered place: paid, with a pack session, or free (refunded if no longer open)',
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => waitlist.confirm(request.params.token, request.body),
  );
  route(
    app,
    endpoints.waitlist.decline,
    {
      tags,
      summary: 'Let the offered place go (or leave the line): it goes to the next',
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => waitlist.decline(request.params.token),
  );
};

/** Staff: the waitlist of an appointment's time, for its page. */
export const waitlistStaffRoutes: FastifyPluginAsyncZod<{ waitlist: WaitlistService }> = async (
  app,
  { waitlist },
) => {
  route(
    app,
    endpoints.appointments.waitlist,
    {
      tags,
      security,
      summary: "Its time's waitlist (its class time's or one-to-one time's), first in line first",
    },
    async (request) => waitlist.ofAppointment(request.params.id),
  );
};
