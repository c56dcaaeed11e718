import { simulatorRequestSchema, simulatorResponseSchema } from '@chatdesk/contract/chats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SimulatorService } from './simulator.service.ts';

/** Public: the development chat with the assistant. */
export const simulatorRoutes: FastifyPluginAsyncZod<{ simulator: SimulatorService }> = async (
  app,
  { simulator },
) => {
  app.post(
    '/simulator',
    {
      schema: {
        tags: ['chat simulator'],
        summary: "Send a message as a customer and get the assistant's reply; '/new' starts over",
        body: simulatorRequestSchema,
        response: { 200: simulatorResponseSchema },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => simulator.send(request.body.text, request.body.sessionId ?? request.ip),
  );
};
