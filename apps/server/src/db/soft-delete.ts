import { gt, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Soft deletes (notifications, canned replies): a delete stamps `deleted_at`, every read leaves the
 * row out, a restore clears the stamp within the undo window, and the hourly clean-up task removes
 * rows deleted more than DELETED_KEEP_MS ago. These are the conditions their repositories share.
 */

/** How long a deleted row is kept (unseen) before the clean-up task removes it for good. */
export const DELETED_KEEP_MS = 24 * 60 * 60_000;

/** The database's clock, `ms` ago: deletions are stamped and judged by one clock. */
const ago = (ms: number) => sql`now() - ${`${ms} milliseconds`}::interval`;

/** The stamp a delete writes: the database's clock, which the window and the purge are judged on. */
export const deletedNow = (): SQL => sql`now()`;
/** Not deleted: every read and every change but a restore sees only these. */
export const isLive = (deletedAt: PgColumn): SQL => isNull(deletedAt);
/** Deleted less than `ms` ago, so still restorable. */
export const deletedWithin = (deletedAt: PgColumn, ms: number): SQL => gt(deletedAt, ago(ms));
/** Deleted more than `ms` ago (a partial index on the deleted rows finds them). */
export const deletedBefore = (deletedAt: PgColumn, ms: number): SQL => lt(deletedAt, ago(ms));
