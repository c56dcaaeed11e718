import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint.ts';
import type { CompanyService } from './company.service.ts';

const tags = ['company'];
const security = [{ bearer: [] }];

export const companyRoutes: FastifyPluginAsyncZod<{ company: CompanyService }> = async (app, { company }) => {
  route(app, endpoints.company.get, { tags, summary: 'The company profile', security }, async () =>
    company.get(),
  );
  route(
    app,
    endpoints.company.update,
    { tags, summary: 'Update the company profile', security },
    async (request) => company.update(request.body),
  );
  route(
    app,
    endpoints.company.bookingSettings,
    { tags, summary: 'Cancellation policy, reminders and no-show follow-up', security },
    async () => company.bookingSettings(),
  );
  route(
    app,
    endpoints.company.updateBookingSettings,
    { tags, summary: 'Save the cancellation policy, reminders and no-show follow-up', security },
    async (request) => company.updateBookingSettings(request.body),
  );
};
