import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint.ts';
import type { PackCodesService } from './pack-codes.ts';
import type { PackPurchasesService } from './pack-purchases.ts';

const tags = ['packs'];

/**
 * Public: the booking page lists a service's packs, sells them through the payment provider, and
 * books with one after an emailed code proves the buyer's address.
 */
export const packPurchasesRoutes: FastifyPluginAsyncZod<{
  purchases: PackPurchasesService;
  codes: PackCodesService;
}> = async (app, { purchases, codes }) => {
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
  route(
    app,
    endpoints.publicPacks.requestCode,
    {
      tags,
      summary: 'Email a code that proves the address before its packs are used',
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => codes.requestCode(request.body.email, request.body.language, request.ip),
  );
  route(
    app,
    endpoints.publicPacks.confirmCode,
    {
      tags,
      summary: "Check the emailed code: a token to book with, and the address's packs",
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => codes.confirmCode(request.body.verificationId, request.body.email, request.body.code),
  );
  route(
    app,
    endpoints.publicPacks.book,
    {
      tags,
      summary: "Book with a session of the checked address's pack (no payment)",
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => codes.book(request.body),
  );
};
