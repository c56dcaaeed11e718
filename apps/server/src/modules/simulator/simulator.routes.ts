import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint.ts';
import type { SimulatorService } from './simulator.service.ts';

/** Public: the development chat with the assistant. */
export const simulatorRoutes: FastifyPluginAsyncZod<{ simulator: SimulatorService }> = async (
  app,
  { simulator },
) => {
  route(
    app,
    endpoints.simulator.send,
    {
      tags: ['chat simulator'],
      summary: "Send a message as a customer and get the assistant's reply; '/new' starts over",
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => simulator.send(request.body.text, request.body.sessionId ?? request.ip),
  );
};
