import { type SQL, sql } from 'drizzle-orm';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Whether a stored search column (a generated `search_text`, folded by `chatdesk_fold` in
 * migration 0007) contains the term, without regard to case or accents. The term is folded by the
 * same function in the same statement, so "lucia" finds "Lucía" and "LUCÍA" alike; the trigram
 * index on the column serves the match at any table size.
 */
export function searchMatches(column: SQL, term: string): SQL {
  return sql`${column} like chatdesk_fold(${`%${escapeLike(term)}%`})`;
}
