import { MEETING_MINUTES } from '@chatdesk/contract/constants';

// Appointment days and times are wall-clock values in the business's time zone ('2026-11-23',
// '17:00'): they are formatted as they are, never shifted to the browser's zone.

/** A yyyy-MM-dd day as a UTC instant, so the browser's own time zone never shifts it. */
export function utcDay(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale and shape: building them is the slow part. */
function dayFormat(locale: string, shape: 'long' | 'short'): Intl.DateTimeFormat {
  const key = `${locale}|${shape}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      shape === 'long'
        ? { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }
        : { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' },
    );
    formats.set(key, format);
  }
  return format;
}

/** '2026-11-23' → 'Monday, November 23, 2026' ('lunes, 23 de noviembre de 2026' in es-ES). */
export function formatLongDate(date: string, locale = 'en-US'): string {
  return dayFormat(locale, 'long').format(utcDay(date));
}

/** '2026-11-27' → 'Fri, Nov 27' ('vie, 27 nov' in es-ES). */
export function formatShortDay(date: string, locale = 'en-US'): string {
  return dayFormat(locale, 'short').format(utcDay(date));
}

/** '09:00' → '9:00 AM', '17:30' → '5:30 PM' in en-US (12-hour); other locales read the 24-hour clock as it is. */
export function formatTime(time: string, locale = 'en-US'): string {
  if (locale !== 'en-US') return time;
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** ('2026-11-27', '18:00') → 'Fri, Nov 27 at 6:00 PM'. */
export function formatShortSlot(date: string, time: string): string {
  return `${formatShortDay(date)} at ${formatTime(time)}`;
}

/** HH:mm plus some minutes, wrapping past midnight. */
export function addMinutes(time: string, minutes: number): string {
  const [hours = 0, mins = 0] = time.split(':').map(Number);
  const total = (((hours * 60 + mins + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** The meeting's range: '09:00' → '9:00 AM - 9:30 AM' ('09:00 - 09:30' in es-ES). */
export function formatTimeRange(start: string, minutes = MEETING_MINUTES, locale = 'en-US'): string {
  return `${formatTime(start, locale)} - ${formatTime(addMinutes(start, minutes), locale)}`;
}
