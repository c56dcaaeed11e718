import { type SQL, sql } from 'drizzle-orm';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The shortest search matched anywhere in a name or email; shorter ones match its start. */
export const SHORTEST_ANYWHERE = 3;

/**
 * Whether a stored search column (a generated `search_text`, folded by `chatdesk_fold` in
 * migration 0007) contains the term, without regard to case or accents. The term is folded by the
 * same function in the same statement, so "lucia" finds "Lucía" and "LUCÍA" alike; the trigram
 * index on the column serves the match at any table size.
 */
export function searchMatches(column: SQL, term: string): SQL {
  // One or two letters hold no trigram, so the trigram index would hand over every row: they match
  // the start of the column instead (the name, where people start typing), through its prefix
  // index, and cost what a longer search does at any table size.
  if (term.trim().length < SHORTEST_ANYWHERE)
    return sql`${column} like chatdesk_fold(${`${escapeLike(term.trim())}%`})`;
  return sql`${column} like chatdesk_fold(${`%${escapeLike(term)}%`})`;
}

/**
 * As searchMatches, and a term that looks like a phone number ("+34 611-222-333") also matches by
 * its digits, which the search_text columns of contacts' chats and clients hold.
 */
export function searchMatchesTextOrNumber(column: SQL, term: string): SQL {
  const digits = term.replace(/\D/g, '');
  const text = searchMatches(column, term);
  const phoneLike = digits.length >= 3 && /^[\d\s()+.-]+$/.test(term);
  return phoneLike ? sql`(${text} or ${searchMatches(column, digits)})` : text;
}
