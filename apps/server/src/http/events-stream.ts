import type { FastifyInstance } from 'fastify';
import { type EventBus, isInternalEvent, type SessionsRevoked } from '../events/event-bus.ts';
import { currentStaff } from './auth.ts';
import { openEventStream } from './event-stream-response.ts';

const HEARTBEAT_MS = 25_000;
/**
 * Events for one dashboard are written at most this often: those arriving after a quiet spell at
 * once (together with any heard in the same turn of the event loop), the ones that follow within
 * this time together at its end. Under load (200 customers writing, 50 dashboards open) each
 * stored message is an event for every open stream; one socket write per event per stream cost the
 * server more than answering the customers did. Holding every event for a fixed 50 ms made every
 * dashboard 50 ms late, loaded or not.
 */
const FLUSH_MS = 20;

/** The same event goes to every open stream: it is put in words once. */
const frames = new WeakMap<object, string>();
function frameOf(event: object & { type: string }) {
  let frame = frames.get(event);
  if (frame === undefined) {
    frame = `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
    frames.set(event, frame);
  }
  return frame;
}

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
    const send = openEventStream(reply);
    const raw = reply.raw;
    let pending: string[] = [];
    let flushTimer: NodeJS.Timeout | NodeJS.Immediate | undefined;
    let flushedAt = Number.NEGATIVE_INFINITY;
    const flush = () => {
      flushTimer = undefined;
      flushedAt = performance.now();
      const chunk = pending.join('');
      pending = [];
      send(chunk);
    };
    const unsubscribe = options.events.subscribe((event) => {
      // A revoked session must not keep watching, on whichever instance its stream is open.
      if (isInternalEvent(event)) {
        if (event.type === 'sessions.revoked' && endsSession(event, staff)) close();
        return;
      }
      pending.push(frameOf(event));
      if (flushTimer) return;
      const wait = flushedAt + FLUSH_MS - performance.now();
      flushTimer = wait <= 0 ? setImmediate(flush) : setTimeout(flush, wait);
    });
    const heartbeat = setInterval(() => send(': heartbeat\n\n'), HEARTBEAT_MS);
    const close = () => {
      open.delete(close);
      clearInterval(heartbeat);
      clearTimeout(flushTimer as NodeJS.Timeout);
      clearImmediate(flushTimer as NodeJS.Immediate);
      unsubscribe();
      if (!raw.writableEnded) raw.end();
    };
    open.add(close);
    request.raw.on('close', close);
  });
}
