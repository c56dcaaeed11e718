import type { BusEvent } from '../src/events/event-bus.ts';

/** An event bus that is live or not on demand, whose events are heard when the test says. */
export function fakeBus() {
  const listeners = new Set<(event: BusEvent) => void>();
  const bus = {
    live: true,
    hear(event: BusEvent) {
      for (const listener of listeners) listener(event);
    },
    events: {
      subscribe(listener: (event: BusEvent) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      live: () => bus.live,
    },
  };
  return bus;
}
