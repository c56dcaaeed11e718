import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint.ts';
import type { InsightsService } from './insights.service.ts';

const tags = ['insights'];
const security = [{ bearer: [] }];

export const insightsRoutes: FastifyPluginAsyncZod<{ insights: InsightsService }> = async (
  app,
  { insights },
) => {
  route(
    app,
    endpoints.insights.report,
    {
      tags,
      security,
      summary: "The period's conversations, bookings and money, against the period before",
    },
    async (request) => insights.report(request.query),
  );
};
