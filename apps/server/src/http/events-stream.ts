import type { FastifyInstance } from 'fastify';
import { type EventBus, isInternalEvent, type SessionsRevoked } from '../events/event-bus.ts';
import { currentStaff } from './auth.ts';

const HEARTBEAT_MS = 25_000;

function endsSession(event: SessionsRevoked, staff: { id: string; sessionId: string }) {
  if (event.sessionIds?.includes(staff.sessionId)) return true;
  return event.employeeId === staff.id && event.exceptSessionId !== staff.sessionId;
}

/** GET /api/events: a Server-Sent Events stream for signed-in staff. */
export async function eventsRoutes(app: FastifyInstance, options: { events: EventBus }) {
  const open = new Set<() => void>();
  // Streams never end by themselves: end them so the server can close.
  app.addHook('preClose', async () => {
    for (const close of open) close();
  });
  app.get('/', { schema: { hide: true } }, (request, reply) => {
    const staff = currentStaff(request);
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
      // A revoked session must not keep watching, on whichever instance its stream is open.
      if (isInternalEvent(event)) {
        if (event.type === 'sessions.revoked' && endsSession(event, staff)) close();
        return;
      }
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
