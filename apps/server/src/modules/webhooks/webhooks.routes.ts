import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StripeWebhookService } from './stripe-webhook.service.ts';
import type { WhatsAppWebhookService } from './whatsapp-webhook.service.ts';

/** Provider callbacks. Signatures are checked on the exact bytes received, so the body stays raw here. */
export const webhooksRoutes: FastifyPluginAsyncZod<{
  stripe: StripeWebhookService | null;
  whatsapp: WhatsAppWebhookService | null;
}> = async (app, { stripe, whatsapp }) => {
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  if (whatsapp) {
    app.get(
      '/whatsapp',
      {
        schema: {
          tags: ['webhooks'],
          summary: 'WhatsApp webhook verification (hub.challenge)',
          querystring: z.object({
            'hub.mode': z.string().optional(),
            'hub.verify_token': z.string().optional(),
            'hub.challenge': z.string().optional(),
          }),
        },
      },
      async (request, reply) => {
        const challenge = whatsapp.verify(request.query);
        if (challenge === null) return reply.status(403).send({ message: 'Verification failed' });
        return reply.type('text/plain').send(challenge);
      },
    );
    app.post(
      '/whatsapp',
      {
        schema: {
          tags: ['webhooks'],
          summary: 'WhatsApp messages and statuses (signed with X-Hub-Signature-256)',
          response: {
            200: z.object({ messages: z.number(), duplicates: z.number(), statuses: z.number() }),
          },
        },
      },
      async (request) => {
        const signature = request.headers['x-hub-signature-256'];
        return whatsapp.receive(request.body as Buffer, Array.isArray(signature) ? signature[0] : signature);
      },
    );
  }

  if (stripe) {
    app.post(
      '/stripe',
      {
        schema: {
          tags: ['webhooks'],
          summary: 'Stripe events (signed)',
          response: { 200: z.object({ received: z.boolean(), duplicate: z.boolean() }) },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        return stripe.receive(request.body as Buffer, Array.isArray(signature) ? signature[0] : signature);
      },
    );
  }
};
