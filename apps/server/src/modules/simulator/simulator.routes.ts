import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentStaff } from '../../http/auth.ts';
import { route } from '../../http/endpoint.ts';
import type { SimulatorService } from './simulator.service.ts';

/** Staff only: the chat with the assistant that staff use to try it, as nobody or as a client they pick. */
export const simulatorRoutes: FastifyPluginAsyncZod<{ simulator: SimulatorService }> = async (
  app,
  { simulator },
) => {
  route(
    app,
    endpoints.simulator.send,
    {
      tags: ['chat simulator'],
      summary:
        "Send a message as a customer and get the assistant's reply; '/new' starts over. " +
        'The customer is nobody unless clientId names the client to play.',
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => simulator.send(currentStaff(request), request.body),
  );
};
