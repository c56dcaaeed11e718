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

/** How many words make a message a story told before its question. */
const STORY_WORDS = 60;
/**
 * "…total, que mi pregunta es…", "lo que quería saber de momento es…", "my question is…": where a
 * customer who told their story says what they ask.
 */
const QUESTION_SAID =
  /\b(?:mi pregunta es|la pregunta es|lo que (?:queria|quiero|quisiera|necesito) (?:saber|preguntar)(?: de momento| por ahora| ahora| solo| de verdad)?(?: es)?|(?:vamos|voy) al grano|en resumen|resumiendo|my question is|the question is|what i (?:want|wanted|need|would like|d like) to know is|long story short)\b[\s:,]*/g;

/**
 * The question of a long message that tells a story first and then says what it asks ("Os cuento
 * un poco mi situación… Total, que mi pregunta es: ¿cuánto cuesta la primera sesión?"): the words
 * after the last such announcement, so that a word of the story (a back that hurts, highlights
 * done badly elsewhere) does not decide what is asked. Null for a short message or one that does
 * not say where its question is.
 */
export function questionAfterStory(text: string): string | null {
  if (text.split(/\s+/).length < STORY_WORDS) return null;
  const { source, twin } = folded(text);
  let after = -1;
  for (const match of twin.matchAll(QUESTION_SAID)) after = match.index + match[0].length;
  if (after < 0) return null;
  const question = source.slice(after).trim();
  return /\p{L}/u.test(question) ? question : null;
}
