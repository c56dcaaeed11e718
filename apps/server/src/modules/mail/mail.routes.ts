import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint.ts';
import { notFound } from '../../lib/app-error.ts';
import type { MailService } from './mail.service.ts';

/**
 * The local mailbox: the newest message the outbox holds for an address, so a person trying the
 * app on a laptop (and its end-to-end tests) can read an emailed code. It reads other people's mail,
 * so routes.ts registers it only while no SMTP server is configured and NODE_ENV is not
 * production: an install that sends real mail, or any production install, never has it.
 */
export const localMailRoutes: FastifyPluginAsyncZod<{ mail: MailService }> = async (app, { mail }) => {
  route(
    app,
    endpoints.localMail.latest,
    {
      tags: ['mail'],
      summary: 'Local installs without SMTP only: the newest email to an address',
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => {
      const message = await mail.latestTo(request.query.to);
      if (!message) throw notFound('No email to this address');
      return message;
    },
  );
};
