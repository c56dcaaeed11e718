import {
  appointmentListSchema,
  appointmentSchema,
  listAppointmentsQuerySchema,
  updateAppointmentStatusSchema,
} from '@chatdesk/contract/appointments';
import { idParamsSchema, okBodySchema } from '@chatdesk/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppointmentsService } from './appointments.service.ts';

const tags = ['appointments'];
const security = [{ bearer: [] }];

export const appointmentsRoutes: FastifyPluginAsyncZod<{ appointments: AppointmentsService }> = async (
  app,
  { appointments },
) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Appointments, newest first, filtered and paginated (10 a page)',
        querystring: listAppointmentsQuerySchema,
        response: { 200: appointmentListSchema },
      },
    },
    async (request) => appointments.list(request.query),
  );
  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One appointment',
        params: idParamsSchema,
        response: { 200: appointmentSchema },
      },
    },
    async (request) => appointments.get(request.params.id),
  );
  app.patch(
    '/:id/status',
    {
      schema: {
        tags,
        security,
        summary: 'Change the status',
        params: idParamsSchema,
        body: updateAppointmentStatusSchema,
        response: { 200: appointmentSchema },
      },
    },
    async (request) => appointments.setStatus(request.params.id, request.body.status),
  );
  app.delete(
    '/:id',
    {
      schema: { tags, security, summary: 'Delete', params: idParamsSchema, response: { 200: okBodySchema } },
    },
    async (request) => {
      await appointments.remove(request.params.id);
      return { ok: true as const };
    },
  );
};
