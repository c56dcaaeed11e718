import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StripeWebhookService } from './stripe-webhook.service.ts';

/** Provider callbacks. Signatures are checked on the exact bytes received, so the body stays raw here. */
export const webhooksRoutes: FastifyPluginAsyncZod<{ stripe: StripeWebhookService | null }> = async (
  app,
  { stripe },
) => {
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

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
