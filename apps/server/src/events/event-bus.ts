import type { AppEvent } from '@chatdesk/contract/events';
import { sql } from 'drizzle-orm';
import type { Database, Unlisten } from '../db/client.ts';

const CHANNEL = 'app_events';

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
