/** How long a deletion can be undone before it is sent to the server. */
export const UNDO_WINDOW_MS = 5_000;

/** Sends the deletion; `keepalive` is set when the page is going away and the request must outlive it. */
export type Commit = (options: { keepalive: boolean }) => Promise<unknown>;

type Entry = { commit: Commit; timer: ReturnType<typeof setTimeout> | null };

/**
 * Deletions that wait out an undo window before reaching the server, for records the server removes
 * for good. Until the server has answered, a deleted record stays in `hidden()`, so lists leave it out
 * even when a live event reloads them from the server meanwhile.
 */
export function createDeferredDeletions(delayMs = UNDO_WINDOW_MS) {
  const entries = new Map<string, Entry>();
  const listeners = new Set<() => void>();
  let snapshot: ReadonlySet<string> = new Set();

  const changed = () => {
    snapshot = new Set(entries.keys());
    for (const listener of listeners) listener();
  };

  const send = (key: string, keepalive: boolean): Promise<void> => {
    const entry = entries.get(key);
    if (!entry || entry.timer === null) return Promise.resolve();
    clearTimeout(entry.timer);
    entry.timer = null;
    // Hidden until settled: on success the caller has removed the record from its cache, on failure it shows again.
    return entry.commit({ keepalive }).then(
      () => {
        entries.delete(key);
        changed();
      },
      () => {
        entries.delete(key);
        changed();
      },
    );
  };

  return {
    /** Hides `key` now and sends `commit` when the window ends, unless undone first. */
    schedule(key: string, commit: Commit): void {
      if (entries.has(key)) return;
      entries.set(key, { commit, timer: setTimeout(() => void send(key, false), delayMs) });
      changed();
    },
    /** Cancels a deletion still in its window; false once it has been sent. */
    undo(key: string): boolean {
      const entry = entries.get(key);
      if (!entry || entry.timer === null) return false;
      clearTimeout(entry.timer);
      entries.delete(key);
      changed();
      return true;
    },
    /** Sends every waiting deletion at once, surviving the page (for `pagehide`). */
    flush(): Promise<void> {
      return Promise.all([...entries.keys()].map((key) => send(key, true))).then(() => undefined);
    },
    hidden(): ReadonlySet<string> {
      return snapshot;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type DeferredDeletions = ReturnType<typeof createDeferredDeletions>;

/** The app's one queue; closing or leaving the tab sends what is still waiting rather than losing it. */
export const deferredDeletions = createDeferredDeletions();

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => void deferredDeletions.flush());
}
