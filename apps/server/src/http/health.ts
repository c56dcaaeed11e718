import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { EventBus } from '../events/event-bus.ts';

export type LifecycleState = 'starting' | 'ready' | 'draining';

/** Where the process is in its life: ready only between migrations done and SIGTERM. */
export type Lifecycle = {
  readonly state: LifecycleState;
  ready(): void;
  /** SIGTERM: keep serving, but tell the load balancer to stop sending (ready answers 503). */
  drain(): void;
};

export function createLifecycle(state: LifecycleState = 'starting'): Lifecycle {
  return {
    get state() {
      return state;
    },
    ready() {
      if (state === 'starting') state = 'ready';
    },
    drain() {
      state = 'draining';
    },
  };
}

const NOT_READY: Record<Exclude<LifecycleState, 'ready'>, string> = {
  starting: 'The server is starting',
  draining: 'The server is shutting down',
};

/** Until migrations are done, API calls other than health answer 503 instead of failing on a half-built schema. */
export function holdRequestsWhileStarting(api: FastifyInstance, lifecycle: Lifecycle) {
  api.addHook('onRequest', async (request, reply) => {
    if (lifecycle.state !== 'starting' || request.url.startsWith('/api/health')) return;
    return reply
      .status(503)
      .header('retry-after', '2')
      .send({ message: `${NOT_READY.starting}. Try again in a moment.` });
  });
}

const statusOk = z.object({ status: z.literal('ok') });
const unavailable = z.object({ message: z.string() });

export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  lifecycle: Lifecycle;
  events: Pick<EventBus, 'live'>;
}> = async (app, { database, lifecycle, events }) => {
  const tags = ['health'];
  const databaseAnswers = async () => {
    try {
      // Its own connection: health answers while slow requests hold the pool.
      await database.ping();
      return true;
    } catch {
      return false;
    }
  };

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Answers once the database is ready',
        response: { 200: statusOk, 503: unavailable },
      },
    },
    async (_request, reply) =>
      (await databaseAnswers())
        ? { status: 'ok' as const }
        : reply.status(503).send({ message: 'The database is not reachable' }),
  );
  app.get(
    '/live',
    { schema: { tags, summary: 'The process answers (restart it if not)', response: { 200: statusOk } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/ready',
    {
      schema: {
        tags,
        summary:
          'Send traffic here: migrations done, database reachable, live updates heard, not shutting down',
        response: { 200: statusOk, 503: unavailable },
      },
    },
    async (_request, reply) => {
      if (lifecycle.state !== 'ready') return reply.status(503).send({ message: NOT_READY[lifecycle.state] });
      if (!(await databaseAnswers()))
        return reply.status(503).send({ message: 'The database is not reachable' });
      // Dashboards on this instance would look current while hearing of no change.
      if (!events.live())
        return reply.status(503).send({ message: 'Live updates are reconnecting to the database' });
      return { status: 'ok' as const };
    },
  );
};
