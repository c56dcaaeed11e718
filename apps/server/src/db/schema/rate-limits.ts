import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counters of the rate-limited routes, shared by every server instance: one row per route
 * and client ("POST /api/auth/login|203.0.113.7"), counting requests until `reset_at`, a time on
 * the database's clock. See modules/rate-limits/rate-limits.repository.ts. Unlogged (migration
 * 0030 says so, drizzle cannot): a count needs no WAL flush, and a crash only empties it.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  // What the clean-up deletes by: the spent windows, never a scan of every counter.
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);
