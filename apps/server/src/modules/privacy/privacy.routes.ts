import { idParamsSchema } from '@chatdesk/contract/common';
import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentStaff } from '../../http/auth.ts';
import { route } from '../../http/endpoint.ts';
import type { PrivacyService } from './privacy.service.ts';

const tags = ['privacy'];
const security = [{ bearer: [] }];
/** An export is the client's whole file: never kept by a browser or a proxy. */
const NO_STORE = 'no-store';

export const privacyRoutes: FastifyPluginAsyncZod<{ privacy: PrivacyService }> = async (app, { privacy }) => {
  route(
    app,
    endpoints.privacy.exportClient,
    {
      tags,
      security,
      summary:
        'Everything held about a client (GDPR art. 15) as a JSON file: details, contacts, chats with every message, appointments with their history and reminders, payments, subscriptions, emails sent; logged',
    },
    async (request, reply) => {
      const { filename, data } = await privacy.exportJson(request.params.id, currentStaff(request));
      reply
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', NO_STORE);
      return data;
    },
  );
  // A file, not JSON, so declared here rather than in the contract (like the Insights exports).
  app.get(
    '/clients/:id/export/html',
    {
      schema: {
        tags,
        security,
        summary:
          'The same export as a self-contained page to read, print or send (every value escaped); logged',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const { filename, html } = await privacy.exportHtml(request.params.id, currentStaff(request));
      return reply
        .type('text/html; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', NO_STORE)
        .send(html);
    },
  );
  route(
    app,
    endpoints.privacy.eraseClient,
    {
      tags,
      security,
      summary:
        "Erases a client (GDPR art. 17) in one transaction: their record, their chats' words, emails to them, the names on their appointments and notifications; payments and subscriptions stay under an anonymous id. `confirm` is the client's name. 409 while an appointment is to come or a subscription is live; logged",
    },
    async (request) => privacy.erase(request.params.id, request.body.confirm, currentStaff(request)),
  );
  route(
    app,
    endpoints.privacy.requests,
    { tags, security, summary: 'The log of exports and erasures (who, when), newest first' },
    async (request) => privacy.requests(request.query),
  );
};
