import { CORRECTIONS } from '../vocabulary/vocabulary.ts';
import { type Directory, kindsOfText, placesIn, professionalsNamed } from './directory.ts';
import { actionAsked, saysItDoesNotSuit } from './own-booking.ts';
import { fold, words } from './text.ts';
import { resolveWhen } from './when.ts';

/**
 * "cancélala... bueno no, espera, mejor cámbiala al lunes 30", "carlos el jueves... perdón, el
 * viernes": a customer correcting themself inside one message. What follows the correction
 * replaces what it names again (the action, the day, the professional); the rest of what came
 * before still stands. Read otherwise, the first request, the one taken
 * back, is the one acted on.
 */

const escaped = (phrase: string) => phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * A correction word only where a clause starts (after a comma, dots, or "o"), maybe after an
 * exclamation ("…, ay no perdona, el jueves"): "me va mejor el jueves" and "mejor que el viernes"
 * compare, they correct nothing.
 */
const CORRECTION = new RegExp(
  `(?:[,.;…!?]\\s*|\\s(?:o|or)\\s+)(?:(?:ay|uy|huy|uf|ah|oh|ups|oops|vaya)\\s+)?(?:${CORRECTIONS.map(escaped).join('|')})(?![a-z0-9])(?!\\s+que\\b)`,
  'g',
);

type Said = { action: string | null; day: boolean; named: string[]; places: string[]; kinds: string[] };

export function standingText(text: string, directory: Directory, now: Date, timeZone: string): string {
  // Folding keeps one character per character for Latin text: its positions are the text's.
  const folded = fold(text);
  if (folded.length !== text.length) return text;
  const last = [...folded.matchAll(CORRECTION)].at(-1);
  if (!last) return text;
  const before = text.slice(0, last.index);
  // "la del miércoles no me viene bien, mejor el viernes": the day before is the one that does not
  // suit, the day after where they would have it; both stand.
  if (saysItDoesNotSuit(before)) return text;
  const after = text.slice(last.index + last[0].length).replace(/^[\s,.…]+/, '');
  const said = (part: string): Said => ({
    action: actionAsked(part),
    day: resolveWhen(part, now, timeZone) !== undefined,
    named: professionalsNamed(part, directory).map((professional) => professional.firstName),
    places: placesIn(fold(part), directory),
    kinds: [...kindsOfText(fold(part))],
  });
  const earlier = said(before);
  const later = said(after);
  // Only a correction when the later part names again something of the kind the earlier one did.
  const replaces =
    (earlier.action && later.action) ||
    (earlier.day && later.day) ||
    (earlier.named.length && later.named.length) ||
    (earlier.places.length && later.places.length) ||
    (earlier.kinds.length && later.kinds.length);
  if (!replaces) return text;
  // The earlier words that name the action, the day, who, where or what kind, where the later
  // part names none ("cancela la del jueves… perdón, la del viernes" still cancels).
  const kept = words(before).filter(
    (word) =>
      (!later.action && actionAsked(word) !== null) ||
      (!later.day && resolveWhen(word, now, timeZone) !== undefined) ||
      (!later.named.length && professionalsNamed(word, directory).length > 0) ||
      (!later.places.length && placesIn(word, directory).length > 0) ||
      (!later.kinds.length && kindsOfText(word).size > 0),
  );
  return [...kept, after].join(' ');
}

/**
 * "no busco entrenador sino fisio", "not looking for a trainer but a physio": what they do not want
 * is named only to be set aside. Read with it, the first word ("entrenador") decides who is offered.
 * English needs the verb or both articles ("not a trainer but a physio"): "I'm not complaining but…"
 * must keep its words.
 */
const DENIED_THEN_WANTED =
  /\bno\s+((?:busco|buscaba|quiero|queria|quería|necesito|necesitaba|es|era)\s+)?(?:(?:un|una|el|la|al|a)\s+)?[^,.;:!?]{1,40}?,?\s+sino\s+(?:que\s+)?/giu;
const DENIED_THEN_WANTED_EN =
  /\b(?:not|(?:do|does|did|am|is|are|was)n['’]?t)\s+(?:(looking for|want|need)\s+(?:an?\s+|the\s+)?[^,.;:!?]{1,30}?|an?\s+[a-z]+),?\s+but\s+(?:rather\s+)?(?=an?\s|the\s|[a-z]+\s*(?:[,.;:!?]|$))/giu;

export function withoutDenied(text: string): string {
  return text
    .replace(DENIED_THEN_WANTED, (_, verb: string | undefined) => verb ?? '')
    .replace(DENIED_THEN_WANTED_EN, (_, verb: string | undefined) => (verb ? ` ${verb} ` : ' '));
}
