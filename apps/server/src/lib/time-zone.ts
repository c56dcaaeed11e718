const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Wall-clock parts of an instant in a time zone. */
export function zonedParts(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const QUARTER_HOUR_MS = 15 * 60_000;
const OFFSET_CACHE_LIMIT = 20_000;
const offsets = new Map<string, number>();

/**
 * Offset of the zone from UTC at that instant, in minutes (Madrid in summer: 120).
 *
 * Remembered per zone and quarter of an hour: every zone's offset is a whole number of quarter
 * hours and changes at a local whole hour, so it changes only on a UTC quarter-hour, and the
 * formatter behind it is the slowest step of laying out a schedule's weeks (bench/service-slots.ts).
 */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const quarter = Math.floor(instant.getTime() / QUARTER_HOUR_MS);
  const key = `${timeZone} ${quarter}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const start = new Date(quarter * QUARTER_HOUR_MS);
  const p = zonedParts(start, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const offset = Math.round((asUtc - start.getTime()) / 60_000);
  if (offsets.size >= OFFSET_CACHE_LIMIT) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/**
 * The instant at which the zone's clocks show `date` `time` (yyyy-MM-dd, HH:mm).
 * The offset is taken for that date, not today's. A time skipped by a spring-forward
 * change resolves to the instant just after the gap.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute);
  const firstGuess = wallAsUtc - offsetMinutes(new Date(wallAsUtc), timeZone) * 60_000;
  const secondGuess = wallAsUtc - offsetMinutes(new Date(firstGuess), timeZone) * 60_000;
  return new Date(secondGuess);
}

/** Whether the zone's clocks ever show `date` `time`: 02:30 on a spring-forward day in Madrid they do not. */
export function localTimeExists(date: string, time: string, timeZone: string): boolean {
  const instant = zonedTimeToUtc(date, time, timeZone);
  return zonedDate(instant, timeZone) === date && zonedTime(instant, timeZone) === time;
}

/** yyyy-MM-dd of an instant in a zone. */
export function zonedDate(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** HH:mm of an instant in a zone. */
export function zonedTime(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

/** yyyy-MM-dd plus n days (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** HH:mm plus n minutes, within one day. */
export function addMinutesToTime(time: string, minutes: number): string {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const total = hour * 60 + minute + minutes;
  return `${String(Math.floor(total / 60) % 24).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

export const WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;

export function weekdayOf(date: string) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
}
