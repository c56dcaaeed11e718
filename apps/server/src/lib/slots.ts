import { MEETING_MINUTES, SLOT_STEP_MINUTES } from '@chatdesk/contract/constants';
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

export type SlotQuery = {
  availability: Availability;
  timeZone: string;
  /** First and last local dates (yyyy-MM-dd), inclusive. */
  from: string;
  to: string;
  now: Date;
  /** Start instants already booked by live appointments or held by a payment in progress. */
  taken: Iterable<Date>;
  exceptions: DateExceptions;
};

const toMinutes = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
};
const toTime = (minutes: number) =>
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

/** Wall-clock start times of one weekday's meetings, on the half hour, each fitting wholly in a range. */
export function dayStartTimes(ranges: readonly TimeRange[]): string[] {
  const times: string[] = [];
  for (const [start, end] of mergeRanges(ranges)) {
    const first = Math.ceil(start / SLOT_STEP_MINUTES) * SLOT_STEP_MINUTES;
    for (let minute = first; minute + MEETING_MINUTES <= end; minute += SLOT_STEP_MINUTES)
      times.push(toTime(minute));
  }
  return times;
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
 * Open 30-minute slots between two local dates, in the business's time zone: from the weekly
 * availability as the dated exceptions change it, minus taken starts, never in the past. Each date's offset is its own, so slots
 * stay at the same wall-clock times across daylight-saving changes; a time that does not exist
 * that day (the spring-forward gap) is skipped.
 */
export function openSlots(query: SlotQuery): Slot[] {
  const taken = new Set([...query.taken].map((instant) => instant.getTime()));
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
    const times = dayStartTimes(dayRanges(query.availability, query.exceptions, date));
    for (const time of times) {
      const [hours, minutes] = time.split(':').map(Number) as [number, number];
      const startsAt = steady
        ? new Date(Date.UTC(year, month - 1, day, hours, minutes) - dayOffset * 60_000)
        : zonedTimeToUtc(date, time, query.timeZone);
      if (!steady && zonedTime(startsAt, query.timeZone) !== time) continue;
      if (startsAt.getTime() <= query.now.getTime()) continue;
      if (taken.has(startsAt.getTime())) continue;
      slots.push({ date, time, startsAt });
    }
  }
  return slots;
}

/**
 * Whether one wall-clock slot is offered by the availability and the date's exceptions at all
 * (ignoring bookings and the clock).
 */
export function isOfferedSlot(
  availability: Availability,
  exceptions: DateExceptions,
  date: string,
  time: string,
): boolean {
  return dayStartTimes(dayRanges(availability, exceptions, date)).includes(time);
}
