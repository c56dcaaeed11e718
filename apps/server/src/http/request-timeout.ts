import type { FastifyInstance } from 'fastify';

export const REQUEST_TIMEOUT_MESSAGE = 'This is taking too long. Please try again in a moment.';

/**
 * Answers 503 to a request the server has worked on for `ms` without answering, so a client (and
 * a load balancer) hears something instead of waiting on a request that may never end. The work
 * itself is not interrupted; PostgreSQL's statement timeout ends a slow statement. A stream that
 * took over its reply (the live updates' SSE) counts as answered.
 */
export function limitRequestTime(app: FastifyInstance, ms: number) {
  if (!ms) return;
  app.addHook('onRequest', (request, reply, done) => {
    const timer = setTimeout(() => {
      if (reply.sent) return;
      request.log.warn({ url: request.url, timeoutMs: ms }, 'request timed out');
      void reply.status(503).header('retry-after', '5').send({ message: REQUEST_TIMEOUT_MESSAGE });
    }, ms);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });
}
