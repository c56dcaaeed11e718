import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** Live events come in bursts: the first one is applied at once, the rest at most once per interval. */
export const LIVE_REFETCH_INTERVAL_MS = 1_000;

type Task = () => Promise<unknown>;

export type Coalescer = {
  /**
   * Runs the task at once when nothing runs under its key. Otherwise the latest task given runs once,
   * after the running one has finished and the interval since it started has passed: a burst costs
   * one run per interval, and the run after its last call sees everything the burst changed.
   */
  run(key: string, task: Task): void;
};

export function createCoalescer(intervalMs = LIVE_REFETCH_INTERVAL_MS): Coalescer {
  // A key is busy while it is in the map; its value is the task waiting to run next, if any.
  const waiting = new Map<string, Task | null>();

  async function drain(key: string, first: Task) {
    let task: Task | null | undefined = first;
    while (task) {
      waiting.set(key, null);
      // Never two at once: a slow refetch is not cancelled by the next one and started again.
      await Promise.allSettled([task(), new Promise((resolve) => window.setTimeout(resolve, intervalMs))]);
      task = waiting.get(key);
    }
    waiting.delete(key);
  }

  return {
    run(key, task) {
      if (waiting.has(key)) {
        waiting.set(key, task);
        return;
      }
      waiting.set(key, null);
      void drain(key, task);
    },
  };
}

const coalescers = new WeakMap<QueryClient, Coalescer>();

/** One coalescer per query cache, shared by everything that refetches on live events. */
export function coalescerFor(queryClient: QueryClient): Coalescer {
  let coalescer = coalescers.get(queryClient);
  if (!coalescer) {
    coalescer = createCoalescer();
    coalescers.set(queryClient, coalescer);
  }
  return coalescer;
}

/** Refetches the active queries under this key, coalesced: at most once a second, the last change never missed. */
export function refetchSoon(queryClient: QueryClient, queryKey: QueryKey): void {
  coalescerFor(queryClient).run(hashKey(queryKey), () => queryClient.invalidateQueries({ queryKey }));
}
