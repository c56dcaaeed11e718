import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint.ts';
import type { LocalWhatsAppChannel } from '../../integrations/whatsapp/local-channel.ts';
import { notFound } from '../../lib/app-error.ts';
import type { MailService } from './mail.service.ts';

/**
 * The local mailbox: the newest message the outbox holds for an address, so a person trying the
 * app on a laptop (and its end-to-end tests) can read an emailed code. It reads other people's mail,
 * so routes.ts registers it only while no SMTP server is configured and NODE_ENV is not
 * production: an install that sends real mail, or any production install, never has it.
 */
export const localMailRoutes: FastifyPluginAsyncZod<{
  mail: MailService;
  /** The local WhatsApp stand-in, when WhatsApp is not connected: its codes are read here as the mail is. */
  whatsapp: LocalWhatsAppChannel | null;
}> = async (app, { mail, whatsapp }) => {
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
  route(
    app,
    endpoints.localMail.whatsappCode,
    {
      tags: ['mail'],
      summary: 'Local installs without WhatsApp only: the last code the stand-in "sent" to a number',
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => {
      const to = request.query.to.replace(/\D/g, '');
      const code = whatsapp?.lastCode(to);
      if (!code) throw notFound('No WhatsApp code to this number');
      return { to, code };
    },
  );
};
