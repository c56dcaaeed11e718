import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint.ts';
import type { PackPurchasesService } from './pack-purchases.ts';

const tags = ['packs'];

/** Public: the booking page lists a service's packs and sells them through the payment provider. */
export const packPurchasesRoutes: FastifyPluginAsyncZod<{ purchases: PackPurchasesService }> = async (
  app,
  { purchases },
) => {
  route(
    app,
    endpoints.publicPacks.list,
    { tags, summary: "A service's packs of sessions on sale" },
    async (request) => purchases.onSale(request.query.serviceId),
  );
  route(
    app,
    endpoints.publicPacks.checkout,
    {
      tags,
      summary: 'Open the payment of a pack (the server sets the amount)',
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => purchases.checkout(request.body),
  );
  route(
    app,
    endpoints.publicPacks.purchase,
    {
      tags,
      summary: 'Buy the pack a confirmed payment was for (once per payment)',
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => purchases.purchase(request.body.paymentIntentId),
  );
};
