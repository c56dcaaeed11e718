/**
 * Lets the unsaved-changes dialog hold Back and Forward before React Router sees them. The router
 * listens for `popstate` from its first render, and listeners on `window` run in the order they
 * were added, so the entry calls `listenBeforeRouter()` before it renders the router.
 */
type PopStateHold = (event: PopStateEvent) => boolean;

let hold: PopStateHold | null = null;

/** While set, `next` sees every popstate first; returning true keeps it from the router. */
export function setPopStateHold(next: PopStateHold): () => void {
  hold = next;
  return () => {
    if (hold === next) hold = null;
  };
}

export function listenBeforeRouter(): void {
  window.addEventListener('popstate', (event) => {
    if (hold?.(event)) event.stopImmediatePropagation();
  });
}
