import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentStaff } from '../../http/auth.ts';
import { route } from '../../http/endpoint.ts';
import type { EmployeesService } from './employees.service.ts';

const tags = ['employees'];
const security = [{ bearer: [] }];

export const employeesRoutes: FastifyPluginAsyncZod<{ employees: EmployeesService }> = async (
  app,
  { employees },
) => {
  route(
    app,
    endpoints.employees.list,
    {
      tags,
      security,
      summary:
        'A page of employees by name; search matches name, email, username, role, title and locations, ignoring case and accents',
    },
    async (request) => employees.page(request.query),
  );
  route(app, endpoints.employees.get, { tags, security, summary: 'One employee' }, async (request) =>
    employees.get(request.params.id),
  );
  route(
    app,
    endpoints.employees.create,
    { tags, security, summary: 'Create an employee (who can then sign in)' },
    async (request) => employees.create(request.body),
  );
  route(
    app,
    endpoints.employees.update,
    { tags, security, summary: 'Update an employee; a blank password keeps the current one' },
    async (request) => employees.update(request.params.id, request.body, currentStaff(request)),
  );
  route(
    app,
    endpoints.employees.calendarFeed,
    { tags, security, summary: "The employee's private calendar feed URL (iCalendar, for calendar apps)" },
    async (request) => employees.calendarFeed(request.params.id),
  );
  route(
    app,
    endpoints.employees.regenerateCalendarFeed,
    { tags, security, summary: 'A new calendar feed URL; the old one stops working at once' },
    async (request) => employees.regenerateCalendarFeed(request.params.id),
  );
  route(
    app,
    endpoints.employees.remove,
    { tags, security, summary: 'Delete an employee; their appointments stay' },
    async (request) => {
      await employees.remove(request.params.id, currentStaff(request));
      return { ok: true as const };
    },
  );
};
