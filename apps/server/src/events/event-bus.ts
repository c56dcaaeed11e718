import type { AppEvent } from '@chatdesk/contract/events';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Unlisten } from '../db/client.ts';

const CHANNEL = 'app_events';
const HEARTBEAT_MS = 25_000;

export type EventBus = {
  /** Sends an event to every signed-in dashboard, through PostgreSQL so every server instance gets it. */
  publish(event: AppEvent): Promise<void>;
  subscribe(listener: (event: AppEvent) => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
};

export function createEventBus(database: Database, onError: (error: unknown) => void = () => {}): EventBus {
  const listeners = new Set<(event: AppEvent) => void>();
  let unlisten: Unlisten | undefined;
  return {
    async publish(event) {
      try {
        await database.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
      } catch (error) {
        // A lost live update is repaired by the web's polling; the change itself is already saved.
        onError(error);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {
      unlisten = await database.listen(CHANNEL, (payload) => {
        let event: AppEvent;
        try {
          event = JSON.parse(payload) as AppEvent;
        } catch (error) {
          onError(error);
          return;
        }
        for (const listener of listeners) listener(event);
      });
    },
    async stop() {
      await unlisten?.();
      unlisten = undefined;
      listeners.clear();
    },
  };
}

/** GET /api/events: a Server-Sent Events stream for signed-in staff. */
export async function eventsRoutes(app: FastifyInstance, options: { events: EventBus }) {
  const open = new Set<() => void>();
  // Streams never end by themselves: end them so the server can close.
  app.addHook('preClose', async () => {
    for (const close of open) close();
  });
  app.get('/', { schema: { hide: true } }, (request, reply) => {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (chunk: string) => {
      if (!raw.writableEnded) raw.write(chunk);
    };
    send('retry: 3000\n\nevent: ready\ndata: {}\n\n');
    const unsubscribe = options.events.subscribe((event) => {
      send(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => send(': heartbeat\n\n'), HEARTBEAT_MS);
    const close = () => {
      open.delete(close);
      clearInterval(heartbeat);
      unsubscribe();
      if (!raw.writableEnded) raw.end();
    };
    open.add(close);
    request.raw.on('close', close);
  });
}
