import type { EventBus } from './event-bus.ts';

/** Reads kept at once; past it, all are forgotten (one per public page's professional, a handful in practice). */
const MAX_KEPT = 500;

/**
 * The business as every public page and every assistant reply read it (the company's settings,
 * the team, the catalogue), kept until it changes. It changes rarely and only through services
 * that say so: `forget()` on this instance (the composition calls it from `businessChanged`), the
 * `business.changed` event on the others. Without a live event stream (its connection lost, a
 * `resync` after it) nothing is kept, since another instance's change could go unheard; so this
 * holds no TTL and is never older than the last change this instance could hear of.
 *
 * A read the caller says is not worth keeping (`keep` false: an unknown professional, which a
 * scan of names would fill the map with) and a failed read are not kept.
 */
export function createBusinessReads(events: Pick<EventBus, 'subscribe' | 'live'>) {
  const kept = new Map<string, Promise<unknown>>();
  events.subscribe((event) => {
    if (event.type === 'business.changed' || event.type === 'resync') kept.clear();
  });
  return {
    read<T>(key: string, query: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
      if (!events.live()) return query();
      const hit = kept.get(key);
      if (hit) return hit as Promise<T>;
      if (kept.size >= MAX_KEPT) kept.clear();
      const value = query();
      kept.set(key, value);
      const drop = () => {
        if (kept.get(key) === value) kept.delete(key);
      };
      value.then((result) => keep(result) || drop(), drop);
      return value;
    },
    /** This instance changed the business: nothing read before is used again. */
    forget() {
      kept.clear();
    },
  };
}

export type BusinessReads = ReturnType<typeof createBusinessReads>;
