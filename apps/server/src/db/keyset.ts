import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Position } from '../lib/cursor.ts';

/**
 * A timestamp as exact text (UTC, microseconds), to carry in a cursor: a JavaScript Date keeps
 * milliseconds only, and a position rounded down would skip the rows inside that millisecond.
 */
export const timestampKey = (column: AnyColumn): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows after `position` in (created_at desc, id desc) order: one range scan of a (created_at, id) index. */
export const olderThan = (createdAt: AnyColumn, id: AnyColumn, position: Position): SQL =>
  sql`(${createdAt}, ${id}) < (${position.key}::timestamptz, ${position.id}::uuid)`;

/** Rows after `position` in (text key asc, id asc) order. */
export const textAfter = (key: AnyColumn, id: AnyColumn, position: Position): SQL =>
  sql`(${key}, ${id}) > (${position.key}, ${position.id}::uuid)`;
