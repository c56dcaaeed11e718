import {
  CANNED_REPLY_VARIABLES,
  type CannedReply,
  type CannedReplyVariable,
} from '@chatdesk/contract/canned-replies';
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

/** What each variable reads for a chat's customer; null or missing: the chat does not tell. */
export type ReplyValues = Partial<Record<CannedReplyVariable, string | null>>;

const KNOWN = new Set<string>(CANNED_REPLY_VARIABLES.map((variable) => variable.name));
/** Greetings read well without them: "Hi {first_name}," becomes "Hi,". Others stay as typed, to be seen. */
const LEFT_OUT_WHEN_UNKNOWN = new Set<string>(['first_name', 'name']);
/** `{name}` or `{{name}}` (how older replies wrote it), spaces inside allowed, any case. */
const VARIABLE = /\{\{\s*([a-z_]+)\s*\}\}|\{\s*([a-z_]+)\s*\}/gi;
const variableOf = (double: string | undefined, single: string | undefined) =>
  (double ?? single ?? '').toLowerCase();
const token = (name: string) => `(?:\\{\\{\\s*${name}\\s*\\}\\}|\\{\\s*${name}\\s*\\})`;

/** A contact's name worth greeting: not blank and not a bare phone number, which is what WhatsApp gives when it has none. */
export function greetingName(contactName: string | null | undefined): string | null {
  const name = contactName?.trim() ?? '';
  return /\p{L}/u.test(name) ? name : null;
}

/** What the chat itself tells while the server's values are not there: the contact's name. */
export function valuesFromContact(contactName: string | null | undefined): ReplyValues {
  const name = greetingName(contactName);
  return { name, first_name: name?.split(/\s+/)[0] ?? null };
}

/**
 * A reply's text with its variables filled for this customer. A name the chat does not know leaves
 * with the comma or space that led to it ("Hi {first_name}, we open at 9" reads "Hi, we open at 9");
 * any other variable without a value stays as typed and is listed in `unfilled`, so staff see it
 * before sending; a word in braces that is no variable stays as typed too.
 */
export function fillCannedReply(text: string, values: ReplyValues): { text: string; unfilled: string[] } {
  let filled = text;
  for (const name of LEFT_OUT_WHEN_UNKNOWN) {
    if (values[name as CannedReplyVariable]) continue;
    filled = filled
      .replace(new RegExp(`(^|\\n)[ \\t]*${token(name)}[ \\t]*,?[ \\t]*`, 'gi'), '$1')
      .replace(new RegExp(`[ \\t]*,?[ \\t]*${token(name)}`, 'gi'), '');
  }
  const unfilled = new Set<string>();
  filled = filled.replace(VARIABLE, (typed: string, double?: string, single?: string) => {
    const name = variableOf(double, single);
    if (!KNOWN.has(name)) return typed;
    const value = values[name as CannedReplyVariable];
    if (value) return value;
    unfilled.add(`{${name}}`);
    return typed;
  });
  return { text: filled, unfilled: [...unfilled] };
}

/** The variables of `text` still unfilled in `message`: those to point out until staff change them. */
export function stillUnfilled(message: string, unfilled: readonly string[]): string[] {
  const present = new Set(
    [...message.matchAll(VARIABLE)].map((match) => `{${variableOf(match[1], match[2])}}`),
  );
  return unfilled.filter((name) => present.has(name));
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
