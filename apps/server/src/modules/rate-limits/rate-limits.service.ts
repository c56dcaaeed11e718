import type { RateLimitsRepository } from './rate-limits.repository.ts';

/**
 * The only writer of rate_limits: the request counters of the rate-limited routes, kept in the
 * database so every instance counts against one budget (decisions/018).
 */
export function createRateLimitsService({ repository }: { repository: RateLimitsRepository }) {
  return {
    /**
     * Counts a request of `client` (its address, or what the route counts by) on `route` in a
     * window of `windowMs`: answers how many it made in the window, this one included, and how
     * long until the window starts again.
     */
    hit: (route: string, client: string, windowMs: number) => repository.hit(`${route}|${client}`, windowMs),

    /** Several `hit`s (distinct route and client pairs) in one statement; answered in the order asked. */
    hitEach: (hits: ReadonlyArray<{ route: string; client: string; windowMs: number }>) =>
      repository.hitEach(
        hits.map(({ route, client, windowMs }) => ({ key: `${route}|${client}`, windowMs })),
      ),

    /**
     * Run by the schedules: counters of spent windows go, so an address-spraying client does not
     * grow the table for ever.
     */
    forgetSpent: () => repository.forgetSpent(),
  };
}

export type RateLimitsService = ReturnType<typeof createRateLimitsService>;
