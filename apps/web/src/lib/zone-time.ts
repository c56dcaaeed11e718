/**
 * Wall-clock times between the business's time zone (the reference: slots are offered and kept in
 * it) and the visitor's own, with Intl only, so the booking page carries no time-zone library.
 */

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormats.set(zone, format);
  }
  return format;
}

/** The zone's wall clock at `instant`, read as if it were UTC (so differences are offsets). */
function wallClock(zone: string, instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(zone).formatToParts(new Date(instant)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** How far ahead of UTC the zone is at `instant`, in milliseconds. */
function zoneOffset(zone: string, instant: number): number {
  return wallClock(zone, instant) - Math.floor(instant / 1000) * 1000;
}

/** The instant that `date` ('2026-03-29') at `time` ('17:00') names in `zone`. */
export function zonedInstant(date: string, time: string, zone: string): number {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Twice: the offset at the first guess may differ from the one at the answer around a DST change.
  const first = asUtc - zoneOffset(zone, asUtc);
  return asUtc - zoneOffset(zone, first);
}

/** The zone's calendar day at `instant`, '2026-11-25'; the browser's own when it does not know the zone. */
export function zoneToday(zone: string, instant = Date.now()): string {
  try {
    return new Date(wallClock(zone, instant)).toISOString().slice(0, 10);
  } catch {
    const local = new Date(instant);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
  }
}

/** The browser's own zone, or null when it cannot tell. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** 'Europe/Madrid' → 'Madrid', 'America/New_York' → 'New York'. */
export function zoneCity(zone: string): string {
  return (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
}

const visitorFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The business's `date` at `time` on the visitor's clock ('11:00 AM', or 'Thu 11:00 PM' when it
 * falls on another day there), or null when both clocks read the same then.
 */
export function visitorTime(
  date: string,
  time: string,
  businessZone: string,
  visitorZone: string | null,
  locale = 'en-US',
) {
  if (!visitorZone || visitorZone === businessZone) return null;
  let instant: number;
  try {
    instant = zonedInstant(date, time, businessZone);
    if (zoneOffset(visitorZone, instant) === zoneOffset(businessZone, instant)) return null;
  } catch {
    // A zone this browser does not know: show the business's time alone.
    return null;
  }
  const sameDay = new Date(wallClock(visitorZone, instant)).toISOString().slice(0, 10) === date;
  let format = visitorFormats.get(`${locale}|${visitorZone}|${sameDay}`);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone: visitorZone,
      hour: 'numeric',
      minute: '2-digit',
      ...(sameDay ? {} : { weekday: 'short' }),
    });
    visitorFormats.set(`${locale}|${visitorZone}|${sameDay}`, format);
  }
  return format.format(new Date(instant));
}

const instantFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant on a zone's clock, 'Tue, Nov 24, 5:00 PM'; on the browser's own clock when the zone
 * is unknown (or the browser does not know it).
 */
export function formatZonedInstant(iso: string, zone: string | null | undefined, locale = 'en-US'): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const key = `${locale}|${zone ?? ''}`;
  let format = instantFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    };
    try {
      format = new Intl.DateTimeFormat(locale, zone ? { ...options, timeZone: zone } : options);
    } catch {
      format = new Intl.DateTimeFormat(locale, options);
    }
    instantFormats.set(key, format);
  }
  return format.format(instant);
}

/**
 * How the visitor's clock stands to the business's on `date` ('6 h behind', '5 h 30 min ahead'),
 * or null when they read the same.
 */
export function zoneGap(
  date: string,
  businessZone: string,
  visitorZone: string | null,
  say: (amount: string, behind: boolean) => string = (amount, behind) =>
    `${amount} ${behind ? 'behind' : 'ahead'}`,
): string | null {
  if (!visitorZone || visitorZone === businessZone) return null;
  let minutes: number;
  try {
    // The same wall-clock noon is later in a zone that is behind.
    minutes = (zonedInstant(date, '12:00', visitorZone) - zonedInstant(date, '12:00', businessZone)) / 60_000;
  } catch {
    return null;
  }
  if (minutes === 0) return null;
  const size = Math.abs(minutes);
  const hours = Math.floor(size / 60);
  const rest = size % 60;
  const amount = [hours ? `${hours} h` : '', rest ? `${rest} min` : ''].filter(Boolean).join(' ');
  return say(amount, minutes > 0);
}

/**
 * A deadline on the business's clock with the zone named, 'Tue, Nov 24, 5:00 PM (Madrid time)',
 * and the visitor's clock too when it reads otherwise: '… (Madrid time; 11:00 AM your time)'.
 */
export function formatZonedDeadline(
  iso: string,
  businessZone: string,
  visitorZone: string | null,
  words: { locale: string; zoneTime: (city: string) => string; yourTime: (time: string) => string } = {
    locale: 'en-US',
    zoneTime: (city) => `${city} time`,
    yourTime: (time) => `${time} your time`,
  },
): string {
  const business = formatZonedInstant(iso, businessZone, words.locale);
  const zone = words.zoneTime(zoneCity(businessZone));
  if (!visitorZone || visitorZone === businessZone) return `${business} (${zone})`;
  const theirs = formatZonedInstant(iso, visitorZone, words.locale);
  if (!theirs || theirs === business) return `${business} (${zone})`;
  // The same day on both clocks: the visitor's time alone is enough.
  const [businessDay, theirDay] = [business, theirs].map((text) => text.slice(0, text.lastIndexOf(',')));
  const mine = businessDay === theirDay ? theirs.slice(theirs.lastIndexOf(',') + 2) : theirs;
  return `${business} (${zone}; ${words.yourTime(mine)})`;
}
