import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Language } from '../language.ts';
import { fold } from '../rules/text.ts';

/**
 * The built-in assistant's vocabulary, read from data files next to this one:
 *
 *   languages/<code>.json   one language's words, by what they mean (greetings, complaints, …, stopwords, topics)
 *   trades/<trade>.json     one trade's kinds of service (their words in each language, their display
 *                           names) and the words for the services its price lists name
 *   places.json             cities and places with the names customers write them in
 *
 * Nothing here names a business: a business's own vocabulary comes from its data (employees'
 * titles, roles and cities; the company information). These words only let "fisio" meet
 * "Physiotherapist", "barbeiro" meet "Barbero", or "Seville" meet "Sevilla".
 *
 * Every file is read and checked once, when the server starts; a malformed one stops it with the
 * file's name. `ASSISTANT_VOCABULARY_DIR` names a folder laid out the same way whose files are
 * merged on top (docs/operations.md): a business adds words, kinds, trades and languages without
 * code. Merging keeps order: languages es, en, then the rest by name; trades and extra files by
 * name; a word, kind, topic or place already there keeps its place and new ones come after.
 */

/**
 * A word or phrase as customers write it; matched folded (lowercase, no accents), as whole words.
 * A word ending in `*` takes any ending ("suscri*"), and ` ... ` between words lets up to three
 * words come between them ("me dejo ... peor"): one entry for what customers say many ways.
 */
const phrase = z
  .string()
  .transform((value) => fold(value).replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, 'an empty word'));
const phrases = z.array(phrase);
const comment = z.string().optional();
const languageCode = z.string().regex(/^[a-z]{2,3}$/, 'a language code such as "es" or "pt"');
const identifier = z.string().regex(/^[a-z][a-z0-9-]*$/, 'lowercase letters, digits and dashes');

/** The cue groups of a language file, each the constant the engine reads it as. */
const CUE_GROUPS = {
  /** "hola", "good morning". */
  greetings: 'GREETINGS',
  thanks: 'THANKS',
  goodbyes: 'GOODBYES',
  /** "ok", "vale", "perfect": with thanks and goodbyes, a message of nothing else closes the chat. */
  acknowledgements: 'ACKNOWLEDGEMENTS',
  /** How customers ask for a person. */
  'asks-for-person': 'ASKS_FOR_PERSON',
  /** Unhappy with a service, a charge or the site: handed to a person. */
  complaints: 'COMPLAINS',
  /** Phrases holding a complaint word that are no complaint: "me viene fatal" says a time does not suit. */
  'not-complaints': 'NOT_COMPLAINTS',
  /** A customer's own booking: seeing, cancelling or moving it. */
  'own-booking': 'OWN_BOOKING',
  /** Asking what something costs. */
  'price-words': 'PRICE_WORDS',
  /** What one booking is: the appointment the fee pays for. */
  'booking-words': 'BOOKING_WORDS',
  /** Asking for open times. */
  'availability-words': 'AVAILABILITY_WORDS',
  /** Asking for a booking or its link. */
  'booking-request': 'BOOKING_REQUEST',
  'subscription-words': 'SUBSCRIPTION_WORDS',
  /** Attempts to make the assistant leave its role. */
  injection: 'INJECTION',
  /** Requests for data the assistant must never give. */
  'private-data': 'PRIVATE_DATA',
  /** Subjects outside any business, answered with a polite no. */
  'off-topic': 'OFF_TOPIC',
  /** "which cities are you in". */
  'cities-question': 'CITIES_QUESTION',
  /** "what do you do". */
  'what-we-do': 'WHAT_WE_DO',
  /** Asking for the opening hours. */
  hours: 'HOURS',
  /** Asking how long a session lasts. */
  duration: 'DURATION',
  /** "q dias tiene", "which days": the weekdays a professional works. */
  'which-days': 'WHICH_DAYS',
  /**
   * Asking for money back ("quiero que me devolváis el dinero"): a complaint on its own, but said
   * with a cancellation of one's own appointment it asks what the cancellation refunds.
   */
  'refund-requests': 'REFUND_REQUESTS',
  /** Someone else ("mi amiga", "my wife"): their appointment is their data, never told to another. */
  'third-parties': 'THIRD_PARTIES',
  /** "y otra cosa", "por cierto", "by the way": what follows is another request of the same message. */
  'topic-shifts': 'TOPIC_SHIFTS',
  /**
   * "bueno no, mejor…", "perdón, el viernes", "I mean": at the start of a clause, what follows
   * corrects what came before in the same message (rules/corrections.ts).
   */
  corrections: 'CORRECTIONS',
  /** "¿hay bonos?", "any discounts?": a deal asked for, answered with the packs on sale or that nobody said of one. */
  'deal-words': 'DEAL_WORDS',
} as const;
type CueGroup = keyof typeof CUE_GROUPS;
type CueConstant = (typeof CUE_GROUPS)[CueGroup];

export const languageFileSchema = z.strictObject({
  $comment: comment,
  ...(Object.fromEntries(Object.keys(CUE_GROUPS).map((group) => [group, phrases.optional()])) as Record<
    CueGroup,
    z.ZodOptional<typeof phrases>
  >),
  /** Words that say nothing about what is asked: never used to match a sentence of the company information. */
  stopwords: phrases.optional(),
  /** Topics of questions about the business, used to find the sentence of the company information that answers. */
  topics: z.record(identifier, phrases).optional(),
});

const displayName = z.string().trim().min(1);
export const tradeFileSchema = z.strictObject({
  $comment: comment,
  /** Kinds of service or professional: an employee has a kind when its words appear in their title or role. */
  kinds: z
    .record(
      identifier,
      z.strictObject({
        /** What the assistant calls the kind when it tells a customer what the business offers. */
        names: z.object({ es: displayName, en: displayName }).catchall(displayName).optional(),
        words: z.record(languageCode, phrases).optional(),
      }),
    )
    .optional(),
  /** A word a price list uses for a service → the words customers use for it ("corte" ← "haircut", "taglio"). */
  'service-synonyms': z.record(z.string().trim().min(1), phrases).optional(),
});

export const placesFileSchema = z.strictObject({
  $comment: comment,
  /** Canonical name → the names customers write it in. */
  places: z.record(z.string().trim().min(1), phrases),
});

export type Vocabulary = Record<CueConstant, string[]> & {
  KINDS: Record<string, string[]>;
  KIND_NAMES: Record<string, Record<Language, string>>;
  PLACES: Record<string, string[]>;
  TOPICS: Record<string, string[]>;
  STOPWORDS: Set<string>;
  /** A word customers use → the words a price list may name the service with. */
  SERVICE_SYNONYMS: Map<string, string[]>;
};

export class VocabularyError extends Error {}

function readFile<T>(file: string, schema: z.ZodType<T>): T {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new VocabularyError(`Assistant vocabulary: ${file} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`,
    );
    throw new VocabularyError(`Assistant vocabulary: ${file} is malformed:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

/** The JSON files of a folder, in name order; none when the folder is absent. */
function jsonFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => path.join(folder, name));
}

/** Spanish and English first (the languages the assistant answers in), then the rest by code. */
const byLanguage = (a: string, b: string) => {
  const rank = (code: string) => ['es', 'en'].indexOf(code) + 1 || 3;
  return rank(a) - rank(b) || a.localeCompare(b);
};

/** Appends the words not already there, keeping the first place of each. */
function addAll(target: string[], words: readonly string[]) {
  for (const word of words) if (!target.includes(word)) target.push(word);
}

/** The list under a key, made empty (and placed after the others) when the key is new. */
function listOf(record: Record<string, string[]>, key: string): string[] {
  record[key] ??= [];
  return record[key];
}

/**
 * Reads and merges the vocabulary of these folders, each laid out as languages/, trades/ and
 * places.json; later folders add to earlier ones.
 */
export function loadVocabulary(folders: string[]): Vocabulary {
  const cues = Object.fromEntries(Object.values(CUE_GROUPS).map((name) => [name, [] as string[]])) as Record<
    CueConstant,
    string[]
  >;
  const kinds: Record<string, string[]> = {};
  const kindNames: Record<string, Record<Language, string>> = {};
  const places: Record<string, string[]> = {};
  const topics: Record<string, string[]> = {};
  const stopwords: string[] = [];
  const synonyms = new Map<string, string[]>();

  for (const folder of folders) {
    const languages = jsonFiles(path.join(folder, 'languages')).sort((a, b) =>
      byLanguage(path.basename(a, '.json'), path.basename(b, '.json')),
    );
    for (const file of languages) {
      const language = readFile(file, languageFileSchema);
      for (const [group, name] of Object.entries(CUE_GROUPS) as Array<[CueGroup, CueConstant]>)
        addAll(cues[name], language[group] ?? []);
      addAll(stopwords, language.stopwords ?? []);
      for (const [topic, words] of Object.entries(language.topics ?? {}))
        addAll(listOf(topics, topic), words);
    }
    for (const file of jsonFiles(path.join(folder, 'trades'))) {
      const trade = readFile(file, tradeFileSchema);
      for (const [kind, { names, words }] of Object.entries(trade.kinds ?? {})) {
        const languages = Object.keys(words ?? {}).sort(byLanguage);
        addAll(
          listOf(kinds, kind),
          languages.flatMap((code) => words![code]!),
        );
        if (names) kindNames[kind] = { ...kindNames[kind], ...names };
      }
      for (const [service, words] of Object.entries(trade['service-synonyms'] ?? {}))
        for (const word of words) {
          const services = synonyms.get(word) ?? [];
          addAll(services, [fold(service)]);
          synonyms.set(word, services);
        }
    }
    const placesFile = path.join(folder, 'places.json');
    if (existsSync(placesFile))
      for (const [place, aliases] of Object.entries(readFile(placesFile, placesFileSchema).places))
        addAll(listOf(places, place), aliases);
  }

  return {
    ...cues,
    KINDS: kinds,
    KIND_NAMES: kindNames,
    PLACES: places,
    TOPICS: topics,
    STOPWORDS: new Set(stopwords),
    SERVICE_SYNONYMS: synonyms,
  };
}

/** The vocabulary that ships with the server: this folder. */
export const BUILT_IN_VOCABULARY_DIR = import.meta.dirname;

/** The folders to read: the built-in one, then ASSISTANT_VOCABULARY_DIR's if set (it must exist). */
export function vocabularyFolders(extra: string | undefined): string[] {
  if (!extra) return [BUILT_IN_VOCABULARY_DIR];
  const folder = path.resolve(extra);
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    throw new VocabularyError(`ASSISTANT_VOCABULARY_DIR: ${folder} is not a folder`);
  const parts = ['languages', 'trades', 'places.json'];
  if (!parts.some((part) => existsSync(path.join(folder, part))))
    throw new VocabularyError(
      `ASSISTANT_VOCABULARY_DIR: ${folder} has none of languages/, trades/ or places.json`,
    );
  return [BUILT_IN_VOCABULARY_DIR, folder];
}

// Read when the engine is loaded, before the configuration is: config.ts lists the variable so it
// is documented with the rest, and this is its only reader.
export const VOCABULARY = loadVocabulary(
  vocabularyFolders(process.env.ASSISTANT_VOCABULARY_DIR || undefined),
);

export const {
  KINDS,
  KIND_NAMES,
  PLACES,
  TOPICS,
  STOPWORDS,
  SERVICE_SYNONYMS,
  GREETINGS,
  THANKS,
  GOODBYES,
  ACKNOWLEDGEMENTS,
  ASKS_FOR_PERSON,
  COMPLAINS,
  NOT_COMPLAINTS,
  OWN_BOOKING,
  PRICE_WORDS,
  BOOKING_WORDS,
  AVAILABILITY_WORDS,
  BOOKING_REQUEST,
  SUBSCRIPTION_WORDS,
  INJECTION,
  PRIVATE_DATA,
  OFF_TOPIC,
  CITIES_QUESTION,
  WHAT_WE_DO,
  HOURS,
  DURATION,
  WHICH_DAYS,
  REFUND_REQUESTS,
  THIRD_PARTIES,
  TOPIC_SHIFTS,
  CORRECTIONS,
  DEAL_WORDS,
} = VOCABULARY;
