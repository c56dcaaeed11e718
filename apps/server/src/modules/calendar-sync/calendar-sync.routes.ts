import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint.ts';
import type { CalendarSyncService } from './calendar-sync.service.ts';

const tags = ['employees'];
const security = [{ bearer: [] }];

export const calendarSyncRoutes: FastifyPluginAsyncZod<{ calendars: CalendarSyncService }> = async (
  app,
  { calendars },
) => {
  route(
    app,
    endpoints.employeeCalendars.list,
    { tags, security, summary: "An employee's own calendars, whose busy events close their slots" },
    async (request) => calendars.list(request.params.id),
  );
  route(
    app,
    endpoints.employeeCalendars.add,
    { tags, security, summary: 'Add a calendar by its ICS address; it is read at once' },
    async (request) => calendars.add(request.params.id, request.body),
  );
  route(
    app,
    endpoints.employeeCalendars.refresh,
    { tags, security, summary: 'Read a calendar again now' },
    async (request) => calendars.refresh(request.params.id, request.params.calendarId),
  );
  route(
    app,
    endpoints.employeeCalendars.remove,
    { tags, security, summary: 'Remove a calendar and its busy times' },
    async (request) => {
      await calendars.remove(request.params.id, request.params.calendarId);
      return { ok: true as const };
    },
  );
};
