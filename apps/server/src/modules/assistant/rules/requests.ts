import { TOPIC_SHIFTS } from '../vocabulary/vocabulary.ts';
import { fold } from './text.ts';

/**
 * One message often carries several requests: "¿tenéis fisio en Valencia? ¿cuánto cuesta?",
 * "…pásamela a las 6, y otra cosa, ¿cuánto cuesta la premium?". These cut it into them, in the
 * customer's own words (accents kept, so "uñas" stays nails), so each can be answered.
 */

/** Where a sentence ends: a question or exclamation mark, a full stop that is no "18.30", a new line. */
const SENTENCE_END = /[?!;\n]+|(?<!\d)\.(?!\d)/g;
/** Where a clause ends inside a sentence: a comma, or "y", "ni", "and", "pero", "also"… between words. */
const CLAUSE_END = /,|\s(?:y|e|ni|and|pero|but|tambien|also)\s/g;

/** The text cut at the matches of a pattern (on its folded twin, whose positions are the same). */
function cut(text: string, boundaries: Array<{ start: number; end: number }>): string[] {
  const parts: string[] = [];
  let from = 0;
  for (const { start, end } of boundaries.sort((a, b) => a.start - b.start)) {
    if (start < from) continue;
    parts.push(text.slice(from, start));
    from = end;
  }
  parts.push(text.slice(from));
  return parts.map((part) => part.replace(/^[\s¿¡,]+|[\s,]+$/g, '')).filter((part) => /\p{L}/u.test(part));
}

/** Folding keeps one character per character for Latin text; when it would not, cut the folded text. */
function folded(text: string) {
  const twin = fold(text);
  return { source: twin.length === text.length ? text : twin, twin };
}

/** Each match of a pattern in a text, as the span to cut out. */
const spans = (twin: string, pattern: RegExp) =>
  [...twin.matchAll(pattern)].map((match) => ({ start: match.index, end: match.index + match[0].length }));

/** Where a topic shift ("y otra cosa", "por cierto", "by the way") starts another request. */
function shifts(twin: string) {
  const found: Array<{ start: number; end: number }> = [];
  for (const phrase of TOPIC_SHIFTS) {
    const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const match of twin.matchAll(new RegExp(`(?<![a-z0-9])${escaped}(?![a-z0-9])`, 'g')))
      found.push({ start: match.index, end: match.index + match[0].length });
  }
  // Of overlapping shifts ("y otra cosa" and "otra cosa"), the longest.
  return found
    .sort((a, b) => a.start - b.start || b.end - a.end)
    .filter((span, index, all) => index === 0 || span.start >= all[index - 1]!.end);
}

/** The requests of a message: its sentences, cut again where the customer turns to something else. */
export function requestsOf(text: string): string[] {
  const { source, twin } = folded(text);
  return cut(source, [...spans(twin, SENTENCE_END), ...shifts(twin)]);
}

/** Its clauses: each request cut again at commas and at "y", "ni", "and"… ("dónde estáis y si hay parking"). */
export function clausesOf(text: string): string[] {
  return requestsOf(text).flatMap((request) => {
    const { source, twin } = folded(request);
    return cut(source, spans(twin, CLAUSE_END));
  });
}
