import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint.ts';
import type { ManageBookingService } from './manage-booking.service.ts';

const tags = ['manage your booking'];
// The token is the key, as in a password-reset link: guessing one is hopeless, but a loop on
// any URL would still cost queries, and a cancel or a move is a write.
const reads = { rateLimit: { max: 60, timeWindow: '1 minute' } };
const writes = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/** Public: the customer's private link is the sign-in. */
export const manageBookingRoutes: FastifyPluginAsyncZod<{ manageBooking: ManageBookingService }> = async (
  app,
  { manageBooking },
) => {
  route(
    app,
    endpoints.manageBooking.get,
    {
      tags,
      summary: 'The appointment behind a private link, and what its customer may do now',
      config: reads,
    },
    async (request) => manageBooking.get(request.params.token),
  );
  route(
    app,
    endpoints.manageBooking.slots,
    { tags, summary: 'The open times the appointment may move to', config: reads },
    async (request) => manageBooking.slots(request.params.token),
  );
  route(
    app,
    endpoints.manageBooking.cancel,
    {
      tags,
      summary: 'Cancel, refunded as the policy says; refused if the refund shown is no longer the one due',
      config: writes,
    },
    async (request) =>
      manageBooking.cancel(
        request.params.token,
        request.body.refundExpected,
        request.body.sessionBackExpected,
      ),
  );
  route(
    app,
    endpoints.manageBooking.reschedule,
    { tags, summary: 'Move to another open time of the same employee, without paying again', config: writes },
    async (request) => manageBooking.reschedule(request.params.token, request.body),
  );
};
