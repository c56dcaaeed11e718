// Only the two languages it reads: the package's root loads every locale (about 100 ms of each start).
import * as chronoEn from 'chrono-node/en';
import * as chronoEs from 'chrono-node/es';
import { addDays, zonedDate } from '../../../lib/time-zone.ts';
import { KINDS, PLACES, SERVICE_SYNONYMS } from '../vocabulary/vocabulary.ts';
import { fold, hasAny, hasPhrase, levenshtein, swapped } from './text.ts';

export type PartOfDay =
  | 'soonest'
  | 'early'
  | 'morning'
  | 'midmorning'
  | 'midday'
  | 'afternoon'
  | 'evening'
  | 'late';

/** When the customer wants to come: a range of local dates, and maybe a part of the day or a time. */
export type When = {
  from: string;
  to: string;
  partOfDay?: PartOfDay;
  /** "after 6": times from this one on. */
  after?: string;
  /** "antes de las 10": times before this one. */
  before?: string;
  /** "entre semana": Monday to Friday only. */
  weekdaysOnly?: boolean;
  /** "cualquier día menos el viernes", "ni lunes ni martes": weekdays (0 Sunday … 6 Saturday) left out. */
  except?: number[];
  /** "a las 18:30": this exact time. */
  at?: string;
  /** The words they used were "today" (so a reply may say "today" rather than the date). */
  today?: boolean;
};

/** The days of a When without its times ("at", "after", "before", the part of the day): for a time said next on the same days. */
export function dayOf(when: When): Omit<When, 'at' | 'after' | 'before' | 'partOfDay'> {
  const { at: _at, after: _after, before: _before, partOfDay: _part, ...day } = when;
  return day;
}

/** Local time windows of each part of the day: [from, before). */
export const PART_OF_DAY: Record<PartOfDay, [string, string]> = {
  early: ['00:00', '10:30'],
  morning: ['00:00', '14:00'],
  midmorning: ['10:00', '13:00'],
  midday: ['12:00', '16:00'],
  afternoon: ['14:00', '21:00'],
  evening: ['18:00', '24:00'],
  // "a última hora": the day's last times, whatever they are (the reply shows the last few).
  late: ['00:00', '24:00'],
  // "primera hora libre", "lo antes posible": the first free times, whatever the time of day.
  soonest: ['00:00', '24:00'],
};

const PARTS: Array<[PartOfDay, string[]]> = [
  [
    'soonest',
    [
      'primera hora libre',
      'primera hora disponible',
      'primer hueco',
      'primer hueco libre',
      'lo antes posible',
      'cuanto antes',
      'first available',
      'earliest available',
      'first slot',
      'earliest slot',
      'next available',
      'first free',
      'soonest',
      'asap',
      // "¿hay alguien libre ahora mismo?": the first free times from now on.
      'ahora mismo',
      'right now',
      'lo mas pronto',
    ],
  ],
  [
    'late',
    [
      'a ultima hora',
      'ultima hora',
      'lo mas tarde posible',
      'lo mas tarde',
      'al final del dia',
      'last thing',
      'as late as possible',
      'latest',
      'end of the day',
    ],
  ],
  [
    'early',
    ['a primera hora', 'primera hora', 'first thing', 'earliest', 'lo mas temprano', 'temprano', 'early'],
  ],
  // Before 'morning': "a media mañana" is its own part of it.
  [
    'midmorning',
    ['a media manana', 'media manana', 'mid-morning', 'mid morning', 'midmorning', 'late morning'],
  ],
  [
    'morning',
    [
      'por la manana',
      'x la manana',
      // Galician: "pola mañá"; Portuguese: "de manhã", "pela manhã".
      'pola mana',
      'de manha',
      'pela manha',
      'de la manana',
      'en la manana',
      'a la manana',
      'por las mananas',
      'x las mananas',
      'las mananas',
      // "¿tiene mañanas?": mornings, plural, are never tomorrow ("no puedo por las mañanas" is above).
      'tiene mananas',
      'tienes mananas',
      'hay mananas',
      'trabaja mananas',
      'atiende mananas',
      'morning',
      'mornings',
      'vormittag',
      'matin',
      'mattina',
      // Before lunch is the morning ("antes de comer mejor").
      'antes de comer',
      'antes de la comida',
      'antes del mediodia',
      'before lunch',
    ],
  ],
  [
    'midday',
    [
      'a mediodia',
      'al mediodia',
      'mediodia',
      'a la hora de comer',
      'hora de comer',
      'midday',
      'noon',
      'lunchtime',
      'lunch time',
      'at lunch',
    ],
  ],
  [
    'afternoon',
    [
      'despues de comer',
      'after lunch',
      'por la tarde',
      'x la tarde',
      'por las tardes',
      'x las tardes',
      'las tardes',
      'la tarde',
      'esta tarde',
      'tarde',
      'tardes',
      'afternoon',
      'afternoons',
      // "and later in the day?" after the morning's times: the afternoon's, as "¿y más tarde?".
      'later in the day',
      'later that day',
      'later on in the day',
      'what about later',
      'how about later',
      'and later',
      'anything later',
      'something later',
      // Australian English.
      'arvo',
      'nachmittag',
      'apres-midi',
      'pomeriggio',
    ],
  ],
  [
    'evening',
    [
      // After work: the evening, unless they say when they finish ("salgo a las 6" is after 18:00).
      'despues del curro',
      'despues de currar',
      'despues del trabajo',
      'despues de trabajar',
      'al salir del curro',
      'al salir del trabajo',
      'al salir de trabajar',
      'cuando salga del curro',
      'cuando salga de trabajar',
      'after work',
      'after my shift',
      'por la noche',
      'x la noche',
      'esta noche',
      'noche',
      'evening',
      'evenings',
      'tonight',
      'abend',
      'soir',
      'sera',
    ],
  ],
];

/** The words the parts of the day are said in ("primer hueco"): words of their own, never a slip of another. */
export const PART_OF_DAY_WORDS: ReadonlySet<string> = new Set(
  PARTS.flatMap(([, phrases]) => phrases.flatMap((phrase) => phrase.split(' '))),
);

/** Weekday words → 0 (Sunday) … 6 (Saturday), in the languages customers write. */
const WEEKDAY_WORDS: Array<[number, string[]]> = [
  [
    1,
    [
      'lunes',
      'monday',
      'mon',
      'lundi',
      'montag',
      'lunedi',
      'segunda',
      'dilluns',
      'luns',
      'maandag',
      'astelehen',
      'astelehenean',
      'luni',
      'lun',
    ],
  ],
  [
    2,
    [
      'martes',
      'tuesday',
      'tue',
      'tues',
      'mardi',
      'dienstag',
      'martedi',
      'terca',
      'dimarts',
      'dinsdag',
      'astearte',
      'asteartean',
      // Not Romanian "marți" (folded "marti"): it is also the Catalan name Martí and a slip of Marta.
    ],
  ],
  [
    3,
    [
      'miercoles',
      'wednesday',
      'wed',
      'mercredi',
      'mittwoch',
      'mercoledi',
      'quarta',
      'dimecres',
      'mercores',
      'woensdag',
      'asteazken',
      'asteazkenean',
      'miercuri',
      'mierc',
      'mier',
    ],
  ],
  [
    4,
    [
      'jueves',
      'thursday',
      'thu',
      'thurs',
      'jeudi',
      'donnerstag',
      'giovedi',
      'quinta',
      'dijous',
      'xoves',
      'donderdag',
      'ostegun',
      'ostegunean',
      'joi',
      'juev',
      'jue',
    ],
  ],
  [
    5,
    [
      'viernes',
      'friday',
      'fri',
      'vendredi',
      'freitag',
      'venerdi',
      'sexta',
      'divendres',
      'venres',
      'vrijdag',
      'ostiral',
      'ostiralean',
      'vineri',
      'vier',
    ],
  ],
  [
    6,
    [
      'sabado',
      'saturday',
      'sat',
      'samedi',
      'samstag',
      'sabato',
      'dissabte',
      'zaterdag',
      'larunbat',
      'larunbatean',
      'sambata',
      'sab',
    ],
  ],
  [
    0,
    [
      'domingo',
      'sunday',
      'sun',
      'dimanche',
      'sonntag',
      'domenica',
      'diumenge',
      'zondag',
      'igande',
      'igandean',
      'duminica',
    ],
  ],
];

/** A weekday's names in the languages we answer in (Spanish, English), as the business's text says them. */
export const ourWeekdayNames = (weekday: number): string[] =>
  WEEKDAY_WORDS.find(([day]) => day === weekday)![1].slice(0, 2);

/** Every weekday's full folded name, in every language customers write ("jeudi", "venerdi", "freitag"). */
export const EVERY_WEEKDAY_NAME: readonly string[] = WEEKDAY_WORDS.flatMap(([, names]) =>
  names.filter((name) => name.length > 3),
);

/** The weekdays' folded names in Spanish ("lunes|martes|…") and English, for patterns that name one. */
export const WEEKDAYS_ES = [1, 2, 3, 4, 5, 6, 0].map((day) => ourWeekdayNames(day)[0]).join('|');
export const WEEKDAYS_EN = [1, 2, 3, 4, 5, 6, 0].map((day) => ourWeekdayNames(day)[1]).join('|');

const NEXT_WEEK = [
  'la semana que viene',
  'la semana q viene',
  'semana que viene',
  'semana q viene',
  'la proxima semana',
  'proxima semana',
  'la semana proxima',
  // "el martes de la otra semana": not this week's, the next.
  'de la otra semana',
  'next week',
  'naechste woche',
  'semaine prochaine',
];
const THIS_WEEK = ['esta semana', 'this week', 'cette semaine', 'questa settimana', 'diese woche'];
const WEEKEND = [
  'este finde',
  'el finde',
  'finde',
  'fin de semana',
  'los findes',
  'findes',
  'fines de semana',
  'this weekend',
  'the weekend',
  'weekends',
  'weekend',
  'wochenende',
  'week-end',
];
const LATER_WEEKEND =
  /\b(?:(?:siguiente|otro)\s+(?:finde|fin de semana)|(?:finde|fin de semana)\s+siguiente|weekend after)\b/;
const AFTER_THE_WEEKEND =
  /\b(?:despues del|despues de este|pasado el|tras el|after the|after this)\s+(?:finde|fin de semana|weekend)\b/;
const WEEKDAYS_ONLY = [
  'entre semana',
  'de lunes a viernes',
  'dias laborables',
  'laborables',
  'on weekdays',
  'weekday mornings',
  'weekday afternoons',
  'weekday evenings',
  'during the week',
  'monday to friday',
];
const TODAY = [
  'hoy',
  'avui',
  'today',
  'esta tarde',
  'esta noche',
  'tonight',
  'aujourd hui',
  'heute',
  'oggi',
  'hoje',
];
const TOMORROW = ['manana', 'dema', 'tomorrow', 'demain', 'morgen', 'domani', 'amanha'];
const DAY_AFTER_TOMORROW = [
  'pasado manana',
  'day after tomorrow',
  'apres-demain',
  'ubermorgen',
  'dopodomani',
];

const patterns = new Map<string, RegExp>();
/** A pattern built from the fixed word lists below, compiled once instead of on every message. */
function compiled(source: string, flags = ''): RegExp {
  const key = `${flags}/${source}`;
  let pattern = patterns.get(key);
  if (!pattern) {
    pattern = new RegExp(source, flags);
    patterns.set(key, pattern);
  }
  return pattern;
}
const wholePhrase = (phrase: string) => compiled(`(^|[^a-z])${phrase}($|[^a-z])`);

/** The first part of the day mentioned ("por las tardes porque por la mañana curro" is afternoons). */
/**
 * "Buenas tardes, ¿tiene hueco el jueves?", "good morning": a greeting says when they write, not
 * when they want to come.
 */
const GREETING_BY_TIME =
  /\b(?:buenas tardes|buenas noches|buenos dias|buen dia|good morning|good afternoon|good evening|bona tarda|bon dia|bones tardes|boa tarde|bom dia|boas tardes|bos dias)\b/g;

function partOfDay(text: string): { part?: PartOfDay; rest: string } {
  const folded = text.replace(GREETING_BY_TIME, ' ');
  let best: { part: PartOfDay; index: number; phrase: string } | undefined;
  let refusedPart: PartOfDay | undefined;
  for (const [part, phrases] of PARTS) {
    for (const phrase of phrases) {
      const match = wholePhrase(phrase).exec(folded);
      // "no puedo por las mañanas": a part of the day they cannot come is not the one asked for.
      const refused =
        match &&
        /\b(no puedo|no me va|no me viene|no me cuadra|menos|except|not|can'?t)\b[a-z ]{0,6}$/.test(
          folded.slice(0, match.index + 1),
        );
      if (refused) refusedPart ??= part;
      if (match && !refused && (!best || match.index < best.index))
        best = { part, index: match.index, phrase };
    }
  }
  // "no me va por la mañana" and nothing else said of the day: the other half of it is asked for.
  const otherHalf: Partial<Record<PartOfDay, PartOfDay>> = {
    early: 'afternoon',
    morning: 'afternoon',
    midmorning: 'afternoon',
    afternoon: 'morning',
    evening: 'morning',
    late: 'morning',
  };
  if (!best && refusedPart && otherHalf[refusedPart])
    best = { part: otherHalf[refusedPart]!, index: 0, phrase: '' };
  if (!best) return { rest: folded };
  // "por la mañana a primera hora", "por la tarde a última hora": the narrower of the two is meant.
  const said = (part: PartOfDay) =>
    PARTS.find(([name]) => name === part)![1].some((phrase) => wholePhrase(phrase).test(folded));
  if (best.part === 'morning' && said('early')) best = { ...best, part: 'early' };
  else if ((best.part === 'afternoon' || best.part === 'evening') && said('late'))
    best = { ...best, part: 'late' };
  // Remove every part-of-day phrase, so "mañana por la mañana" keeps one "mañana": tomorrow.
  let rest = folded;
  for (const [, phrases] of PARTS)
    for (const phrase of phrases) if (phrase.includes(' ')) rest = rest.replaceAll(phrase, ' ');
  return { part: best.part, rest };
}

const hhmm = (hour: number, minute = 0) =>
  `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

/** Hours written in words ("a las nueve y media"): never a slip of another word ("nueva"). */
export const TIME_WORDS: ReadonlySet<string> = new Set([
  'media',
  'cuarto',
  'medio',
  'half',
  'quarter',
  ...[
    'una',
    'uno',
    'dos',
    'tres',
    'cuatro',
    'cinco',
    'seis',
    'siete',
    'ocho',
    'nueve',
    'diez',
    'once',
    'doce',
    'one',
    'two',
    'three',
    'four',
    'five',
    'six',
    'seven',
    'eight',
    'nine',
    'ten',
    'eleven',
    'twelve',
  ],
]);
const NUMBER_WORDS: Record<string, number> = {
  una: 1,
  uno: 1,
  one: 1,
  dos: 2,
  two: 2,
  tres: 3,
  three: 3,
  cuatro: 4,
  four: 4,
  cinco: 5,
  five: 5,
  seis: 6,
  six: 6,
  siete: 7,
  seven: 7,
  ocho: 8,
  eight: 8,
  nueve: 9,
  nine: 9,
  diez: 10,
  ten: 10,
  once: 11,
  eleven: 11,
  doce: 12,
  twelve: 12,
};

/** The day words a typo is read as, when it is one letter off and no word of its own. */
const DAY_WORDS = [
  'lunes',
  'martes',
  'miercoles',
  'jueves',
  'viernes',
  'sabado',
  'domingo',
  'manana',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'tomorrow',
];
/**
 * Words one letter off a day that are words of their own ("¿vienes?", "los jueces", "el mar"), and
 * every word the vocabulary has for a kind of service, a service or a place (Portuguese "luzes",
 * highlights, is no Monday).
 */
const NOT_DAY_TYPOS = new Set([
  'vienes',
  'jueces',
  'mares',
  'lunas',
  'lunar',
  'domino',
  'marte',
  'manzana',
  ...[
    ...Object.values(KINDS),
    ...Object.values(PLACES),
    ...[...SERVICE_SYNONYMS].map(([word, synonyms]) => [word, ...synonyms]),
  ].flatMap((phrases) => phrases.flatMap((phrase) => phrase.split(' '))),
]);
/** Misspellings more than one letter off that customers write. */
const DAY_MISSPELLINGS: Record<string, string> = {
  tommorow: 'tomorrow',
  tommorrow: 'tomorrow',
  tomorow: 'tomorrow',
  wensday: 'wednesday',
  wendsday: 'wednesday',
  wednsday: 'wednesday',
  thurs: 'thursday',
  tues: 'tuesday',
  weds: 'wednesday',
};

/**
 * "el mierocles", "mañna", "sabdo", "tommorow": a word one letter off a day's (five letters or more,
 * the same first letter, not a plural of it and no word of its own) is that day, as a person reads it.
 */
function dayTypo(word: string): string {
  const spelled = DAY_MISSPELLINGS[word];
  if (spelled) return spelled;
  if (word.length < 5 || NOT_DAY_TYPOS.has(word) || DAY_WORDS.includes(word)) return word;
  if (word.endsWith('s') && DAY_WORDS.includes(word.slice(0, -1))) return word;
  const day = DAY_WORDS.find(
    (candidate) =>
      candidate[0] === word[0] &&
      Math.abs(candidate.length - word.length) <= 1 &&
      (levenshtein(word, candidate) === 1 || swapped(word, candidate)),
  );
  return day ?? word;
}

/** Day words as WhatsApp writes them: "mñn" / "mñna" (folded "mnn", "mnna") is "mañana"; a day's typo is the day. */
const spelledOut = (folded: string) =>
  folded
    .replace(/[a-z]{4,}/g, dayTypo)
    // "a las cinco y media", "half past five", "a la una": an hour written in words is that number.
    .replace(/\b(a|entre|de|sobre|para|hacia) la una\b/g, '$1 las 1')
    .replace(
      /\b(a las|sobre las|eso de las|para las|hacia las|a partir de las|despues de las|antes de las|desde las|entre las|y las)\s+(una|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce)\b/g,
      (_, before: string, hour: string) => `${before} ${NUMBER_WORDS[hour]}`,
    )
    .replace(
      /\b(at|half past|half|quarter past|quarter to)\s+(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/g,
      (_, before: string, hour: string) => `${before} ${NUMBER_WORDS[hour]}`,
    )
    .replace(/\bmn+a?\b/g, 'manana')
    // "¿y pasado?" alone: the day after tomorrow, as Spanish says it in a follow-up.
    .replace(/^\s*(?:y\s+)?(?:el\s+)?pasado\s*$/, 'pasado manana')
    .replace(/\b(tmrw?|tmw|2moro|tomoz)\b/g, 'tomorrow')
    // "a las 8 de la tarde" is 20:00: the hour keeps its half of the day once the words are read.
    .replace(/\b(\d{1,2})(:\d{2})? (de la (?:tarde|noche))\b/g, '$1$2 pm $3')
    .replace(/\b(\d{1,2})(:\d{2})? (de la manana|de la madrugada)\b/g, '$1$2 am $3');

/**
 * "after 6" / "a partir de las 18" / "salgo a las 6"; "antes de las 10"; "a las 18:30" / "at 5pm" /
 * "18h". Small hours without am are afternoon ones.
 */
/** Work said as what comes after the session: "antes de currar", "entro a trabajar", "before work". */
const BEFORE_WORK =
  /\b(?:antes de (?:currar|trabajar|ir a trabajar|ir al curro|ir al trabajo|entrar)|entro a (?:trabajar|currar)|entro al (?:trabajo|curro)|empiezo a (?:trabajar|currar)|before work|start work)\b/;

/**
 * "a las 10 y media no llego, ¿y a las 6 y media?": a time refused, then another asked; what is
 * read is the part after the refusal. A time taken back ("a las 5 no, a las 6") is not read at all.
 */
function refusedFirst(folded: string): string {
  // "a las 5 no, a las 6", "las 5 no las 6", "not 5, 6": a time taken back for the one after it.
  const takenBack =
    /\b(?:(?:a las|las|sobre las|at)\s+)?\d{1,2}(?::\d{2})?\s*(?:am|pm|h)?\s+no\b(?=\D{0,20}\d)|\bnot (?:at )?\d{1,2}(?::\d{2})?\s*(?:am|pm)?\b(?=\D{0,20}\d)/.exec(
      folded,
    );
  if (takenBack)
    return `${folded.slice(0, takenBack.index)} ${folded.slice(takenBack.index + takenBack[0].length)}`;
  const refusal =
    /\b(?:no llego|no puedo|no me va|no me viene bien|imposible|can'?t make|cannot make|doesn'?t work)\b/.exec(
      folded,
    );
  if (!refusal) return folded;
  const after = folded.slice(refusal.index + refusal[0].length);
  return /\d/.test(after) && /\d/.test(folded.slice(0, refusal.index)) ? after : folded;
}

function times(text: string): { after?: string; at?: string; before?: string } {
  // "7 y media", "7 y cuarto", "half past 7": written as minutes first.
  const folded = text
    // "a las 6 o así", "6ish", "sobre las 6 más o menos": the time they give, loosely, is that time.
    .replace(/\b(\d{1,2})\s*ish\b/g, 'at $1')
    .replace(APPROXIMATELY, ' ')
    .replace(/\b(\d{1,2}) y media\b/g, '$1:30')
    .replace(/\b(\d{1,2}) y cuarto\b/g, '$1:15')
    .replace(/\bhalf past (\d{1,2})\b/g, 'at $1:30')
    // "half ten", as British English says 10:30 (not "half an hour", not "half 10 minutes").
    .replace(/\bhalf (\d{1,2})\b(?!\s*(?:min|minutes|hours?|h\b))/g, 'at $1:30')
    // "a las 1830", "at 0930": a time typed without its colon.
    .replace(/\b(a las|las|sobre las|para las|at|around)\s+([01]\d|2[0-3])([0-5]\d)\b/g, '$1 $2:$3');
  const afternoonHour = (hour: number, meridiem?: string) =>
    meridiem === 'pm' && hour < 12
      ? hour + 12
      : meridiem === 'am'
        ? hour % 12
        : hour >= 1 && hour <= 7
          ? hour + 12
          : hour;
  // "entre la 1 y las 2", "between 5 and 7": from the first, before the second.
  const between =
    /\b(?:entre (?:la|las)|between)\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\s*(?:y (?:la|las)|and)\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)?/.exec(
      folded,
    );
  if (between && Number(between[1]) <= 23 && Number(between[4]) <= 23) {
    const from = afternoonHour(Number(between[1]), between[3] ?? between[6]);
    const to = afternoonHour(Number(between[4]), between[6]);
    if (to > from)
      return { after: hhmm(from, Number(between[2] ?? 0)), before: hhmm(to, Number(between[5] ?? 0)) };
  }
  const after =
    /(?:after|despues de las|a partir de las|desde las|from)\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)?/.exec(
      folded,
    );
  if (after) return { after: hhmm(afternoonHour(Number(after[1]), after[3]), Number(after[2] ?? 0)) };
  // When they (or whoever the appointment is for) get out: "salgo a las 6", "termino sobre las 7",
  // "mi hija sale del instituto a las 15:30", "I finish at 6". They cannot be there at that very
  // time: the first time that suits is the next half hour.
  const out =
    /\b(?:salgo|sale|sales|salen|salimos|termino|termina|acabo|acaba|plego|finish|finishes|gets? off|i'?m off|im off|leave work|leaves school)\b[a-z ]{0,25}?(?:a las|sobre las|at|by)\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)?/.exec(
      folded,
    );
  if (out) {
    const minutes = afternoonHour(Number(out[1]), out[3]) * 60 + Number(out[2] ?? 0) + 30;
    return { after: hhmm(Math.floor(minutes / 60), minutes % 60) };
  }
  // "antes de las 9", "antes d las 9": the bound they give is the one asked, even when work is the reason.
  const before =
    /(?:antes de las|antes d las|before|no mas tarde de las|no later than)\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)?/.exec(
      folded,
    );
  if (before && Number(before[1]) <= 23)
    return { before: hhmm(afternoonHour(Number(before[1]), before[3]), Number(before[2] ?? 0)) };
  // When they start work: "antes de currar, entro a las 9", "antes de entrar a currar a las 9", "I
  // start work at 8". A session must end before it, with time to get there: the last time that
  // suits is half an hour before.
  const into =
    /\b(?:entro|entrar|empiezo|empezar|start|starting)\b[a-z ]{0,25}?(?:a las|sobre las|at)\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)?/.exec(
      folded,
    );
  if (into && BEFORE_WORK.test(folded)) {
    const hour = into[3] === 'pm' && Number(into[1]) < 12 ? Number(into[1]) + 12 : Number(into[1]);
    const minutes = hour * 60 + Number(into[2] ?? 0) - 30;
    return { before: hhmm(Math.floor(minutes / 60), minutes % 60) };
  }
  const at =
    /(?:a las|(?:a|sobre|para|hacia) la(?= 1\b)|a les|alle|at|sobre las|para las|las|around|about|hacia)\s*(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|h)?(?![\d/])/.exec(
      refusedFirst(folded),
    ) ??
    /(?:^|\s)(\d{1,2}):(\d{2})(?:\s*(am|pm))?/.exec(folded) ??
    // "to 6pm", "move it 4 pm", "to 4.30pm": an hour with its am/pm needs no "at".
    /(?:^|\s)(\d{1,2})(?:[.:](\d{2}))?\s*(am|pm)\b/.exec(folded) ??
    // "y 19h?", "mejor 17h30": an hour written with its h needs no "a las" either; "en 2h" is a wait.
    /(?:^|\s)(?<!\b(?:en|in|de|cada|within|dentro)\s)(\d{1,2})h(\d{2})?\b/.exec(folded) ??
    // "and 10?", "y 6?", "or 11?": an hour alone after "and" asks that time, as "¿y a las 10?" does.
    /^\s*(?:y|and|or|o|e|mejor)\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\s*$/.exec(folded) ??
    // "is 11 free?", "what about 11?": an hour asked of, in English, with no "at".
    /\b(?:is|what about|how about)\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm)?(?=\s+(?:free|open|available|ok|okay|possible|good)\b|\s*$)/.exec(
      folded,
    ) ??
    // "às 11 pode ser?": Portuguese "at" (folded "as"), not "as 2 people".
    /(?:^|\s)as\s+(\d{1,2})(?:[:h](\d{2}))?(?![\d/])(?!\s*(?:people|persons|of|pessoas)\b)/.exec(folded);
  if (at) {
    const hour = Number(at[1]);
    if (hour > 23) return {};
    return { at: hhmm(afternoonHour(hour, at[3] === 'h' ? undefined : at[3]), Number(at[2] ?? 0)) };
  }
  return {};
}

/** An explicit calendar date ("27/11", "27 de noviembre", "November 27"): chrono-node reads these well. */
function explicitDate(text: string, now: Date, timeZone: string): string | undefined {
  // Every date taken below has a digit: without one, chrono (the costliest step of reading a
  // message) has nothing to find.
  if (!/\d/.test(text)) return undefined;
  const reference = { instant: now, timezone: timeZone };
  for (const parser of [chronoEs, chronoEn]) {
    for (const result of parser.parse(text, reference, { forwardDate: true })) {
      // A date needs a number of its own: "mañana a las 5" and "pasado mañana 18:30" have a
      // digit, but only in their time (chrono reads the second as tomorrow at 18:30).
      const withoutTime = result.text
        .replace(/(a las|sobre las|at)\s*\d{1,2}([:.h]\d{2})?\s*(am|pm|h)?/gi, ' ')
        .replace(/\b\d{1,2}(?:[:.h]\d{2}|\s*(?:am|pm|h)\b)/gi, ' ');
      if (!result.start.isCertain('day') || !/\d/.test(withoutTime)) continue;
      // chrono reads a bare time ("17h") as that time on a certain day: a time is not a date.
      if (/^\s*\d{1,2}\s*([:.h]\s*\d{0,2})?\s*(h|am|pm)?\s*$/i.test(result.text)) continue;
      // Nor is a length: "30 min right?" is how long a session lasts, not today in half an hour.
      if (/^\s*(en|in|dentro de|within)?\s*\d+\s*(m|min\w*|h|hrs?|horas?|hours?)\s*$/i.test(result.text))
        continue;
      const year = result.start.get('year');
      const month = result.start.get('month');
      const day = result.start.get('day');
      if (!year || !month || !day) continue;
      return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    }
  }
  return undefined;
}

/**
 * The weekday asked about: the first named, unless a later one follows "tiene", "hay", "libre"…
 * ("tengo boda el sábado, ¿tiene algo el viernes?" asks about Friday).
 */
function namedWeekday(folded: string): { weekday: number; dayOfMonth?: number } | undefined {
  const first = firstWeekday(folded);
  if (!first) return undefined;
  // "…el sábado curro, mejor el miércoles": the day they would rather have is the one asked about.
  const asked =
    /\b(tiene|tienes|teneis|tienen|hay|hueco|huecos|libre|puede|podria|available|free|have|has|any|mejor|prefiero|preferiria|better|rather)\b[a-z ]{0,25}$/;
  // "el jueves me va mejor que el viernes", "thursday instead of friday": the day compared against
  // is the one not wanted, however close a "mejor" or "rather" comes before it.
  const notWanted =
    /\b(mejor que|antes que|en vez de|en lugar de|instead of|rather than|better than|more than)l?\s+(el|la|los|las|the|on)?\s*$/;
  const before = (at: number) => folded.slice(0, at + 1);
  let best = first;
  let bestRejected = notWanted.test(before(first.index));
  for (let from = first.end; from < folded.length; ) {
    const next = firstWeekday(folded.slice(from));
    if (!next) break;
    const at = from + next.index;
    const rejected = notWanted.test(before(at));
    if (!rejected && (bestRejected || asked.test(before(at)))) {
      best = { ...next, index: at, end: from + next.end };
      bestRejected = false;
    }
    // Past the whole word: a slice starting inside it would find the same weekday again.
    from += next.end;
  }
  const { index: _index, end: _end, ...weekday } = best;
  return weekday;
}

/** The first weekday named, with where it starts and ends: "el miércoles 25" → 3 with day of month 25. */
function firstWeekday(
  folded: string,
): { weekday: number; index: number; end: number; dayOfMonth?: number } | undefined {
  let best: { weekday: number; index: number; end: number; dayOfMonth?: number } | undefined;
  let abbreviated: { weekday: number; index: number; end: number } | undefined;
  for (const [weekday, names] of WEEKDAY_WORDS) {
    for (const name of names) {
      // "los domingos", "on Sundays": the plural names the same weekday ("sexta-feira": Portuguese
      // names it with "feira"). A number after it is its day of the month, but not a time
      // ("vendredi 17h", "Freitag 18 Uhr") nor one digit of a longer number.
      const match = compiled(
        `(^|[^a-z])${name}s?(?:[- ]feira)?(?:\\s+(?:dia\\s+|the\\s+)?(\\d{1,2})(?!\\d)(?:st|nd|rd|th)?(?!\\s*(?:h|hs|hrs?|horas?|hours?|uhr|am|pm)\\b|[:.]\\d))?($|[^a-z])`,
      ).exec(folded);
      if (match && name.length > 3 && (!best || match.index < best.index)) {
        best = {
          weekday,
          index: match.index,
          end: match.index + match[0].length,
          ...(match[2] ? { dayOfMonth: Number(match[2]) } : {}),
        };
      }
      if (
        match &&
        name.length <= 3 &&
        !abbreviated &&
        /^[a-z]/.test(folded.slice(match.index + match[1]!.length)) &&
        !FRENCH_MON.test(folded.slice(match.index))
      ) {
        // Three-letter English abbreviations only as whole words: "sat", "sun".
        abbreviated = { weekday, index: match.index, end: match.index + match[0].length };
      }
    }
  }
  // An abbreviation only where no day is named in full: "décaler mon rdv de jeudi à samedi" has
  // French's "mon" (my) before its days.
  return best ?? abbreviated;
}

/** French "mon" (my) before what it owns is no Monday: "mon rendez-vous", "mon rdv". */
const FRENCH_MON =
  /^[^a-z]?mon\s+(?:rendez|rdv|seance|cours|coach|entraineur|entrainement|ami|amie|mari|fils|fille|compte|numero|telephone|email|mail|abonnement|paiement|nom)\b/;

const WEEK_COUNTS: Record<string, number> = {
  una: 1,
  un: 1,
  one: 1,
  a: 1,
  dos: 2,
  two: 2,
  tres: 3,
  three: 3,
  cuatro: 4,
  four: 4,
};
export const weekdayIndex = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
const daysUntil = (fromDate: string, weekday: number) => (weekday - weekdayIndex(fromDate) + 7) % 7;

/**
 * Every time a message asks about, when it asks about several: "a las 10 y a las 10 y media",
 * "at 4 or at 5" → ["10:00", "10:30"]. One time (or none) gives [].
 */
export function timesSaid(text: string): string[] {
  // "a las 10 y a las 10:30", "at 5 or at 6", "a las 12 y 12:30" (a second time written whole).
  const parts = fold(text).split(/\b(?:y|o|and|or)\s+(?=(?:a\s+las?|las?|at)\s+\d|\d{1,2}[:.h]\d{2}\b)/);
  if (parts.length < 2) return [];
  const found = parts.map((part) => clockOf(part).at);
  if (found.some((at) => !at)) return [];
  const distinct = [...new Set(found as string[])];
  return distinct.length > 1 ? distinct : [];
}

/** The time of day a message names, without any day: "a las 6" (18:00), "after 5pm", "por la tarde". */
export function clockOf(text: string): Pick<When, 'partOfDay' | 'at' | 'after' | 'before'> {
  const folded = spelledOut(withoutPunctuation(fold(text)));
  const { part, rest } = partOfDay(folded);
  const clock = times(rest);
  // "por la tarde mejor, a las 8?": an hour of the morning said with the afternoon is the afternoon's.
  if (clock.at && part && AFTER_NOON.has(part) && clock.at >= '01:00' && clock.at < '12:00')
    clock.at = hhmm(Number(clock.at.slice(0, 2)) + 12, Number(clock.at.slice(3)));
  return { ...(part ? { partOfDay: part } : {}), ...clock };
}
const AFTER_NOON: ReadonlySet<PartOfDay> = new Set(['afternoon', 'evening', 'late']);

/**
 * Punctuation out, but a time written with a dot kept a time: "4.30pm", "a las 18.30" (a dot
 * between a date's numbers, "el 3.12", is left to be dropped).
 */
export const dottedTimes = (folded: string) =>
  folded
    .replace(/\b(\d{1,2})\.([0-5]\d)(?=\s*(?:am|pm|h)\b)/g, '$1:$2')
    .replace(/\b(a las|sobre las|para las|hacia las|at|to|around)\s+(\d{1,2})\.([0-5]\d)\b/g, '$1 $2:$3');
const withoutPunctuation = (folded: string) =>
  dottedTimes(folded)
    .replace(/[¿?¡!.,]/g, ' ')
    // "18 Uhr", "18 heures": the hour as "18h", which every time below reads.
    .replace(/\b(\d{1,2})\s*(?:uhr|heures?)\b/g, '$1h')
    // "Freitagnachmittag": German writes the day and its part as one word.
    .replace(
      /\b(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)(vormittag|nachmittag|mittag|abend|morgen)\b/g,
      '$1 $2',
    );

/** A time said loosely: "a las 6 o así", "sobre las 6 más o menos", "around 6ish". */
const APPROXIMATELY =
  /\b(o asi|mas o menos|aprox\w*|mas bien|o por ahi|y pico|or so|ish|roughly|approximately)\b/g;

/**
 * How many words a message has besides the time it names: "y a las 7 y media de la tarde?" is a
 * time and nothing else (one word left), however many words the time takes to say.
 */
export function wordsBesidesTime(text: string): number {
  let rest = spelledOut(withoutPunctuation(fold(text)))
    .replace(APPROXIMATELY, ' ')
    .replace(/\b(\d{1,2}) y media\b/g, '$1:30')
    .replace(/\b(\d{1,2}) y cuarto\b/g, '$1:15');
  for (const [, phrases] of PARTS)
    for (const phrase of phrases) rest = rest.replace(compiled(`(^|[^a-z])${phrase}($|[^a-z])`, 'g'), ' ');
  rest = rest.replace(
    /\b(?:a las|a la|sobre las|para las|hacia las|a eso de las|las|at|around|about|half past|quarter past|quarter to|after|before|antes de las|despues de las|a partir de las|desde las)?\s*\d{1,2}(?:[:.h]\d{2})?\s*(?:am|pm|h)?\b/g,
    ' ',
  );
  return rest.split(/\s+/).filter(Boolean).length;
}

/**
 * An hour said with no am, pm or part of the day can be in either half of it: `clockOf` reads "a
 * las 7" as 19:00 and "a las 8" as 08:00. This reads it in the half of the day the conversation is
 * in: in the morning, 19:00 said "a las 7" is 07:00 (only an hour said bare: "a las 7 de la
 * tarde", "7pm" and "19h" stay); in the afternoon or evening, 08:00 said "what about 8?" is 20:00
 * (up to 9: "a las 10" after an afternoon is no 22:00; said "de la mañana", it stays). Null when
 * the words fix the half or the hour has no reading in that half.
 */
/** "a las 8" read as 20:00 when small hours are taken as afternoon ones: 08:00 is the other reading. */
export function morningTwin(at: string): string | null {
  const hour = Number(at.slice(0, 2));
  return hour >= 13 && hour <= 19 ? `${String(hour - 12).padStart(2, '0')}${at.slice(2)}` : null;
}

export function inHalfOfDay(text: string, at: string, half: 'morning' | 'afternoon'): string | null {
  const hour = Number(at.slice(0, 2));
  const folded = spelledOut(withoutPunctuation(fold(text)));
  if (half === 'afternoon') {
    if (at >= '10:00' || /\b(manana|mananas|morning|am|a m|madrugada)\b/.test(folded)) return null;
    return `${String(hour + 12).padStart(2, '0')}${at.slice(2)}`;
  }
  const twin = morningTwin(at);
  // "y a las 2 y media?" after a noon time is 14:30: nobody books at 02:30 (6 and 7 may be early birds').
  if (!twin || twin < '06:00' || partOfDay(folded).part || /\b(pm|p m)\b/.test(folded)) return null;
  const small = new RegExp(
    `\\b(?:a las|sobre las|para las|hacia las|las|at|around|about)\\s*${hour - 12}(?:[:.]${at.slice(3)})?\\b(?!\\s*(?:h\\b|pm\\b))`,
  );
  return small.test(folded) ? twin : null;
}

/**
 * "me duele la espalda desde el domingo", "my knee hurts since Saturday": a pain or a trouble
 * since a day tells when it began, not when they want to come.
 */
const SINCE_A_DAY =
  /\b(?:desde el|desde este|since|since last)\s+(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo|finde|fin de semana|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend)\b/g;
/** "I am in Granada until Friday, could I get … on Thursday?": the day they stay until is not the day asked. */
const UNTIL_A_DAY =
  /\b(?:until|till|hasta el|hasta este|hasta)\s+(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo|finde|fin de semana|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend)\b/g;
/**
 * "el miércoles no puedo, tendría que ser mañana", "I can't do Friday", "el jueves no, el viernes",
 * "not Thursday, Friday": a day they refuse is not the day asked, when another is named.
 */
const REFUSED_DAY =
  /\b(?:el |los |este |esta )?(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo|hoy|manana|finde|fin de semana) no\b(?=\s*(?:,|\.|;|-|mejor|sino|que)?\s*(?:mejor |sino |que )?(?:el |los |este |esta )?(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo|manana|finde)\b)|\b(?:not|no) (?:on )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow)\b(?=\s*[,.;-]?\s*(?:but |rather |instead )?(?:on )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow)\b)|\b(?:el |los |este |esta )?(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo|hoy|manana|finde|fin de semana) no (?:puedo|podemos|podre|me va|me viene|nos va|nos viene|me cuadra|nos cuadra)\b|\bno (?:puedo|podemos|podre)(?: ir)? (?:el|los|este) (?:lunes|martes|miercoles|jueves|viernes|sabado|domingo|finde)\b|\bcan'?t (?:do |make )?(?:it )?(?:on )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow)\b|\bno (?:el |los |este )?(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo)\b(?=\s*(?:sino|mejor)\b)/g;
/**
 * "si no hay el martes entonces el miércoles", "el martes, si no el miércoles", "if not, Wednesday": the day
 * said as the fallback (not "si no hay nada el jueves, cancela…", a condition on that day).
 */
const FALLBACK_DAY =
  /\b(?:si no|if not|otherwise)\b(?:[a-z0-9 ]{0,30}?\b(?:entonces|pues|then)|\s*,?)\s+(?:el |la |on )?(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/g;
const TROUBLE =
  /\b(?:duele|dolor|dolores|molest\w*|lesion\w*|lesione|hurts?|pain|aches?|sore|injur\w*|me torci|torcido|esguince|me cai|sprained|twisted)\b/;
/**
 * "el domingo jugando al pádel me torcí la rodilla": the day something happened to them, told with
 * what they did or what happened, is no day asked for.
 */
const HURT_ON_A_DAY =
  /\b(?:el |este |the |on |last )?(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo|finde|fin de semana|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend)(?: pasado)?\b(?=(?: \w+){0,4} (?:me (?:torci|cai|lesione|hice dano|rompi|di un golpe)|jugando|entrenando|corriendo|playing|running|i (?:twisted|sprained|fell|hurt)))/g;

/**
 * "jueves 18h", "viernes 17:30", "jueves 9:30am": a time written straight after a weekday is the time on that day,
 * not its day of the month (which read "jueves 18:00" as Friday 18 December). With a dot only on
 * quarter hours: "jueves 3.12" is a date.
 */
const TIME_AFTER_WEEKDAY =
  /\b(lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+(\d{1,2}(?:\s*h\b|h\d{2}\b|:\d{2}(?!\d)|\.(?:00|15|30|45)\b|\s*(?:am|pm)\b))/gi;

/** Month words, Spanish first, then English and other spellings ("setiembre"). */
const MONTH_WORDS = [
  ['enero', 'january'],
  ['febrero', 'february'],
  ['marzo', 'march'],
  ['abril', 'april'],
  ['mayo', 'may'],
  ['junio', 'june'],
  ['julio', 'july'],
  ['agosto', 'august'],
  ['septiembre', 'september', 'setiembre'],
  ['octubre', 'october'],
  ['noviembre', 'november'],
  ['diciembre', 'december'],
];
/** Month words → 1 (January) … 12 (December). */
export const MONTHS: Record<string, number> = Object.fromEntries(
  MONTH_WORDS.flatMap((names, index) => names.map((name) => [name, index + 1])),
);
const SPANISH_MONTHS = MONTH_WORDS.flatMap((names) => names.filter((_, i) => i !== 1)).join('|');

/** "el primero de diciembre", "el dos de enero": the day of the month in words, as digits. */
const DAY_IN_WORDS = new RegExp(
  `\\b(primero|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez)\\s+de\\s+(${SPANISH_MONTHS})\\b`,
  'gi',
);
const DAY_NUMBERS: Record<string, number> = {
  primero: 1,
  uno: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
};
/**
 * "el lunes que viene no, el otro", "this Friday, no, the one after": the day said, refused for
 * the same weekday a week on.
 */
const THE_ONE_AFTER =
  /\b(?:no)\s*,?\s*(?:(?:el|la)\s+(?:otro|otra|siguiente|de despues)|the (?:other one|one after|following one))\b/;

/**
 * "¿y el otro sábado?": the one after the nearest. Not a day gone by ("el otro sábado fui…", as
 * "el otro día" says).
 */
const THE_OTHER_WEEKDAY =
  /\b(?:el otro|the other)\s+(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/;
const GONE_BY = /\b(?:fui|fuimos|vine|vinimos|estuve|estuvimos|tuve|hice|went|came|was|had)\b/;

/** Reads when the customer means, relative to now in the business's zone; undefined when they say no day. */
/** Weekday words of the languages we answer in, for the days left out. */
const DAY_WORD =
  '(?:lunes|martes|miercoles|jueves|viernes|sabados?|domingos?|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?)';
/**
 * Days left out of a range: "cualquier día menos el viernes", "excepto lunes y martes", "ni lunes ni
 * martes", "que no sea el viernes", "any day but Friday", "except Monday".
 */
const EXCEPT_DAYS = new RegExp(
  `\\b(?:menos|excepto|salvo|quitando|(?:que|q|k) no sean?|but not|except|apart from|other than|not)\\s+(?:el |los |la |on )?${DAY_WORD}(?:\\s*(?:,|y|ni|o|and|or)\\s*(?:el |los |on )?${DAY_WORD})*\\b|\\bni (?:el |los )?${DAY_WORD} ni (?:el |los )?${DAY_WORD}\\b`,
  'g',
);

/** The weekdays a message leaves out, and the message without those words. */
function exceptedDays(plain: string): { except: number[]; rest: string } | null {
  const found = plain.match(EXCEPT_DAYS);
  if (!found) return null;
  const except = found.flatMap((phrase) =>
    WEEKDAY_WORDS.filter(([, names]) =>
      names.some((name) => new RegExp(`\\b${name}s?\\b`).test(phrase) && name.length > 3),
    ).map(([weekday]) => weekday),
  );
  return except.length ? { except, rest: plain.replace(EXCEPT_DAYS, ' ') } : null;
}

export function resolveWhen(said: string, now: Date, timeZone: string): When | undefined {
  // "esta semana, ni lunes ni martes": the range is read without the days left out, which it then leaves out.
  const excepted = exceptedDays(withoutPunctuation(fold(said)));
  if (excepted) {
    const found = resolveWhen(excepted.rest, now, timeZone);
    if (found && found.from !== found.to) return { ...found, except: excepted.except };
    // A day said beside them is that day; none ("cualquier día menos el viernes"): the coming week.
    if (found) return found;
    const today = zonedDate(now, timeZone);
    // "no me va por la mañana y que no sea lunes": the part of the day said beside them still holds.
    return { from: today, to: addDays(today, 6), except: excepted.except, ...clockOf(excepted.rest) };
  }
  const found = readWhen(said, now, timeZone);
  const plain = withoutPunctuation(fold(said));
  // Only of the nearest: "el otro jueves, el de la semana que viene" has said which already.
  const otherWeekday =
    THE_OTHER_WEEKDAY.test(plain) &&
    !GONE_BY.test(plain) &&
    Boolean(found && found.from <= addDays(zonedDate(now, timeZone), 7));
  if (!found || found.from !== found.to || !(THE_ONE_AFTER.test(plain) || otherWeekday)) return found;
  if (!namedWeekday(spelledOut(withoutPunctuation(fold(said))))) return found;
  const date = addDays(found.from, 7);
  return { ...found, from: date, to: date };
}

function readWhen(said: string, now: Date, timeZone: string): When | undefined {
  const text = said
    .replace(TIME_AFTER_WEEKDAY, '$1 a las $2')
    .replace(
      DAY_IN_WORDS,
      (_all, day: string, month: string) => `${DAY_NUMBERS[day.toLowerCase()]} de ${month}`,
    );
  const read = spelledOut(withoutPunctuation(fold(text)));
  const sinceTaken = TROUBLE.test(read) ? read.replace(SINCE_A_DAY, ' ').replace(HURT_ON_A_DAY, ' ') : read;
  const untilTaken = sinceTaken.replace(UNTIL_A_DAY, ' ');
  const untilRead = untilTaken !== sinceTaken && namedWeekday(untilTaken) ? untilTaken : sinceTaken;
  // "el martes, si no hay el martes entonces el miércoles": the day after "si no" is only the fallback.
  const fallbackTaken = untilRead.replace(FALLBACK_DAY, ' ');
  const firstChoice = fallbackTaken !== untilRead && namedWeekday(fallbackTaken) ? fallbackTaken : untilRead;
  const refusedTaken = firstChoice.replace(REFUSED_DAY, ' ');
  const folded =
    refusedTaken !== firstChoice &&
    (namedWeekday(refusedTaken) || /\b(?:hoy|manana|today|tomorrow)\b/.test(refusedTaken))
      ? refusedTaken
      : firstChoice;
  const { part, rest } = partOfDay(folded);
  const clock = times(rest);
  const today = zonedDate(now, timeZone);
  const extra = { ...(part ? { partOfDay: part } : {}), ...clock };
  const single = (date: string, isToday = false) => ({
    from: date,
    to: date,
    ...extra,
    ...(isToday ? { today: true } : {}),
  });

  // "el primer lunes de diciembre", "el último día del mes": a day the calendar names, no digit needed.
  const counted = countedDay(rest, today);
  if (counted) return counted < today ? undefined : single(counted, counted === today);

  const weekday = namedWeekday(rest);
  // "dentro de dos semanas", "in two weeks": that many weeks on, and its weekday if one is named
  // (before the dates reader, which reads "dentro de 3 semanas el sábado" as 21 days from today).
  const weeksAhead =
    /\b(?:dentro de|en|in)\s+(una|un|dos|tres|cuatro|one|a|two|three|four|\d)\s+(?:semanas?|weeks?)\b/.exec(
      rest,
    );
  const explicit = weeksAhead && weekday ? undefined : explicitDate(text, now, timeZone);
  if (explicit) return single(explicit, explicit === today);
  if (hasAny(rest, DAY_AFTER_TOMORROW)) return single(addDays(today, 2));
  // "¿hay alguien libre ahora mismo?": today, its first free times (the part of the day says so).
  if (/\b(?:ahora mismo|right now)\b/.test(folded)) return single(today, true);

  if (weeksAhead) {
    const count = WEEK_COUNTS[weeksAhead[1]!] ?? Number(weeksAhead[1]);
    const mondayOf = addDays(today, -((weekdayIndex(today) + 6) % 7) + 7 * count);
    if (weekday) return single(addDays(mondayOf, (weekday.weekday + 6) % 7));
    return { from: mondayOf, to: addDays(mondayOf, 6), ...extra };
  }
  // "el próximo martes", "next Friday"; never "la próxima" alone (the customer's soonest appointment).
  const nextWeek =
    hasAny(rest, NEXT_WEEK) ||
    /\b(next|proximo|proxima)\s+(lunes|martes|miercoles|jueves|viernes|sabado|domingo|monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|semana)\b/.test(
      rest,
    );
  const monday = addDays(today, (8 - weekdayIndex(today)) % 7 || 7);
  if (weekday) {
    if (weekday.dayOfMonth) {
      // "miércoles 25": the next date with that day of the month.
      for (let offset = 0; offset < 62; offset++) {
        const date = addDays(today, offset);
        if (Number(date.slice(8)) === weekday.dayOfMonth) return single(date, offset === 0);
      }
    }
    const base = nextWeek ? monday : addDays(today, 1);
    const target = addDays(base, nextWeek ? (weekday.weekday + 6) % 7 : daysUntil(base, weekday.weekday));
    return single(target);
  }
  const dayOfMonth =
    /\b(?:el|del|al|para el|dia|day|the|on)\s+(\d{1,2})(?:st|nd|rd|th)?\b(?!\s*(?::|h\b|am\b|pm\b|horas|hours|min|euros|eur\b|€|de la (?:manana|tarde|noche)))/.exec(
      rest,
    );
  if (dayOfMonth && Number(dayOfMonth[1]) >= 1 && Number(dayOfMonth[1]) <= 31) {
    // "el 26": the next date with that day of the month.
    const date = nextDayOfMonth(today, Number(dayOfMonth[1]));
    // "el 30 y el 1 por la tarde": two days of the same week, both shown and none between.
    const second =
      /^\s*(?:y|o|and|or)\s+(?:el\s+|the\s+)?(\d{1,2})(?:st|nd|rd|th)?\b(?!\s*(?::|h\b|am\b|pm\b|horas|hours|min|euros|eur\b|€))/.exec(
        rest.slice(dayOfMonth.index + dayOfMonth[0].length),
      );
    const other = second && date ? nextDayOfMonth(date, Number(second[1])) : undefined;
    if (date && other && other > date && other <= addDays(date, 6)) {
      const between: number[] = [];
      for (let day = addDays(date, 1); day < other; day = addDays(day, 1)) between.push(weekdayIndex(day));
      return { from: date, to: other, ...extra, ...(between.length ? { except: between } : {}) };
    }
    if (date) return single(date, date === today);
  }
  const season = monthPeriod(rest, today);
  if (season) return { ...season, ...extra };
  if (hasAny(rest, TODAY) || (part && hasPhrase(folded, 'esta tarde'))) return single(today, true);
  if (hasAny(rest, TOMORROW)) return single(addDays(today, 1));
  // "la de después del finde", "after the weekend": the week that starts on the Monday after it.
  if (AFTER_THE_WEEKEND.test(rest)) return { from: monday, to: addDays(monday, 6), ...extra };
  if (hasAny(rest, WEEKEND)) {
    // "el siguiente finde", "el otro fin de semana": the one after the coming one.
    const later = LATER_WEEKEND.test(rest) ? 7 : 0;
    const saturday = addDays(today, daysUntil(today, 6) + later);
    const sunday = addDays(saturday, 1);
    return { from: weekdayIndex(today) === 0 && !later ? today : saturday, to: sunday, ...extra };
  }
  if (nextWeek) return { from: monday, to: addDays(monday, 6), ...extra };
  // "entre semana por la tarde": the coming week's working days.
  if (hasAny(rest, WEEKDAYS_ONLY))
    return { from: addDays(today, 1), to: addDays(today, 7), ...extra, weekdaysOnly: true };
  if (hasAny(rest, THIS_WEEK)) return { from: today, to: addDays(monday, -1), ...extra };
  // "¿lo más pronto que me puede ver un fisio?": the first free times from today, no day named.
  if (part === 'soonest') return { from: today, to: addDays(today, 6), ...extra };
  return undefined;
}

/** The next date, from `from` on, whose day of the month is `day` (within two months). */
function nextDayOfMonth(from: string, day: number): string | undefined {
  if (day < 1 || day > 31) return undefined;
  for (let offset = 0; offset < 62; offset++) {
    const date = addDays(from, offset);
    if (Number(date.slice(8)) === day) return date;
  }
  return undefined;
}

const MONTH_NAMES = Object.keys(MONTHS).join('|');
const WEEKDAY_NAMES = `${WEEKDAYS_ES}|${WEEKDAYS_EN}`;
const ORDINALS: Record<string, number> = {
  primer: 1,
  primero: 1,
  first: 1,
  segundo: 2,
  second: 2,
  tercer: 3,
  tercero: 3,
  third: 3,
  cuarto: 4,
  fourth: 4,
  ultimo: -1,
  last: -1,
};
/** Which month: a month's name, or this one or the next in words ("del mes que viene"). */
// Longest first: "mes que viene" before "mes".
const WHICH_MONTH = `(${MONTH_NAMES}|mes que viene|proximo mes|siguiente mes|este mes|el mes|mes|this month|the month|next month)`;
/** "el primer lunes de diciembre", "el último viernes del mes", "the first Saturday of December". */
const ORDINAL_WEEKDAY = new RegExp(
  `\\b(${Object.keys(ORDINALS).join('|')})\\s+(${WEEKDAY_NAMES})\\s+(?:de|del|of)\\s+(?:(?:the|el)\\s+)?(?:mes\\s+de\\s+)?${WHICH_MONTH}\\b`,
);
/** "el último día del mes", "el último día de noviembre", "the last day of the month". */
const LAST_DAY = new RegExp(
  `\\b(?:ultimo dia|last day)\\s+(?:de|del|of)\\s+(?:(?:the|el)\\s+)?${WHICH_MONTH}\\b`,
);

/** The first day of the month a customer's words name, from today: a month name is its next one. */
function monthStart(words: string, today: string): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const named = MONTHS[words];
  if (named) return `${named < month ? year + 1 : year}-${String(named).padStart(2, '0')}-01`;
  const next = /que viene|proximo|siguiente|next/.test(words);
  const asked = next ? (month % 12) + 1 : month;
  return `${next && month === 12 ? year + 1 : year}-${String(asked).padStart(2, '0')}-01`;
}
const monthEnd = (start: string) => addDays(monthStart('mes que viene', start), -1);

/** A day counted in a month ("el primer lunes de diciembre", "el último día del mes"), if one is named. */
function countedDay(rest: string, today: string): string | undefined {
  const last = LAST_DAY.exec(rest);
  if (last) return monthEnd(monthStart(last[1]!, today));
  const ordinal = ORDINAL_WEEKDAY.exec(rest);
  if (!ordinal) return undefined;
  const weekday = firstWeekday(ordinal[2]!)!.weekday;
  const start = monthStart(ordinal[3]!, today);
  const count = ORDINALS[ordinal[1]!]!;
  if (count > 0) return addDays(start, daysUntil(start, weekday) + 7 * (count - 1));
  const end = monthEnd(start);
  return addDays(end, -((weekdayIndex(end) - weekday + 7) % 7));
}
/** "a principios de diciembre", "primeros de mes", "early December": the first week of that month. */
const EARLY_MONTH = new RegExp(
  `\\b(?:a )?(?:principios|primeros|comienzos|inicios) de(?:l mes de)? (${MONTH_NAMES})\\b|\\b(?:early|beginning of|start of|the start of) (${MONTH_NAMES})\\b`,
);
/**
 * "el puente de diciembre", "el puente de la Constitución": the long weekend of 6 and 8 December,
 * from the Saturday before when the 6th falls early in the week, to the Sunday after when the 8th
 * falls late in it. "el puente" alone is that one while it is the next to come (November, early December).
 */
const DECEMBER_BRIDGE = /\bpuente de (?:diciembre|la constitucion|la inmaculada)\b/;
const BRIDGE_ALONE = /\b(?:el|este|para el|en el) puente\b(?! de)/;

function monthPeriod(rest: string, today: string): { from: string; to: string } | undefined {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const early = EARLY_MONTH.exec(rest);
  if (early) {
    const asked = MONTHS[(early[1] ?? early[2])!]!;
    const first = `${asked < month ? year + 1 : year}-${String(asked).padStart(2, '0')}-01`;
    const last = addDays(first, 6);
    if (last < today) return undefined;
    return { from: first < today ? today : first, to: last };
  }
  const bridgeAlone =
    BRIDGE_ALONE.test(rest) && (month === 11 || (month === 12 && Number(today.slice(8)) <= 8));
  if (!DECEMBER_BRIDGE.test(rest) && !bridgeAlone) return undefined;
  const bridgeYear = today > `${year}-12-08` ? year + 1 : year;
  const sixth = `${bridgeYear}-12-06`;
  const eighth = `${bridgeYear}-12-08`;
  const sixthDay = weekdayIndex(sixth);
  const eighthDay = weekdayIndex(eighth);
  const from = sixthDay >= 0 && sixthDay <= 2 ? addDays(sixth, -(sixthDay + 1)) : sixth;
  const to = eighthDay >= 4 ? addDays(eighth, 7 - eighthDay) : eighth;
  return { from: from < today ? today : from, to };
}

/** Whether a day is one the customer asked for ("entre semana" leaves out the weekend). */
export const fitsDay = (when: When, date: string) => {
  const weekday = weekdayIndex(date);
  if (when.except?.includes(weekday)) return false;
  return !when.weekdaysOnly || (weekday >= 1 && weekday <= 5);
};

/** "a la misma hora", "el mismo día y hora", "same time": a time pointed back at, not said again. */
const SAME_TIME =
  /\b(?:misma hora|mesma hora|mateixa hora|stessa h?ora|meme heure|gleiche uhrzeit|gleichen uhrzeit|selbe uhrzeit|selben uhrzeit|mismo horario|mismo dia y hora|mismo dia y a la misma hora|mismas horas|same times?|same hours?|same day and time|same time and day)\b/;
/** "el martes siguiente", "el siguiente martes", "the following Tuesday": the one after a day said. */
// ("friday after 6pm" is that Friday, late: a time bound, not the Friday after.)
const FOLLOWING_WEEKDAY =
  /\b(?:(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo) siguiente|siguiente (?:lunes|martes|miercoles|jueves|viernes|sabado|domingo)|following (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday) after\b(?!\s+(?:\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midday|lunch|work|school|class)))/;
/** "al día siguiente", "the next day": the day after the one pointed back at. */
const DAY_AFTER =
  /\b(?:al|el|del|para el) dia (?:siguiente|despues)\b|\bthe (?:next|following) day\b|\bthe day after\b(?! tomorrow)/;
/** "el mismo día": the day pointed back at (within a week named, its weekday). */
const SAME_DAY = /\b(?:mismo dia|misma fecha|same day|same date)\b/;

/** Whether the words point back at a day or time said before ("a la misma hora", "same day"). */
export function pointsBack(text: string) {
  const folded = fold(text);
  return { time: SAME_TIME.test(folded), day: SAME_DAY.test(folded) };
}

/**
 * The day and time meant when the customer points back at ones they know: "el jueves a la misma
 * hora" is Thursday at the reference's time; "la semana que viene, el mismo día y hora" is the
 * reference's weekday in that week, at its time; "el mismo día" alone is the reference's date.
 */
export function resolveReference(
  when: When | undefined,
  text: string,
  reference: { date?: string | undefined; time?: string | undefined },
): When | undefined {
  const same = pointsBack(text);
  let result = when;
  // "me la cambias al día siguiente a la misma hora?": the day after theirs, not tomorrow.
  if (reference.date && DAY_AFTER.test(fold(text))) {
    const next = addDays(reference.date, 1);
    result = { ...(result ?? {}), from: next, to: next };
  }
  // "pásala a la semana que viene a la misma hora": the same time of the same weekday, a week on.
  const wholeWeek = result !== undefined && result.to >= addDays(result.from, 6);
  if ((same.day || (same.time && wholeWeek)) && reference.date) {
    if (!result) result = { from: reference.date, to: reference.date };
    else if (result.from !== result.to) {
      const weekday = weekdayIndex(reference.date);
      for (let date = result.from; date <= result.to; date = addDays(date, 1)) {
        if (weekdayIndex(date) === weekday && fitsDay(result, date)) {
          result = { ...result, from: date, to: date };
          break;
        }
      }
    }
  }
  // "el jueves no puedo… pásamela al martes siguiente": the Tuesday after the day pointed at, not
  // this week's.
  if (result && reference.date && result.from === result.to && result.from <= reference.date) {
    if (FOLLOWING_WEEKDAY.test(fold(text))) {
      let date = result.from;
      while (date <= reference.date) date = addDays(date, 7);
      result = { ...result, from: date, to: date };
    }
  }
  if (same.time && reference.time && result && !result.at && !result.after && !result.before) {
    const { partOfDay: _part, ...day } = result;
    result = { ...day, at: reference.time };
  }
  return result;
}
