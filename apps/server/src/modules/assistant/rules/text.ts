/** Lowercase without accents, for matching what customers type against names, places and words. */
export const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** WhatsApp shorthand written out, so patterns read one spelling ("q" is "que", "xq" "porque"). */
const SHORTHAND: Record<string, string> = {
  q: 'que',
  k: 'que',
  ke: 'que',
  xq: 'porque',
  pq: 'porque',
  porq: 'porque',
  x: 'por',
  xfa: 'por favor',
  xfavor: 'por favor',
  porfa: 'por favor',
  plis: 'por favor',
  d: 'de',
  tb: 'tambien',
  tmb: 'tambien',
  pa: 'para',
  kiero: 'quiero',
  toy: 'estoy',
  u: 'you',
  pls: 'please',
  plz: 'please',
  tmr: 'tomorrow',
  tmrw: 'tomorrow',
  tmw: 'tomorrow',
  appt: 'appointment',
};

/**
 * Words written as they sound or cut short ("dnd", "keria", "biene", "tade"): read as the word
 * before anything reads the message, dates and times included (`spelled`).
 */
export const SOUNDS_LIKE: Record<string, string> = {
  dnd: 'donde',
  dnde: 'donde',
  ola: 'hola',
  keria: 'queria',
  kieres: 'quieres',
  kien: 'quien',
  kienes: 'quienes',
  kuanto: 'cuanto',
  kuando: 'cuando',
  qndo: 'cuando',
  kual: 'cual',
  biene: 'viene',
  bale: 'vale',
  tade: 'tarde',
  lune: 'lunes',
  // Andalusian and Canarian typing drops a final or inner s and softens l ("der miércole", "la mima hora", "mu bien").
  marte: 'martes',
  miercole: 'miercoles',
  jueve: 'jueves',
  vierne: 'viernes',
  der: 'del',
  mima: 'misma',
  mimo: 'mismo',
  mu: 'muy',
};
export const normalise = (folded: string) =>
  folded
    .split(/\s+/)
    .map((word) => SHORTHAND[word] ?? word)
    .join(' ');

/** Folded words of a text: letters and digits only, repeated letters squeezed ("holaaa" → "hola"). */
export function words(text: string): string[] {
  return fold(text)
    .replace(/https?:\/\/\S+/g, ' ')
    .split(/[^a-z0-9ñç]+/)
    .filter(Boolean)
    .map((word) => word.replace(/([a-z])\1{2,}/g, '$1').replace(/^([a-z]+?)([aeiou])\2+$/, '$1$2'));
}

/** A Spanish infinitive, with or without its pronoun ("arreglar", "arreglarme", "cortarle"): a verb, not a thing. */
export const VERB_FORM = /^[a-z]{3,}(?:ar|er|ir)(?:me|te|le|la|lo|las|los|nos|se)?$/;

/** A crude stem that lets "nutricionista" meet "nutrition", and "pagan" meet "paga". */
export const stem = (word: string) => word.slice(0, word.length <= 5 ? 4 : 5);

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** Two neighbouring letters typed the other way round ("mierocles", "cnacelar"). */
export function swapped(typed: string, known: string) {
  if (typed.length !== known.length) return false;
  const at = [...typed].findIndex((letter, i) => letter !== known[i]);
  return (
    at >= 0 &&
    typed[at] === known[at + 1] &&
    typed[at + 1] === known[at] &&
    typed.slice(at + 2) === known.slice(at + 2)
  );
}

/** A word the customer typed is this word, allowing one typo in longer words. */
export const sameWord = (typed: string, known: string) =>
  typed === known ||
  (known.length >= 5 && typed.length >= 4 && levenshtein(typed, known) <= 1) ||
  // A short form of a name: "javi" for Javier.
  (typed.length >= 4 && known.length > typed.length && known.startsWith(typed));

/**
 * Each phrase's pattern, compiled once: the lexicon's and the directory's phrases are tested against
 * every message, and building their patterns was most of the engine's time. Bounded, since
 * directory phrases come from data staff can change.
 */
const phrasePatterns = new Map<string, RegExp>();
const MAX_PHRASE_PATTERNS = 10_000;

/**
 * A vocabulary phrase as a pattern. Two marks let one entry say what customers word many ways:
 * a word ending in `*` is that word with any ending ("suscri*": suscribirse, suscripción,
 * suscrito), and ` ... ` between words lets up to three words come between them ("me dejo ...
 * peor": "me dejó la rodilla peor").
 */
function phraseSource(phrase: string): string {
  return fold(phrase)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\s+\\\.\\\.\\\.\s+/g, '(?:\\s+\\S+){0,3}\\s+')
    .replace(/(?<=[a-z0-9ñç])\\\*(?![a-z0-9ñç])/g, '[a-z0-9ñç]*');
}

function phrasePattern(phrase: string): RegExp {
  let pattern = phrasePatterns.get(phrase);
  if (!pattern) {
    pattern = new RegExp(`(^|[^a-z0-9])${phraseSource(phrase)}($|[^a-z0-9])`);
    if (phrasePatterns.size >= MAX_PHRASE_PATTERNS) phrasePatterns.clear();
    phrasePatterns.set(phrase, pattern);
  }
  return pattern;
}

/** Whether a folded text contains a phrase as whole words. */
export function hasPhrase(folded: string, phrase: string): boolean {
  return phrasePattern(phrase).test(folded);
}

/**
 * Each list's phrases as one pattern: the lists are tested against every message, and one pass
 * over the text costs a fraction of a pass per phrase. Kept per list (the vocabulary's lists live
 * as long as the process; a list built per call would compile every time, so none is).
 */
const listPatterns = new WeakMap<readonly string[], { length: number; pattern: RegExp }>();

export function hasAny(folded: string, phrases: readonly string[]): boolean {
  if (phrases.length < 3) return phrases.some((phrase) => hasPhrase(folded, phrase));
  let kept = listPatterns.get(phrases);
  if (kept?.length !== phrases.length) {
    kept = {
      length: phrases.length,
      pattern: new RegExp(`(^|[^a-z0-9])(?:${phrases.map(phraseSource).join('|')})($|[^a-z0-9])`),
    };
    listPatterns.set(phrases, kept);
  }
  return kept.pattern.test(folded);
}

/** A folded text with these phrases (as whole words) taken out. */
export function withoutPhrases(folded: string, phrases: readonly string[]): string {
  let rest = folded;
  for (const phrase of phrases) {
    const pattern = phrasePattern(phrase);
    while (pattern.test(rest)) rest = rest.replace(pattern, '$1 $2');
  }
  return rest;
}
