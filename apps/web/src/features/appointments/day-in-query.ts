import { fold } from '../../lib/fold';

/** Month names and abbreviations staff may type, in English and Spanish (the app's and the business's). */
const MONTHS: Record<string, number> = {};
for (const [month, names] of [
  [1, 'january jan enero ene'],
  [2, 'february feb febrero'],
  [3, 'march mar marzo'],
  [4, 'april apr abril abr'],
  [5, 'may mayo'],
  [6, 'june jun junio'],
  [7, 'july jul julio'],
  [8, 'august aug agosto ago'],
  [9, 'september sep sept septiembre setiembre'],
  [10, 'october oct octubre'],
  [11, 'november nov noviembre'],
  [12, 'december dec diciembre dic'],
] as const) {
  for (const name of names.split(' ')) MONTHS[name] = month;
}

/**
 * Weekday names, Monday 1 to Sunday 7. Not "domingo": it is a first name too, and a receptionist
 * typing it more likely looks for Domingo than for Sunday.
 */
const WEEKDAYS: Record<string, number> = {
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
  sunday: 7,
  lunes: 1,
  martes: 2,
  miercoles: 3,
  jueves: 4,
  viernes: 5,
  sabado: 6,
};
const RELATIVE: Record<string, number> = { today: 0, hoy: 0, tomorrow: 1, manana: 1 };

const MONTH = `(${Object.keys(MONTHS).join('|')})\\.?`;
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const YEAR = '(\\d{4})';
type Pattern = { re: RegExp; parts: (match: RegExpExecArray) => { y?: string; m: number; d: string } };

/** The forms of a day, each a whole-word match anywhere in the folded query. */
const PATTERNS: Pattern[] = [
  { re: /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/, parts: (m) => ({ y: m[1], m: Number(m[2]), d: m[3]! }) },
  // The app writes dates the en-US way, month first: 12/1 is December 1.
  {
    re: /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?\b/,
    parts: (m) => ({ ...(m[3] ? { y: m[3] } : {}), m: Number(m[1]), d: m[2]! }),
  },
  {
    re: new RegExp(`\\b${MONTH}\\s+${DAY}(?:,?\\s+${YEAR})?\\b`),
    parts: (m) => ({ ...(m[3] ? { y: m[3] } : {}), m: MONTHS[m[1]!]!, d: m[2]! }),
  },
  {
    re: new RegExp(`\\b${DAY}\\s+(?:de\\s+)?${MONTH}(?:,?\\s+(?:de\\s+)?${YEAR})?(?=\\s|$|,)`),
    parts: (m) => ({ ...(m[3] ? { y: m[3] } : {}), m: MONTHS[m[2]!]!, d: m[1]! }),
  },
];

const iso = (date: Date) => date.toISOString().slice(0, 10);
const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);

function validDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? iso(date) : null;
}

/**
 * A day written in what staff typed in the command palette, and the rest of the query: "2026-12-01",
 * "12/1", "Dec 1", "1 de diciembre", "today", "mañana", "friday". Without a year it is the next such
 * day from `today` on (the palette looks for upcoming appointments). Null when no day is written.
 */
export function dayInQuery(query: string, today: string): { date: string; rest: string } | null {
  const folded = fold(query).trim();
  const rest = (start: number, end: number) =>
    `${folded.slice(0, start)} ${folded.slice(end)}`.replace(/[\s,]+/g, ' ').trim();

  for (const { re, parts } of PATTERNS) {
    const match = re.exec(folded);
    if (!match) continue;
    const { y, m, d } = parts(match);
    const thisYear = Number(today.slice(0, 4));
    let date = validDate(y ? Number(y) : thisYear, m, Number(d));
    if (!y && (!date || date < today)) date = validDate(thisYear + 1, m, Number(d));
    if (date) return { date, rest: rest(match.index, match.index + match[0].length) };
  }

  const words = folded.split(/\s+/);
  for (const [index, word] of [
    [0, words[0]],
    [words.length - 1, words.at(-1)],
  ] as const) {
    if (!word) continue;
    const others = words.filter((_, at) => at !== index).join(' ');
    if (word in RELATIVE) {
      const date = utcDay(today);
      date.setUTCDate(date.getUTCDate() + RELATIVE[word]!);
      return { date: iso(date), rest: others };
    }
    if (word in WEEKDAYS) {
      const date = utcDay(today);
      const weekday = date.getUTCDay() || 7;
      date.setUTCDate(date.getUTCDate() + ((WEEKDAYS[word]! - weekday + 7) % 7));
      return { date: iso(date), rest: others };
    }
  }
  return null;
}
