import { addMinutesToTime } from '../../../lib/time-zone.ts';
import { fold } from './text.ts';
import { clockOf, timesSaid } from './when.ts';

/**
 * "a las 11 el corte y justo después el color", "la de las 10 y seguida otra", "and the lashes
 * right after": a second appointment that starts when the first ends (appointments last 30
 * minutes). Said that way, no time names it; the engine reads the message with that time written
 * in, so it answers whether both are free as it answers "a las 11 y a las 11:30".
 */
const JUST_AFTER =
  /\b(?:justo (?:despues|detras|a continuacion|luego)|(?:y )?seguid[oa]s?|(?:una|uno) detras de (?:la |el )?otr[oa]|a continuacion|right after(?:wards)?|straight after|just after|back[ -]to[ -]back|directly after)\b/;
const SESSION_MINUTES = 30;

/** The one day and time the assistant just said was free ("¡Sí! Carmen tiene hueco el … a las 11:00."). */
const FREE_AT =
  /(?:tiene hueco el (?:hoy, |mañana, )?(.+?) a las|is free on (?:today, |tomorrow, )?(.+?) at) (\d{2}:\d{2})\./;

/** "los dos seguidos … a las 10": two of them, the time said being the first's. */
const TWO = /\b(?:los dos|las dos|dos|both|two|ambos|ambas)\b/;

export function withTimeAfter(text: string, lastReply: string | undefined): string {
  const folded = fold(text);
  // Folding keeps one character per character for Latin text: its positions are the text's.
  const source = folded.length === text.length ? text : folded;
  const after = JUST_AFTER.exec(folded);
  if (!after) return text;
  // Two times said already ("a las 10 y 10:30"): nothing to add.
  if (timesSaid(text).length > 1) return text;
  const head = source.slice(0, after.index);
  const tail = source.slice(after.index + after[0].length);
  const own = clockOf(head).at;
  // "a las 10 el corte y justo después el color": both times asked, in the words that ask one.
  if (own) return `${head} y a las ${addMinutesToTime(own, SESSION_MINUTES)} ${tail}`;
  const later = clockOf(tail).at;
  // "los dos seguidos el sábado a las 10": the second at 10:30.
  if (later && TWO.test(folded)) return `${source} y a las ${addMinutesToTime(later, SESSION_MINUTES)}`;
  // "and lashes too right after, 9:30?": the time is said (and is no "after 9:30").
  if (later) return `${head} ${tail}`;
  // "¿y justo después el lifting?" after "¡Sí! … a las 11:00": the time after the one just offered.
  const told = FREE_AT.exec(lastReply ?? '');
  if (!told) return text;
  const [, dia, day, at] = told;
  const next = addMinutesToTime(at!, SESSION_MINUTES);
  return dia ? `${head} el ${dia} a las ${next} ${tail}` : `${head} on ${day} at ${next} ${tail}`;
}
