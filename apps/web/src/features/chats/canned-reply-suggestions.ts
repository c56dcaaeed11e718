import type { CannedReply } from '@chatdesk/contract/canned-replies';
import { fold } from '../../lib/fold';

/** The `/name` being typed at the caret: where it starts and ends in the text, and what follows the slash. */
export type SlashTrigger = { start: number; end: number; query: string };

/**
 * The canned-reply shortcut under the caret: a `/` at the start of the message or after whitespace,
 * followed by the characters typed so far (Chatwoot's habit). A slash inside a word, as in a URL or
 * "24/7", opens nothing.
 */
export function slashTriggerAt(text: string, caret: number): SlashTrigger | null {
  const match = /(?:^|\s)\/([^\s/]*)$/.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1] ?? '';
  // A caret put back inside "/hours" replaces the whole word, not only its first half.
  const rest = /^[^\s/]*/.exec(text.slice(caret))?.[0] ?? '';
  return { start: caret - query.length - 1, end: caret + rest.length, query };
}

/** A letter or two is found in nearly every text: only longer queries look there. */
const MIN_TEXT_QUERY = 3;

/** Whether the characters of `term` appear in `name` in order, as "hor" in "hours". */
function inOrder(name: string, term: string): boolean {
  let at = 0;
  for (const char of name) if (char === term[at]) at += 1;
  return at === term.length;
}

/**
 * The replies to offer for `query`: names that start with it first, then names that contain it,
 * then names that hold its letters in order (a typo such as "/hor" still finds "hours"), then
 * (from three letters on) replies whose text contains it, each group in the list's order (by name).
 */
export function matchCannedReplies(replies: readonly CannedReply[], query: string, limit = 8): CannedReply[] {
  const term = fold(query);
  const tiers: CannedReply[][] = [[], [], [], []];
  for (const reply of replies) {
    const name = fold(reply.name);
    const tier = name.startsWith(term)
      ? 0
      : name.includes(term)
        ? 1
        : inOrder(name, term)
          ? 2
          : term.length >= MIN_TEXT_QUERY && fold(reply.text).includes(term)
            ? 3
            : null;
    if (tier !== null) tiers[tier]?.push(reply);
  }
  return tiers.flat().slice(0, limit);
}

const PLACEHOLDER = /\{\{\s*name\s*\}\}/gi;

/** A contact's name worth greeting: not blank and not a bare phone number, which is what WhatsApp gives when it has none. */
export function greetingName(contactName: string | null | undefined): string | null {
  const name = contactName?.trim() ?? '';
  return /\p{L}/u.test(name) ? name : null;
}

/**
 * A reply's text with `{{name}}` replaced by the contact's name. Without a name the placeholder
 * leaves with the comma or space that led to it, so "Hi {{name}}, we open at 9" reads
 * "Hi, we open at 9" and "Thanks, {{name}}!" reads "Thanks!".
 */
export function fillCannedReply(text: string, contactName: string | null | undefined): string {
  const name = greetingName(contactName);
  if (name) return text.replace(PLACEHOLDER, () => name);
  return text
    .replace(/(^|\n)[ \t]*\{\{\s*name\s*\}\}[ \t]*,?[ \t]*/gi, '$1')
    .replace(/[ \t]*,?[ \t]*\{\{\s*name\s*\}\}/gi, '');
}

/** The message once the reply is put in place of the `/name` typed, and where the caret goes after it. */
export function insertCannedReply(
  text: string,
  trigger: SlashTrigger,
  replyText: string,
  maxLength: number,
): { text: string; caret: number } {
  const next = (text.slice(0, trigger.start) + replyText + text.slice(trigger.end)).slice(0, maxLength);
  return { text: next, caret: Math.min(trigger.start + replyText.length, next.length) };
}
