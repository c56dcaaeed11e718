import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentStaff } from '../../http/auth.ts';
import { route } from '../../http/endpoint.ts';
import type { ManageBookingService } from '../manage-booking/manage-booking.service.ts';
import type { ScheduleService } from '../schedule/schedule.service.ts';
import type { AppointmentsService } from './appointments.service.ts';

const tags = ['appointments'];
const security = [{ bearer: [] }];

export const appointmentsRoutes: FastifyPluginAsyncZod<{
  appointments: AppointmentsService;
  manageBooking: ManageBookingService;
  schedule: Pick<ScheduleService, 'bookByStaff'>;
}> = async (app, { appointments, manageBooking, schedule }) => {
  route(
    app,
    endpoints.appointments.create,
    {
      tags,
      security,
      summary: "Book a client in from the desk: a service's open time, paid at the desk or not yet",
    },
    async (request) =>
      appointments.get(await schedule.bookByStaff(request.body, { employeeId: currentStaff(request).id })),
  );
  route(
    app,
    endpoints.appointments.list,
    { tags, security, summary: 'Appointments, newest first, filtered and paginated (10 a page)' },
    async (request) => appointments.list(request.query),
  );
  route(app, endpoints.appointments.get, { tags, security, summary: 'One appointment' }, async (request) =>
    appointments.get(request.params.id),
  );
  route(
    app,
    endpoints.appointments.setStatus,
    { tags, security, summary: 'Change the status' },
    async (request) =>
      appointments.setStatus(request.params.id, request.body.status, {
        ...(request.body.refund !== undefined ? { refund: request.body.refund } : {}),
        ...(request.body.reopen !== undefined ? { reopen: request.body.reopen } : {}),
      }),
  );
  route(
    app,
    endpoints.appointments.slots,
    {
      tags,
      security,
      summary: "The open times it may move to: its employee's, as the public page offers them",
    },
    async (request) => appointments.slots(request.params.id),
  );
  route(
    app,
    endpoints.appointments.reschedule,
    {
      tags,
      security,
      summary: 'Move to another open time of the same employee; 409 when that time was taken meanwhile',
    },
    async (request) => appointments.reschedule(request.params.id, request.body),
  );
  route(
    app,
    endpoints.appointments.history,
    { tags, security, summary: "The customer's private link, what happened, and the reminders" },
    async (request) => manageBooking.history(request.params.id),
  );
  route(
    app,
    endpoints.appointments.roster,
    {
      tags,
      security,
      summary: "Its class time's clients, paid or by pack, and their attendance; null for one-to-one",
    },
    async (request) => appointments.roster(request.params.id),
  );
  route(
    app,
    endpoints.appointments.cancelClass,
    {
      tags,
      security,
      summary: 'Cancel its whole class time: every seat refunded or its session returned, every client told',
    },
    async (request) => appointments.cancelClass(request.params.id),
  );
  route(app, endpoints.appointments.remove, { tags, security, summary: 'Delete' }, async (request) => {
    await appointments.remove(request.params.id);
    return { ok: true as const };
  });
};
