import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LessonKind, TaughtDay, TaughtIntent } from '@chatdesk/contract/teaching';
import { fold, levenshtein, stem, words } from './rules/text.ts';
import {
  ASKS_FOR_PERSON,
  AVAILABILITY_WORDS,
  BOOKING_REQUEST,
  BOOKING_WORDS,
  COMPLAINS,
  GOODBYES,
  GREETINGS,
  HOURS,
  PRICE_WORDS,
  SUBSCRIPTION_WORDS,
  THANKS,
  TOPICS,
} from './vocabulary/vocabulary.ts';

/**
 * What staff taught the assistant, as it applies them (issue #24): a customer's words mean an
 * intent, or have the business's answer. Lessons apply to the customer's latest message when it
 * is those words or close to them, before either engine reads it, so a lesson works the same with
 * the built-in engine and with a model.
 */
export type TaughtLesson = {
  id: string;
  kind: LessonKind;
  example: string;
  intent: TaughtIntent | null;
  /** Names as the customer would write them; null when the lesson names none (or it was deleted). */
  employeeName: string | null;
  serviceName: string | null;
  day: TaughtDay | null;
  answer: string | null;
};

/**
 * Function words: they say little of what a message asks, and every message has them. Negations,
 * "my" and question words stay: "no puedo ir" is not "puedo ir", "mi cita" is not "una cita".
 */
const FUNCTION_WORDS = new Set(
  [
    // Spanish
    'el la los las un una unos unas lo al del de a en y e o u que q se me te le les nos os por para con es son esta este esto eso ese esa hay pues bueno hola buenas buenos dias tardes porfa favor gracias vale ok oye mira pero si ya tambien muy mas algo alguna algun tengo tiene teneis tienen puedo podeis puede quiero queria quisiera saber vuestro vuestra su sus tu tus',
    // Spanish as typed in chats
    'pa pal xfa porfi xq pq porque',
    // English
    'pls plz mate the an of to in on at for with and or is are am be do does did i im you your we us it its this that there have has can could would will please hi hello hey thanks just so some any want like need know about get if',
  ]
    .join(' ')
    .split(' '),
);

/** The words of a text that say what it asks, folded, typed-twice letters squeezed. */
const contentWords = (text: string) => words(text).filter((word) => !FUNCTION_WORDS.has(word));

/** The stems of a text's content words: what word-frequencies.json counts. */
export const stemsOf = (text: string) => contentWords(text).map(stem);

/**
 * How rare each word is among customers: the inverse of how many of the eval corpus's messages
 * have its stem. A rare word weighs most; one never seen weighs as the rarest.
 */
const rarity = (() => {
  const file = path.join(import.meta.dirname, 'vocabulary', 'word-frequencies.json');
  const { messages, stems } = JSON.parse(readFileSync(file, 'utf8')) as {
    messages: number;
    stems: Record<string, number>;
  };
  return (word: string) => Math.log(1 + messages / ((stems[stem(word)] ?? 0) + 1));
})();

/**
 * The engine's vocabulary, read as groups of words that mean one thing ("precio", "cuesta",
 * "cuanto"; "aparcar", "parking"; "horario", "abris"): two different words of one group are
 * nearly the same word. Single words only; an entry ending in `*` is any word it starts.
 */
const concepts = (() => {
  const groups = [
    GREETINGS,
    [...THANKS, ...GOODBYES],
    ASKS_FOR_PERSON,
    COMPLAINS,
    PRICE_WORDS,
    [...BOOKING_WORDS, ...BOOKING_REQUEST],
    AVAILABILITY_WORDS,
    SUBSCRIPTION_WORDS,
    HOURS,
    // Topics only: a kind of service groups different services ("tinte" and "mechas" are both
    // colour), and asking the price of one is not asking the other's. Amenities are a topic of
    // different things too: a lesson on showers is no answer to "¿tenéis wifi?".
    ...Object.entries(TOPICS)
      .filter(([topic]) => topic !== 'amenities')
      .map(([, words]) => words),
  ];
  const exact = new Map<string, Set<number>>();
  const prefixes: Array<[string, number]> = [];
  for (const [index, group] of groups.entries())
    for (const entry of group) {
      const folded = fold(entry).trim();
      if (!folded || /\s/.test(folded)) continue;
      if (folded.endsWith('*')) prefixes.push([folded.slice(0, -1), index]);
      else if (!FUNCTION_WORDS.has(folded)) {
        const key = stem(folded);
        exact.set(key, (exact.get(key) ?? new Set()).add(index));
      }
    }
  const cache = new Map<string, Set<number>>();
  return (word: string): Set<number> => {
    let found = cache.get(word);
    if (!found) {
      found = new Set(exact.get(stem(word)) ?? []);
      for (const [prefix, index] of prefixes) if (word.startsWith(prefix)) found.add(index);
      cache.set(word, found);
    }
    return found;
  };
})();
const sameConcept = (a: string, b: string) => {
  const of = concepts(b);
  for (const group of concepts(a)) if (of.has(group)) return true;
  return false;
};
/** How much a word of the same concept counts: near the same word, never quite. */
const CONCEPT_LIKENESS = 0.7;

const triples = (word: string) => {
  const padded = ` ${word} `;
  const found = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) found.add(padded.slice(i, i + 3));
  return found;
};

/**
 * How much one word is another: the same word, stem or a typo of it is 1; another form of it
 * ("abris" and "abre") shares letter triples and counts for that share; an unrelated word is 0.
 */
function likeness(a: string, b: string): number {
  if (stem(a) === stem(b) || (Math.min(a.length, b.length) >= 5 && levenshtein(a, b) <= 1)) return 1;
  const ta = triples(a);
  const tb = triples(b);
  let shared = 0;
  for (const triple of ta) if (tb.has(triple)) shared++;
  const dice = (2 * shared) / (ta.size + tb.size);
  const spelled = dice >= 0.4 ? dice : 0;
  return sameConcept(a, b) ? Math.max(spelled, CONCEPT_LIKENESS) : spelled;
}

/**
 * How close two texts are, from 0 to 1: each content word of each text finds its likest word in
 * the other, and each text's share of its weight (rarity) that found one is how much of it the
 * other says. Strictly, the lesser share: a message that asks more than the lesson ("precio de
 * las mechas" against "precio"), or less, is as far as what the other does not say. Leniently,
 * the two shares' harmonic mean, for a message the assistant could not answer on its own.
 */
export function closeness(a: string, b: string): { strict: number; lenient: number } {
  const wa = [...new Set(contentWords(a))];
  const wb = [...new Set(contentWords(b))];
  if (!wa.length || !wb.length) return { strict: 0, lenient: 0 };
  const covered = (from: string[], to: string[]) => {
    let found = 0;
    let total = 0;
    for (const word of from) {
      const weight = rarity(word);
      total += weight;
      found += weight * Math.max(...to.map((other) => likeness(word, other)));
    }
    return found / total;
  };
  const ab = covered(wa, wb);
  const ba = covered(wb, wa);
  return { strict: Math.min(ab, ba), lenient: ab + ba ? (2 * ab * ba) / (ab + ba) : 0 };
}

/**
 * How close a message must be to a lesson's words to get the lesson: strictly, before the engine
 * reads it (the lesson wins over what the engine would have said); leniently, only when the
 * engine did not understand it or had no answer (`AssistantAnswer.unsure`), where a lesson can
 * only help. Chosen on the blind rounds of `npm run eval:lessons` and on the eval corpus
 * (lessons.test.ts): the strict one takes almost no corpus message over.
 */
export const LESSON_MATCH = { strict: 0.55, lenient: 0.4 } as const;

/** The words as a lesson's key: one lesson per wording (folded, punctuation and spacing aside). */
export const lessonKey = (text: string) => words(text).join(' ');

/**
 * The lesson for a customer's message: the one taught for these very words, else the closest one
 * at or above the threshold (strict or lenient); null when none is close. A message of function
 * words alone ("ok", "sí") is never matched by closeness.
 */
export function matchLesson<L extends Pick<TaughtLesson, 'example'>>(
  text: string,
  lessons: L[],
  how: keyof typeof LESSON_MATCH = 'strict',
): L | null {
  if (!lessons.length) return null;
  const key = lessonKey(text);
  if (!key) return null;
  const exact = lessons.find((lesson) => lessonKey(lesson.example) === key);
  if (exact) return exact;
  let best: { lesson: L; score: number } | null = null;
  for (const lesson of lessons) {
    const score = closeness(text, lesson.example)[how];
    if (score >= LESSON_MATCH[how] && (!best || score > best.score)) best = { lesson, score };
  }
  return best?.lesson ?? null;
}

const DAYS: Record<TaughtDay, { es: string; en: string }> = {
  today: { es: 'hoy', en: 'today' },
  tomorrow: { es: 'mañana', en: 'tomorrow' },
  monday: { es: 'el lunes', en: 'on Monday' },
  tuesday: { es: 'el martes', en: 'on Tuesday' },
  wednesday: { es: 'el miércoles', en: 'on Wednesday' },
  thursday: { es: 'el jueves', en: 'on Thursday' },
  friday: { es: 'el viernes', en: 'on Friday' },
  saturday: { es: 'el sábado', en: 'on Saturday' },
  sunday: { es: 'el domingo', en: 'on Sunday' },
};

/**
 * A taught meaning said the way the assistant already understands, in the customer's language:
 * what an engine reads instead of the customer's words. Each one is checked against the built-in
 * engine in lessons.test.ts.
 */
export function meaningText(lesson: TaughtLesson, language: 'es' | 'en'): string {
  const es = language === 'es';
  const who = lesson.employeeName
    ? es
      ? ` con ${lesson.employeeName}`
      : ` with ${lesson.employeeName}`
    : '';
  const what = lesson.serviceName ? (es ? ` de ${lesson.serviceName}` : ` for ${lesson.serviceName}`) : '';
  const whenText = lesson.day ? DAYS[lesson.day][language] : '';
  const when = whenText ? ` ${whenText}` : '';
  switch (lesson.intent) {
    case 'book':
      return es
        ? `Quiero reservar una cita${what}${who}${when}`
        : `I want to book an appointment${what}${who}${when}`;
    case 'availability':
      return es
        ? `¿Qué horas libres hay${what}${who}${when || ' esta semana'}?`
        : `What times are free${what}${who}${when || ' this week'}?`;
    case 'prices':
      return es
        ? `¿Cuánto cuesta ${lesson.serviceName ?? 'una cita'}${who}?`
        : `How much does ${lesson.serviceName ?? 'an appointment'}${who} cost?`;
    case 'services':
      return es ? '¿Qué servicios ofrecéis?' : 'What services do you offer?';
    case 'professionals':
      return es
        ? `¿Con qué profesionales puedo reservar${lesson.serviceName ? ` ${lesson.serviceName}` : ''}?`
        : `Which professionals can I book${lesson.serviceName ? ` for ${lesson.serviceName}` : ''}?`;
    case 'hours':
      return es ? '¿Cuál es vuestro horario?' : 'What are your opening hours?';
    case 'address':
      return es ? '¿Cuál es vuestra dirección?' : 'What is your address?';
    case 'my_appointments':
      return es ? '¿Qué citas tengo?' : 'What appointments do I have?';
    case 'cancel':
      return es ? `Quiero cancelar mi cita${who}${when}` : `I want to cancel my appointment${who}${when}`;
    case 'reschedule': {
      // "al martes", "a mañana"; "to Tuesday", "to tomorrow".
      const to = whenText
        ? es
          ? ` ${whenText.startsWith('el ') ? `al ${whenText.slice(3)}` : `a ${whenText}`}`
          : ` to ${whenText.replace(/^on /, '')}`
        : '';
      return es ? `Quiero cambiar mi cita${who}${to}` : `I want to move my appointment${who}${to}`;
    }
    case 'premium':
      return es
        ? `Quiero suscribirme al contenido premium${lesson.employeeName ? ` de ${lesson.employeeName}` : ''}`
        : `I want to subscribe to the premium content${lesson.employeeName ? ` of ${lesson.employeeName}` : ''}`;
    case 'person':
      return es ? 'Quiero hablar con una persona' : 'I want to talk to a person';
    case 'complaint':
      return es ? 'Quiero poner una queja' : 'I want to make a complaint';
    case 'thanks':
      return es ? 'Muchas gracias, adiós' : 'Thank you, bye';
    default:
      return lesson.example;
  }
}

/** Whether a folded text contains the expected words (accents and case aside), for the test set. */
export const containsFolded = (text: string, expected: string) => fold(text).includes(fold(expected).trim());
