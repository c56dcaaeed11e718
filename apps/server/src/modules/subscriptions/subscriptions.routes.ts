import { idParamsSchema } from '@chatdesk/contract/common';
import {
  cancelSubscriptionSchema,
  createSubscriptionSchema,
  listSubscriptionsQuerySchema,
  planListSchema,
  subscriptionListSchema,
  subscriptionSchema,
} from '@chatdesk/contract/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SubscriptionsService } from './subscriptions.service.ts';

const tags = ['subscriptions'];
const security = [{ bearer: [] }];

export const subscriptionsRoutes: FastifyPluginAsyncZod<{ subscriptions: SubscriptionsService }> = async (
  app,
  { subscriptions },
) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Subscriptions, newest first; search matches client and plan',
        querystring: listSubscriptionsQuerySchema,
        response: { 200: subscriptionListSchema },
      },
    },
    async (request) => subscriptions.list(request.query),
  );
  app.get(
    '/plans',
    { schema: { tags, security, summary: 'The plan catalogue', response: { 200: planListSchema } } },
    async () => subscriptions.plans(),
  );
  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One subscription',
        params: idParamsSchema,
        response: { 200: subscriptionSchema },
      },
    },
    async (request) => subscriptions.get(request.params.id),
  );
  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Create a subscription for a client, charged through the payment provider',
        body: createSubscriptionSchema,
        response: { 201: subscriptionSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await subscriptions.create(request.body)),
  );
  app.post(
    '/:id/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel at the end of the period (default) or immediately',
        params: idParamsSchema,
        body: cancelSubscriptionSchema,
        response: { 200: subscriptionSchema },
      },
    },
    async (request) => subscriptions.cancel(request.params.id, request.body.cancelImmediately),
  );
};
