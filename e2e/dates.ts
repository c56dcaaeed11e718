/** How the pages write dates and times (en-US, as the spec's screens do), for locating them in tests. */

/**
 * A day button's name: "Monday, November 30, 2026", or on a page in Spanish ('es-ES')
 * "lunes, 30 de noviembre de 2026".
 */
export const longDate = (date: string, locale: 'en-US' | 'es-ES' = 'en-US') =>
  new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

/** "Mon, Nov 30": a history line's day. */
export const shortDay = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

/** "5:00 PM" for "17:00". */
export function timeLabel(time: string) {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}
