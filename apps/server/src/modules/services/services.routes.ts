import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint.ts';
import type { ServicesService } from './services.service.ts';

const tags = ['services'];
const security = [{ bearer: [] }];

export const servicesRoutes: FastifyPluginAsyncZod<{ services: ServicesService }> = async (
  app,
  { services },
) => {
  route(
    app,
    endpoints.services.list,
    { tags, security, summary: 'The service catalogue, the default first' },
    async (request) => services.list(request.query.archived),
  );
  route(app, endpoints.services.create, { tags, security, summary: 'Add a service' }, async (request) =>
    services.create(request.body),
  );
  route(
    app,
    endpoints.services.update,
    { tags, security, summary: 'Change a service and who offers it' },
    async (request) => services.update(request.params.id, request.body),
  );
  route(
    app,
    endpoints.services.archive,
    { tags, security, summary: 'Stop offering a service (past appointments keep it)' },
    async (request) => services.archive(request.params.id),
  );
  route(
    app,
    endpoints.services.restore,
    { tags, security, summary: 'Offer an archived service again' },
    async (request) => services.restore(request.params.id),
  );
  route(
    app,
    endpoints.services.setDefault,
    { tags, security, summary: 'Make a service the default (what a booking without a service is for)' },
    async (request) => services.setDefault(request.params.id),
  );
  route(
    app,
    endpoints.services.ofEmployee,
    { tags, security, summary: 'The services an employee offers' },
    async (request) => services.servicesOf(request.params.id),
  );
  route(
    app,
    endpoints.services.setOfEmployee,
    { tags, security, summary: 'Set the services an employee offers' },
    async (request) => services.setServicesOf(request.params.id, request.body.serviceIds),
  );
};
