import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ACKNOWLEDGEMENTS,
  ASKS_FOR_PERSON,
  AVAILABILITY_WORDS,
  BOOKING_REQUEST,
  BOOKING_WORDS,
  CITIES_QUESTION,
  COMPLAINS,
  DURATION,
  GOODBYES,
  GREETINGS,
  HOURS,
  KINDS,
  OWN_BOOKING,
  PLACES,
  PRICE_WORDS,
  SERVICE_SYNONYMS,
  STOPWORDS,
  SUBSCRIPTION_WORDS,
  THANKS,
  TOPICS,
  WHAT_WE_DO,
  WHICH_DAYS,
} from '../vocabulary/vocabulary.ts';
import { LETTING_GO_WORDS } from './letting-go.ts';
import { ANSWER_WORDS } from './own-booking.ts';
import { fold, levenshtein, SOUNDS_LIKE, swapped } from './text.ts';
import { PART_OF_DAY_WORDS, TIME_WORDS } from './when.ts';

/**
 * Typing slips in the words the assistant reads a message by: "presio" is "precio", "cancelr"
 * "cancelar", "reserbar" "reservar". A word of five letters or more that no customer in the eval
 * corpus wrote and that is no word of the vocabulary, one letter off exactly one vocabulary word
 * with the same first letter (or two neighbouring letters swapped, or its silent h left out), is
 * read as that word. A word
 * customers do write is never changed, however close it is to another (the corpus's messages are
 * the list of words people use here), unless it is one vocabulary word with two neighbouring
 * letters swapped before its last two ("cnacelar"; "podré" is "poder" turned round at the end). Two vocabulary words written as one (a German compound) are
 * read as both, written or not: that is no slip. The words the parts of the day are said in
 * ("primer hueco") are never changed either: "primer" is no slip of "primera".
 */

const MIN_LENGTH = 5;

/** The vocabulary's single words that say what a message asks, by first letter. */
const VOCABULARY_WORDS = (() => {
  const lists = [
    GREETINGS,
    THANKS,
    GOODBYES,
    ACKNOWLEDGEMENTS,
    ASKS_FOR_PERSON,
    COMPLAINS,
    OWN_BOOKING,
    PRICE_WORDS,
    BOOKING_WORDS,
    AVAILABILITY_WORDS,
    BOOKING_REQUEST,
    SUBSCRIPTION_WORDS,
    CITIES_QUESTION,
    WHAT_WE_DO,
    HOURS,
    DURATION,
    WHICH_DAYS,
    ...Object.values(KINDS),
    ...Object.values(TOPICS),
    ...Object.values(PLACES),
    // The trades' words for services ("hombres" of a men's cut is no slip of "hombros").
    [...SERVICE_SYNONYMS].flatMap(([word, synonyms]) => [word, ...synonyms]),
  ];
  const byLetter = new Map<string, Set<string>>();
  const every = new Set<string>();
  for (const list of lists)
    for (const phrase of list)
      for (const word of phrase.split(' ')) {
        // "suscri*" and "..." are patterns, not words.
        if (!/^[a-zñç]+$/.test(word)) continue;
        every.add(word);
        if (word.length < MIN_LENGTH) continue;
        const set = byLetter.get(word[0]!) ?? new Set<string>();
        set.add(word);
        byLetter.set(word[0]!, set);
      }
  return { byLetter, every };
})();
const TARGETS = VOCABULARY_WORDS.byLetter;
/** Every word of the vocabulary, short ones too ("hora", "cita", "hoy"), and the small words of the language. */
const KNOWN = new Set([...VOCABULARY_WORDS.every, ...STOPWORDS, ...PART_OF_DAY_WORDS, ...TIME_WORDS]);

/** Every word customers wrote in the corpus's messages (the classifier's examples). */
const WRITTEN = (() => {
  const file = path.join(import.meta.dirname, '..', 'classifier', 'intent-examples.json');
  const examples = JSON.parse(readFileSync(file, 'utf8')) as Array<{ text: string }>;
  const written = new Set<string>();
  for (const { text } of examples) for (const word of fold(text).split(/[^a-zñç]+/)) written.add(word);
  return written;
})();

const isTarget = (word: string) => TARGETS.get(word[0]!)?.has(word) ?? false;

/**
 * Two vocabulary words written as one, as German writes them ("Herrenhaarschnitt" is "herren" and
 * "haarschnitt", "Damenhaarschnitt" "damen" and "haarschnitt"), with or without the linking "s"
 * German puts between some ("Kindsfrisur"). Only a single way to cut it counts.
 */
function compound(word: string): string | null {
  let found: string | null = null;
  for (let cut = MIN_LENGTH; cut <= word.length - MIN_LENGTH; cut++) {
    const [first, rest] = [word.slice(0, cut), word.slice(cut)];
    const second = isTarget(rest)
      ? rest
      : rest.startsWith('s') && isTarget(rest.slice(1))
        ? rest.slice(1)
        : null;
    if (!isTarget(first) || !second) continue;
    if (found) return null;
    found = `${first} ${second}`;
  }
  return found;
}

/**
 * The word written the standard way when it was typed as it sounds, as Spanish often is on a phone:
 * a k before a, o or u is a c ("kambiar", "kuesta"), before e or i a qu ("kedan"); a z before e or
 * i is a c ("zita", "zerrado"); a silent h left out at the start is put back ("ora", "asta").
 * Only a word of three letters or more (four for a k) that the vocabulary lacks, and only when the
 * standard spelling is exactly one word of it.
 */
function soundedOut(word: string): string | null {
  // Customers' own words are not spared here, as they are from the slips below: "ora" and "zita"
  // are what customers write, and the corpus holding them must not make them words.
  if (word.length < 3 || KNOWN.has(word)) return null;
  // Three letters with a k are other languages' words more often than slips (Dutch "kan").
  const standard = (
    word.length >= 4 ? word.replace(/k(?=[aou])/g, 'c').replace(/k(?=[ei])/g, 'qu') : word
  ).replace(/z(?=[ei])/g, 'c');
  const readings = new Set(
    [standard, `h${standard}`].filter((reading) => reading !== word && KNOWN.has(reading)),
  );
  return readings.size === 1 ? [...readings][0]! : null;
}

/** The vocabulary word a slip stands for, or null when it is a word of its own or unclear. */
export function intendedWord(word: string, ownWords: ReadonlySet<string> = new Set()): string | null {
  // Small words of the language ("si fuera a las 2") are never slips of a vocabulary word ("fuerza").
  if (
    word.length < MIN_LENGTH ||
    ownWords.has(word) ||
    PART_OF_DAY_WORDS.has(word) ||
    TIME_WORDS.has(word) ||
    LETTING_GO_WORDS.has(word) ||
    ANSWER_WORDS.has(word) ||
    STOPWORDS.has(word)
  )
    return null;
  const candidates = TARGETS.get(word[0]!);
  if (candidates?.has(word)) return null;
  // The plural of a word it knows is that word, no slip: "pelos" of "pelo" is no "pelas" (money).
  if (
    word.endsWith('s') &&
    (KNOWN.has(word.slice(0, -1)) || (word.endsWith('es') && KNOWN.has(word.slice(0, -2))))
  )
    return null;
  // A compound is read as its words even when customers write it: it is no slip of another word.
  if (word.length >= 2 * MIN_LENGTH) {
    const parts = compound(word);
    if (parts) return parts;
  }
  // Customers' own words stay as written, but two neighbouring letters swapped stay a slip even once
  // a customer of the corpus wrote it so ("cnacelar", folded in from a blind round, is "cancelar").
  // Not the last two: a verb's future is its infinitive's ending turned round ("podré", "poder").
  if (WRITTEN.has(word)) {
    const swaps = [...(candidates ?? [])].filter(
      (known) => swapped(word, known) && word.slice(-2) === known.slice(-2),
    );
    return swaps.length === 1 ? swaps[0]! : null;
  }
  // The silent h left out, as Spanish is often typed: "orario" is "horario".
  if (TARGETS.get('h')?.has(`h${word}`)) return `h${word}`;
  if (!candidates) return null;
  let found: string | null = null;
  for (const known of candidates) {
    if (Math.abs(known.length - word.length) > 1) continue;
    if (levenshtein(word, known) !== 1 && !swapped(word, known)) continue;
    // Two words it could be: no reading is safer than a guess.
    if (found) return null;
    found = known;
  }
  return found;
}

/**
 * The text with each slip written as the word it stands for (folded, as the rules read it); the
 * rest as typed. `ownWords` are the business's own (its people's names, titles and cities), never changed.
 */
export function spelled(text: string, ownWords?: ReadonlySet<string>): string {
  return text.replace(
    /\p{L}+/gu,
    (typed) =>
      (ownWords?.has(fold(typed)) ? null : (SOUNDS_LIKE[fold(typed)] ?? soundedOut(fold(typed)))) ??
      (typed.length >= MIN_LENGTH ? intendedWord(fold(typed), ownWords) : null) ??
      typed,
  );
}
