import { type SQL, sql } from 'drizzle-orm';

/** What a person's name, address or number becomes in a text that stays (a notification, an email to staff). */
export const REDACTED = '[erased]';

/** What an erased person's words become where the row itself stays (their chat's messages). */
export const ERASED_TEXT = '(erased)';

/** The words that identify one person: their names, email addresses and phone numbers as written anywhere. */
export type Identifiers = { names: string[]; emails: string[]; phones: string[] };

/** PostgreSQL's regular expressions (ARE) take the same escapes as JavaScript's for these. */
const escapeRegex = (value: string) => value.replace(/[\\^$.|?*+()[\]{}]/g, (c) => `\\${c}`);

/** A name as it is written: any run of spaces between its words. */
const namePattern = (name: string) => name.trim().split(/\s+/).map(escapeRegex).join('\\s+');

/** A number however it was punctuated: "+34 612 34 56 78", "(612) 345-678", "612345678". */
const phonePattern = (digits: string) => [...digits].join('[\\s().+/-]{0,3}');

/**
 * One case-insensitive pattern for every way the person is written, whole words only, or null
 * when there is nothing safe to look for. Names under 3 letters and numbers under 6 digits are
 * left out: they would match other people's words. A one-word name ("Ana", a WhatsApp profile's)
 * is in it only with `oneWordNames`, for rows already known to be about the person: searched
 * across every notification it would take other people's with it.
 */
export function identifiersPattern(
  { names, emails, phones }: Identifiers,
  { oneWordNames = false }: { oneWordNames?: boolean } = {},
): string | null {
  const parts = new Set<string>();
  for (const name of names) {
    const words = name.trim().split(/\s+/);
    if (name.trim().length >= 3 && (oneWordNames || words.length > 1)) parts.add(namePattern(name));
  }
  for (const email of emails) if (email.trim().length >= 3) parts.add(escapeRegex(email.trim()));
  for (const phone of phones) {
    const digits = phone.replace(/\D/g, '');
    if (digits.length >= 6) parts.add(phonePattern(digits));
  }
  // Longest first, so a full number is taken before a shorter one inside it.
  const sorted = [...parts].sort((a, b) => b.length - a.length).map(wholeWord);
  return sorted.length > 0 ? sorted.join('|') : null;
}

const WORD_EDGE = /^[A-Za-z0-9]$/;
/**
 * Not inside a longer word or number ("Ana" never in "Banana", 612345678 never in a longer
 * number). Guarded with ASCII lookarounds rather than \y, whose idea of a letter depends on the
 * database's locale (an accented last letter would never end a word on some).
 */
function wholeWord(part: string): string {
  const first = part.replace(/^\\/, '')[0] ?? '';
  const last = part.at(-1) ?? '';
  return `${WORD_EDGE.test(first) ? '(?<![A-Za-z0-9])' : ''}${part}${WORD_EDGE.test(last) ? '(?![A-Za-z0-9])' : ''}`;
}

/** Whether a text column holds any of the words (`~*`: case-insensitive). */
export const mentions = (column: SQL | unknown, pattern: string): SQL => sql`${column} ~* ${pattern}`;

/** The column with every occurrence of the words replaced by REDACTED. */
export const redacted = (column: SQL | unknown, pattern: string): SQL =>
  sql`regexp_replace(${column}, ${pattern}, ${REDACTED}, 'gi')`;
