import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint.ts';
import type { ClientsService } from './clients.service.ts';

const tags = ['clients'];
const security = [{ bearer: [] }];

export const clientsRoutes: FastifyPluginAsyncZod<{ clients: ClientsService }> = async (app, { clients }) => {
  route(
    app,
    endpoints.clients.list,
    {
      tags,
      security,
      summary:
        'A page of clients, newest first; search matches name, email and phone, ignoring case and accents',
    },
    async (request) => clients.page(request.query),
  );
  route(
    app,
    endpoints.clients.get,
    { tags, security, summary: 'One client with appointments, subscription and payments' },
    async (request) => clients.get(request.params.id),
  );
  route(app, endpoints.clients.create, { tags, security, summary: 'Create a client' }, async (request) =>
    clients.create(request.body),
  );
  route(app, endpoints.clients.update, { tags, security, summary: 'Update a client' }, async (request) =>
    clients.update(request.params.id, request.body),
  );
  route(app, endpoints.clients.remove, { tags, security, summary: 'Delete a client' }, async (request) => {
    await clients.remove(request.params.id);
    return { ok: true as const };
  });
  route(
    app,
    endpoints.clients.recordPayment,
    { tags, security, summary: 'Record a payment taken outside the site' },
    async (request) => clients.recordPayment(request.params.id, request.body),
  );
};
