import type { AppEvent } from '@chatdesk/contract/events';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Unlisten } from '../db/client.ts';

const CHANNEL = 'app_events';

/** Between server instances only: never forwarded to browsers. */
export type InternalEvent = SessionsRevoked | BusinessChanged | WebChatChanged;

/**
 * A web visitor's chat was made (`chatId`), or the visitor ended it (`chatId` null): the visitor's
 * stream, on whichever instance it is open, learns which chat is theirs or that it is over.
 * `phone` is the chat contact's made-up number (modules/web-chat), never a secret.
 */
export type WebChatChanged = { type: 'web-chat.changed'; phone: string; chatId: string | null };

/** The company, its booking settings or its team changed: caches of them are stale on every instance. */
export type BusinessChanged = { type: 'business.changed' };

export type SessionsRevoked = {
  type: 'sessions.revoked';
  /** These sessions ended (logout). */
  sessionIds?: string[];
  /** Every session of this employee ended, except exceptSessionId (password change, deactivation). */
  employeeId?: string;
  exceptSessionId?: string;
};

export type BusEvent = AppEvent | InternalEvent;

export function isInternalEvent(event: BusEvent): event is InternalEvent {
  return (
    event.type === 'sessions.revoked' ||
    event.type === 'business.changed' ||
    event.type === 'web-chat.changed'
  );
}

export type EventBus = {
  /**
   * Sends events to every signed-in dashboard, through PostgreSQL so every server instance gets
   * them; several events go in one statement, in order.
   */
  publish(...events: BusEvent[]): Promise<void>;
  /**
   * The same events as an SQL query to run inside the statement that makes the change (as a CTE
   * the statement reads): one round trip instead of two, and PostgreSQL delivers them only if and
   * when that statement commits.
   */
  inStatement(...events: BusEvent[]): SQL;
  subscribe(listener: (event: BusEvent) => void): () => void;
  /**
   * Whether changes from the database reach this instance now. False while its LISTEN connection
   * is lost (readiness says so); when it is back, subscribers get a `resync` event, since what
   * happened meanwhile was not heard.
   */
  live(): boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
};

/** `select pg_notify(...)` for the events, in order; one row per event. */
function notifyQuery(...events: BusEvent[]): SQL {
  const payloads = events.map((event) => JSON.stringify(event));
  return payloads.length === 1
    ? sql`select pg_notify(${CHANNEL}, ${payloads[0]})`
    : sql`select pg_notify(${CHANNEL}, payload)
            from jsonb_array_elements_text(${JSON.stringify(payloads)}::jsonb) with ordinality as e(payload, n)
           order by n`;
}

export function createEventBus(database: Database, onError: (error: unknown) => void = () => {}): EventBus {
  const listeners = new Set<(event: BusEvent) => void>();
  let unlisten: Unlisten | undefined;
  let live = false;
  const deliver = (event: BusEvent) => {
    for (const listener of listeners) listener(event);
  };
  return {
    live: () => live,
    inStatement: notifyQuery,
    async publish(...events) {
      try {
        await database.db.execute(notifyQuery(...events));
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
      unlisten = await database.listen(
        CHANNEL,
        (payload) => {
          let event: BusEvent;
          try {
            event = JSON.parse(payload) as BusEvent;
          } catch (error) {
            onError(error);
            return;
          }
          deliver(event);
        },
        (state) => {
          const wasLive = live;
          live = state === 'up';
          if (live && !wasLive) deliver({ type: 'resync' });
        },
      );
      live = true;
    },
    async stop() {
      await unlisten?.();
      unlisten = undefined;
      live = false;
      listeners.clear();
    },
  };
}
