import { lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';

export function createRateLimitsRepository(db: Db) {
  /** Whether the row's window has run out, on the database's clock: the one every instance shares. */
  const spent = sql`${rateLimits.resetAt} <= now()`;
  /**
   * Counts one request under each key (distinct keys, each with its window) in one statement:
   * what `hit` does for each, in one round trip. Answers them in the order asked.
   */
  async function hitEach(entries: ReadonlyArray<{ key: string; windowMs: number }>) {
    const rows = await db
      .insert(rateLimits)
      // In key order: two statements that count the same keys take their rows in the same order,
      // so one waits for the other instead of deadlocking.
      .values(
        [...entries]
          .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
          .map(({ key, windowMs }) => ({
            key,
            count: 1,
            resetAt: sql`now() + make_interval(secs => ${windowMs}::float8 / 1000)`,
          })),
      )
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${spent} then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${spent} then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({
        key: rateLimits.key,
        count: rateLimits.count,
        ttlMs: sql<number>`ceil(extract(epoch from ${rateLimits.resetAt} - now()) * 1000)::int`,
      });
    // now() is each transaction's start: a statement that waited on the row for one started a
    // moment before reads a few milliseconds more than the window left; never more than the window.
    return entries.map(({ key, windowMs }) => {
      const row = rows.find((found) => found.key === key)!;
      return { ...row, ttlMs: Math.min(row.ttlMs, windowMs) };
    });
  }

  return {
    /**
     * Counts one request under the key in a single statement, so concurrent requests on any
     * instance each get their own count; a spent window starts again at 1. Answers the count and
     * how many milliseconds the window has left.
     */
    async hit(key: string, windowMs: number) {
      const [row] = await hitEach([{ key, windowMs }]);
      return { count: row!.count, ttlMs: row!.ttlMs };
    },

    hitEach,

    /** Deletes the counters whose window has run out (the next request starts them at 1 anyway). */
    async forgetSpent() {
      const gone = await db.delete(rateLimits).where(lte(rateLimits.resetAt, sql`now()`)).returning({
        key: rateLimits.key,
      });
      return gone.length;
    },
  };
}

export type RateLimitsRepository = ReturnType<typeof createRateLimitsRepository>;
