import { MEETING_MINUTES } from '@chatdesk/contract/constants';
import type { Availability, TimeRange } from '@chatdesk/contract/employees';
import { addDays, offsetMinutes, weekdayOf, zonedTime, zonedTimeToUtc } from './time-zone.ts';

export type Slot = { date: string; time: string; startsAt: Date };

/** Local dates from..to, both inclusive. */
type DateSpan = { fromDate: string; toDate: string };

/**
 * What changes the weekly hours on given dates: the employee's dated exceptions (no ranges is time
 * off; otherwise the ranges replace that weekday's) and the days the whole business is closed.
 */
export type DateExceptions = {
  overrides: ReadonlyArray<DateSpan & { ranges: readonly TimeRange[] }>;
  closures: readonly DateSpan[];
};

export const NO_EXCEPTIONS: DateExceptions = { overrides: [], closures: [] };

/** What a slot must hold: the service's length, and the calendar time it takes around that. */
export type SlotShape = {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
};

/** The spec's appointment: 30 minutes, no buffers. */
export const DEFAULT_SHAPE: SlotShape = {
  durationMinutes: MEETING_MINUTES,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
};

/** Calendar time already taken: an appointment or a hold with its buffers, a busy event. */
export type Busy = { start: Date; end: Date };

export type SlotQuery = {
  availability: Availability;
  timeZone: string;
  /** First and last local dates (yyyy-MM-dd), inclusive. */
  from: string;
  to: string;
  /** Every slot starts after this: now, plus the service's minimum notice. */
  earliest: Date;
  shape: SlotShape;
  /** Taken calendar time, in any order: a slot's start-to-end widened by its buffers must miss all of it. */
  busy: Iterable<Busy>;
  exceptions: DateExceptions;
  /** Local dates on which the service's daily cap is reached. */
  fullDates?: ReadonlySet<string>;
};

/**
 * The grid starts fall on: the coarsest of 30, 15, 10 and 5 minutes that divides the length, so the
 * spec's 30-minute appointment keeps its half hours, a 45-minute one may start at a quarter past,
 * and back-to-back bookings of one service leave no gap the grid cannot fill.
 */
export function slotStep(durationMinutes: number): number {
  return [30, 15, 10, 5].find((step) => durationMinutes % step === 0) ?? 5;
}

/** "09:30" → 570. */
export const toMinutes = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
};
/** 570 → "09:30". */
export const toTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Valid ranges of one day as minutes, overlapping and touching ones merged; an end not after its start is dropped. */
export function mergeRanges(ranges: readonly TimeRange[]): Array<[number, number]> {
  const sorted = ranges
    .map(([start, end]) => [toMinutes(start), toMinutes(end)] as [number, number])
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

/**
 * Wall-clock start times of one day's bookings of a length, on its grid (`slotStep`), each fitting
 * wholly in a working range. Buffers may reach outside the working hours (setting up before the
 * first client, tidying after the last); they only keep other bookings away.
 */
export function dayStartTimes(ranges: readonly TimeRange[], durationMinutes = MEETING_MINUTES): string[] {
  const step = slotStep(durationMinutes);
  const times: string[] = [];
  for (const [start, end] of mergeRanges(ranges)) {
    const first = Math.ceil(start / step) * step;
    for (let minute = first; minute + durationMinutes <= end; minute += step) times.push(toTime(minute));
  }
  return times;
}

/** Busy intervals as sorted, disjoint [start, end) milliseconds: one sweep then checks a day's slots. */
function mergeBusy(busy: Iterable<Busy>): Array<[number, number]> {
  const sorted = [...busy]
    .map(({ start, end }) => [start.getTime(), end.getTime()] as [number, number])
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last && interval[0] <= last[1]) last[1] = Math.max(last[1], interval[1]);
    else merged.push(interval);
  }
  return merged;
}

const covers = (span: DateSpan, date: string) => span.fromDate <= date && date <= span.toDate;

/**
 * The ranges the exceptions put in place of the weekly ones on a date, or undefined when none
 * covers it. A closure or a day off wins over any other exception; exceptions with hours that
 * cover the same day add up.
 */
export function exceptionRanges(exceptions: DateExceptions, date: string): TimeRange[] | undefined {
  if (exceptions.closures.some((closure) => covers(closure, date))) return [];
  const onDate = exceptions.overrides.filter((override) => covers(override, date));
  if (onDate.length === 0) return undefined;
  if (onDate.some((override) => override.ranges.length === 0)) return [];
  return onDate.flatMap((override) => override.ranges);
}

/** One date's working ranges: its exceptions' when any applies, else its weekday's. */
function dayRanges(availability: Availability, exceptions: DateExceptions, date: string) {
  return exceptionRanges(exceptions, date) ?? availability[weekdayOf(date) as keyof Availability] ?? [];
}

/**
 * Open slots of a service between two local dates, in the business's time zone: from the weekly
 * availability as the dated exceptions change it, where the service's whole length fits in the
 * working hours and its length widened by its buffers misses every busy interval, never before
 * `earliest`, and not on dates whose daily cap is reached. Each date's offset is its own, so slots
 * stay at the same wall-clock times across daylight-saving changes; a time that does not exist
 * that day (the spring-forward gap) is skipped.
 */
export function openSlots(query: SlotQuery): Slot[] {
  const { durationMinutes, bufferBeforeMinutes, bufferAfterMinutes } = query.shape;
  const length = durationMinutes * 60_000;
  const before = bufferBeforeMinutes * 60_000;
  const after = bufferAfterMinutes * 60_000;
  const busy = mergeBusy(query.busy);
  // Starts are visited in increasing order, so the first busy interval that can still touch a
  // slot only moves forward: one pass over the busy list for the whole range.
  let next = 0;
  const slots: Slot[] = [];
  // The offset at the start of each local day is the one at the end of the day before.
  let offset = offsetMinutes(zonedTimeToUtc(query.from, '00:00', query.timeZone), query.timeZone);
  for (let date = query.from; date <= query.to; date = addDays(date, 1)) {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const nextMidnight = Date.UTC(year, month - 1, day + 1) - offset * 60_000;
    const endOffset = offsetMinutes(new Date(nextMidnight - 1), query.timeZone);
    // Most days keep one offset from midnight to midnight: then every slot is simple arithmetic,
    // and only a day with a clock change pays for the exact conversion of each time.
    const steady = endOffset === offset;
    const dayOffset = offset;
    offset = endOffset;
    if (query.fullDates?.has(date)) continue;
    const times = dayStartTimes(dayRanges(query.availability, query.exceptions, date), durationMinutes);
    for (const time of times) {
      const [hours, minutes] = time.split(':').map(Number) as [number, number];
      const startsAt = steady
        ? new Date(Date.UTC(year, month - 1, day, hours, minutes) - dayOffset * 60_000)
        : zonedTimeToUtc(date, time, query.timeZone);
      if (!steady && zonedTime(startsAt, query.timeZone) !== time) continue;
      const start = startsAt.getTime();
      if (start <= query.earliest.getTime()) continue;
      const from = start - before;
      const until = start + length + after;
      while (next < busy.length && busy[next]![1] <= from) next++;
      if (next < busy.length && busy[next]![0] < until) continue;
      slots.push({ date, time, startsAt });
    }
  }
  return slots;
}

/**
 * Whether one wall-clock start of a booking of that length is offered by the availability and the
 * date's exceptions at all (ignoring bookings and the clock).
 */
export function isOfferedSlot(
  availability: Availability,
  exceptions: DateExceptions,
  date: string,
  time: string,
  durationMinutes = MEETING_MINUTES,
): boolean {
  return dayStartTimes(dayRanges(availability, exceptions, date), durationMinutes).includes(time);
}

/** The calendar time a booking of this shape starting at `startsAt` takes: its length widened by its buffers. */
export function blockedRange(startsAt: Date, shape: SlotShape): { start: Date; end: Date } {
  return {
    start: new Date(startsAt.getTime() - shape.bufferBeforeMinutes * 60_000),
    end: new Date(startsAt.getTime() + (shape.durationMinutes + shape.bufferAfterMinutes) * 60_000),
  };
}
