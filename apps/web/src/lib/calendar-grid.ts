// Month arithmetic on plain yyyy-MM-dd strings in UTC, so the visitor's own time zone never
// shifts a day: the days belong to the business's time zone.

/** 'yyyy-MM' of a 'yyyy-MM-dd' day. */
export const monthOf = (date: string) => date.slice(0, 7);

function fromUtc(value: Date): string {
  return value.toISOString().slice(0, 10);
}

function utc(date: string): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

/** The day `days` after (or before) `date`. */
export function addDays(date: string, days: number): string {
  const value = utc(date);
  value.setUTCDate(value.getUTCDate() + days);
  return fromUtc(value);
}

/** The month `months` after (or before) a 'yyyy-MM' month. */
export function addMonths(month: string, months: number): string {
  const value = utc(`${month}-01`);
  value.setUTCMonth(value.getUTCMonth() + months);
  return fromUtc(value).slice(0, 7);
}

/** The weeks of a month, Monday first; days outside the month are null. */
export function monthWeeks(month: string): Array<Array<string | null>> {
  const first = utc(`${month}-01`);
  const leading = (first.getUTCDay() + 6) % 7;
  const days: Array<string | null> = Array.from({ length: leading }, () => null);
  for (let day = fromUtc(first); monthOf(day) === month; day = addDays(day, 1)) days.push(day);
  while (days.length % 7) days.push(null);
  const weeks: Array<Array<string | null>> = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

/** '2026-11' → 'November 2026' ('noviembre de 2026' in es-ES). */
export function formatMonth(month: string, locale = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    utc(`${month}-01`),
  );
}
