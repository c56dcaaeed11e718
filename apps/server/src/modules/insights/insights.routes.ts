import { endpoints } from '@chatdesk/contract/endpoints';
import { insightsQuerySchema } from '@chatdesk/contract/insights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../http/endpoint.ts';
import { EXPORT_TABLES, type InsightsService } from './insights.service.ts';

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
  // A file, not JSON, so declared here rather than in the contract (like the calendar feed).
  app.get(
    '/insights/export/:table',
    {
      schema: {
        tags,
        security,
        summary: "The period's conversations or appointments as CSV, one row each",
        params: z.object({ table: z.enum(EXPORT_TABLES) }),
        querystring: insightsQuerySchema,
      },
    },
    async (request, reply) => {
      const { filename, csv } = await insights.exportCsv(request.params.table, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );
};
