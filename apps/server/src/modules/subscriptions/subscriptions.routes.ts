import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

const tags = ['subscriptions'];
const security = [{ bearer: [] }];

export const subscriptionsRoutes: FastifyPluginAsyncZod<{ subscriptions: SubscriptionsService }> = async (
  app,
  { subscriptions },
) => {
  route(
    app,
    endpoints.subscriptions.list,
    {
      tags,
      security,
      summary:
        "A page of subscriptions, newest first; search matches the plan and the client's name, email and phone, ignoring case and accents",
    },
    async (request) => subscriptions.page(request.query),
  );
  route(app, endpoints.subscriptions.plans, { tags, security, summary: 'The plan catalogue' }, async () =>
    subscriptions.plans(),
  );
  route(app, endpoints.subscriptions.get, { tags, security, summary: 'One subscription' }, async (request) =>
    subscriptions.get(request.params.id),
  );
  route(
    app,
    endpoints.subscriptions.create,
    { tags, security, summary: 'Create a subscription for a client, charged through the payment provider' },
    async (request) => subscriptions.create(request.body),
  );
  route(
    app,
    endpoints.subscriptions.cancel,
    { tags, security, summary: 'Cancel at the end of the period (default) or immediately' },
    async (request) => subscriptions.cancel(request.params.id, request.body.cancelImmediately),
  );
};
