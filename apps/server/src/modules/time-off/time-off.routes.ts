import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint.ts';
import type { TimeOffService } from './time-off.service.ts';

const tags = ['time off'];
const security = [{ bearer: [] }];

export const timeOffRoutes: FastifyPluginAsyncZod<{ timeOff: TimeOffService }> = async (app, { timeOff }) => {
  const e = endpoints.timeOff;
  route(
    app,
    e.dateOverrides,
    { tags, security, summary: "An employee's time off and dated special hours, by first day" },
    async (request) => timeOff.overrides(request.params.id),
  );
  route(
    app,
    e.createDateOverride,
    {
      tags,
      security,
      summary:
        'Add time off (no ranges) or different hours on local dates; answers the booked appointments it takes away',
    },
    async (request) => timeOff.createOverride(request.params.id, request.body),
  );
  route(
    app,
    e.dateOverrideAffected,
    {
      tags,
      security,
      summary: 'The upcoming appointments an exception takes away, to contact their customers',
    },
    async (request) => timeOff.overrideAffected(request.params.id, request.params.overrideId),
  );
  route(
    app,
    e.removeDateOverride,
    { tags, security, summary: 'Remove an exception; the weekly hours apply again' },
    async (request) => {
      await timeOff.removeOverride(request.params.id, request.params.overrideId);
      return { ok: true as const };
    },
  );
  route(app, e.closures, { tags, security, summary: 'Days the whole business is closed' }, async () =>
    timeOff.closures(),
  );
  route(
    app,
    e.createClosure,
    {
      tags,
      security,
      summary: 'Close the business on local dates; answers the booked appointments it takes away',
    },
    async (request) => timeOff.createClosure(request.body),
  );
  route(
    app,
    e.closureAffected,
    { tags, security, summary: 'The upcoming appointments a closure takes away, to contact their customers' },
    async (request) => timeOff.closureAffected(request.params.id),
  );
  route(
    app,
    e.removeClosure,
    { tags, security, summary: 'Open the business again on those days' },
    async (request) => {
      await timeOff.removeClosure(request.params.id);
      return { ok: true as const };
    },
  );
};
