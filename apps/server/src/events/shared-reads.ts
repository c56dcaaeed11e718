import type { EventBus } from './event-bus.ts';

/** How long one answer may serve the same read when no event has said anything changed. */
const MAX_AGE_MS = 1_000;
/** Reads kept at once; past it, all are forgotten (searches make many keys, events clear them). */
const MAX_KEPT = 50;

/**
 * Reads that every open dashboard makes alike (the first page of chats, the waiting chats, the
 * unread count) answered from one query until an event says something changed, for at most a
 * second. With 50 dashboards open and customers writing, each tab reloads the same page every
 * second: 50 identical queries of 100 chats a second took the CPU the assistant's replies needed.
 *
 * Any event forgets every kept answer, including one whose query is still running, so a change
 * that commits while a query runs is never hidden behind it; so does every write of the
 * repository given to `forgetAfterWrites` on this instance, as soon as it has run, since its event
 * comes back through the database a moment later. Without a live event stream (its connection
 * lost) nothing is kept.
 */
export function createSharedReads(
  events: Pick<EventBus, 'subscribe' | 'live'>,
  now: () => number = Date.now,
) {
  const kept = new Map<string, { at: number; value: Promise<unknown> }>();
  events.subscribe(() => kept.clear());
  return {
    /**
     * The repository, with every method but the named reads making this instance forget what it
     * kept once the method has run. A method not named a read forgets: a new write cannot be missed.
     */
    forgetAfterWrites<R extends Record<string, unknown>>(repository: R, reads: ReadonlyArray<keyof R>): R {
      const wrapped: Record<string, unknown> = { ...repository };
      for (const [name, method] of Object.entries(repository)) {
        if (typeof method !== 'function' || reads.includes(name)) continue;
        wrapped[name] = async (...args: unknown[]) => {
          try {
            return await method.apply(repository, args);
          } finally {
            kept.clear();
          }
        };
      }
      return wrapped as R;
    },
    read<T>(key: string, query: () => Promise<T>): Promise<T> {
      if (!events.live()) return query();
      const hit = kept.get(key);
      if (hit && now() - hit.at < MAX_AGE_MS) return hit.value as Promise<T>;
      if (kept.size >= MAX_KEPT) kept.clear();
      const value = query();
      kept.set(key, { at: now(), value });
      // A failed read is not kept: the next one tries again.
      value.catch(() => {
        if (kept.get(key)?.value === value) kept.delete(key);
      });
      return value;
    },
  };
}
