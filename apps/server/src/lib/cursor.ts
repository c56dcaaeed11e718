import { CURSOR_INVALID, type Paged } from '@chatdesk/contract/common';
import { invalid } from './app-error.ts';

/** Where a page ended: the sort key of its last row, exactly as the database gave it, and that row's id. */
export type Position = { key: string; id: string };

/** A row of a keyset-paged list, carrying the key it was sorted by. */
export type PositionedRow = { id: string; cursorKey: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A UTC timestamp with microseconds (db/keyset.ts `timestampKey`) that names a real instant. */
export function isTimestampKey(key: string): boolean {
  if (!TIMESTAMP.test(key)) return false;
  const millis = `${key.slice(0, 23)}Z`;
  const date = new Date(millis);
  return !Number.isNaN(date.getTime()) && date.toISOString() === millis;
}

/** A text sort key, such as a name: PostgreSQL cannot take NUL, so a cursor holding one is refused. */
export const isTextKey = (key: string): boolean => key.length <= 1000 && !key.includes('\u0000');

export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.key, position.id])).toString('base64url');
}

/**
 * The position a cursor names (none for the first page). A cursor is opaque to callers, so anything
 * we did not write is answered with a 400 here rather than reaching the database as a value it cannot read.
 */
export function decodeCursor(
  cursor: string | undefined,
  isKey: (key: string) => boolean,
): Position | undefined {
  if (cursor === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  if (Array.isArray(value) && value.length === 2) {
    const [key, id] = value as unknown[];
    if (typeof key === 'string' && typeof id === 'string' && UUID.test(id) && isKey(key)) return { key, id };
  }
  throw invalid(`cursor: ${CURSOR_INVALID}`);
}

/**
 * A page from rows fetched with `limit + 1`: the extra row only tells that another page exists,
 * and the next one starts after the last row shown.
 */
export function toPage<Row extends PositionedRow, Item>(
  rows: Row[],
  limit: number,
  toItem: (row: Row) => Item,
): Paged<Item> {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    items: shown.map(toItem),
    nextCursor: rows.length > limit && last ? encodeCursor({ key: last.cursorKey, id: last.id }) : null,
  };
}
