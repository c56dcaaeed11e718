import {
  clientDetailSchema,
  clientFormSchema,
  clientListSchema,
  clientPaymentSchema,
  clientSchema,
  createPaymentSchema,
  listClientsQuerySchema,
} from '@chatdesk/contract/clients';
import { idParamsSchema, okBodySchema } from '@chatdesk/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ClientsService } from './clients.service.ts';

const tags = ['clients'];
const security = [{ bearer: [] }];

export const clientsRoutes: FastifyPluginAsyncZod<{ clients: ClientsService }> = async (app, { clients }) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Clients, newest first; search matches name, email and phone',
        querystring: listClientsQuerySchema,
        response: { 200: clientListSchema },
      },
    },
    async (request) => clients.list(request.query),
  );
  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One client with appointments, subscription and payments',
        params: idParamsSchema,
        response: { 200: clientDetailSchema },
      },
    },
    async (request) => clients.get(request.params.id),
  );
  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Create a client',
        body: clientFormSchema,
        response: { 201: clientSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await clients.create(request.body)),
  );
  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a client',
        params: idParamsSchema,
        body: clientFormSchema,
        response: { 200: clientSchema },
      },
    },
    async (request) => clients.update(request.params.id, request.body),
  );
  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a client',
        params: idParamsSchema,
        response: { 200: okBodySchema },
      },
    },
    async (request) => {
      await clients.remove(request.params.id);
      return { ok: true as const };
    },
  );
  app.post(
    '/:id/payments',
    {
      schema: {
        tags,
        security,
        summary: 'Record a payment taken outside the site',
        params: idParamsSchema,
        body: createPaymentSchema,
        response: { 201: clientPaymentSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await clients.recordPayment(request.params.id, request.body)),
  );
};
