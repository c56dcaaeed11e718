import ICAL from 'ical.js';
import { zonedTimeToUtc } from '../../lib/time-zone.ts';
import { FeedError } from './ics-fetch.ts';

export type BusyInterval = { start: Date; end: Date; allDay: boolean };

export type BusyOptions = {
  /**
   * The business's IANA zone: floating times, all-day dates and unknown TZIDs are read in it.
   * Defaults to UTC, which is only right for tests.
   */
  defaultTimeZone?: string;
  /**
   * Steps one recurring event's expansion may take before it is cut short. Daily and weekly rules jump
   * to the window first; this bounds the rest (hourly or finer rules, large COUNTs).
   */
  maxIterationsPerEvent?: number;
  /** The same for the whole feed, so a feed of many dense rules cannot hold the event loop either. */
  maxIterations?: number;
  /** Told about each event skipped or cut short and each time zone not recognised; for the sync log. */
  onWarning?: (message: string) => void;
};

const DAY_MS = 86_400_000;
const DEFAULT_MAX_ITERATIONS_PER_EVENT = 10_000;
const DEFAULT_MAX_ITERATIONS = 50_000;

/**
 * The times an external calendar marks as busy within [from, to): recurring events expanded, their
 * exceptions and moved or cancelled occurrences applied, free and cancelled events left out, and the
 * result clipped to the window, sorted and merged. `allDay` is true only for an interval made wholly of
 * all-day events. Throws `FeedError('not-a-calendar')` when the text is not an iCalendar file; an event
 * that cannot be read is skipped and reported to `onWarning`.
 */
export function busyIntervals(
  icsText: string,
  from: Date,
  to: Date,
  options: BusyOptions = {},
): BusyInterval[] {
  const defaultTimeZone = options.defaultTimeZone ?? 'UTC';
  if (!isTimeZone(defaultTimeZone)) throw new RangeError(`Unknown time zone: ${defaultTimeZone}`);
  const warn = options.onWarning ?? (() => {});
  const calendars = parseCalendars(icsText, warn);
  if (!(from < to)) return [];

  const context: Context = {
    defaultTimeZone,
    warn,
    window: { from: from.getTime(), to: to.getTime() },
    perEvent: options.maxIterationsPerEvent ?? DEFAULT_MAX_ITERATIONS_PER_EVENT,
    budget: options.maxIterations ?? DEFAULT_MAX_ITERATIONS,
    unknownZones: new Set(),
  };
  const found = withFeedTimeZones(calendars, () =>
    collect(
      calendars.flatMap((calendar) => calendar.getAllSubcomponents('vevent')),
      context,
    ),
  );
  return merge(found);
}

type Context = {
  defaultTimeZone: string;
  warn: (message: string) => void;
  window: { from: number; to: number };
  perEvent: number;
  budget: number;
  unknownZones: Set<string>;
};

type Found = { start: number; end: number; allDay: boolean };

/** From a wall-clock time as ical.js reads it to an instant in epoch milliseconds. */
type Clock = (time: ICAL.Time) => number;

function parseCalendars(text: string, warn: (message: string) => void): ICAL.Component[] {
  if (!/BEGIN:VCALENDAR/i.test(text)) {
    throw new FeedError(
      'not-a-calendar',
      'This is not a calendar: an iCal (ICS) file starts with BEGIN:VCALENDAR.',
    );
  }
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch (error) {
    // ical.js reads the whole file or nothing; one broken event (a bad RRULE, a stray line) must not
    // hide every other one, so the file is read again without the events that cannot be read alone.
    const { text: salvaged, dropped } = withoutUnreadableEvents(text);
    try {
      if (dropped === 0) throw error;
      parsed = ICAL.parse(salvaged);
      warn(`Skipped ${dropped} event${dropped === 1 ? '' : 's'} that could not be read.`);
    } catch {
      throw new FeedError('not-a-calendar', `The calendar could not be read: ${messageOf(error)}.`, {
        cause: error,
      });
    }
  }
  const roots = (
    Array.isArray(parsed) && typeof parsed[0] === 'string' ? [parsed] : (parsed as unknown[])
  ) as unknown[];
  const calendars = roots
    .map((root) => new ICAL.Component(root as unknown[]))
    .filter((component) => component.name === 'vcalendar');
  if (calendars.length === 0) {
    throw new FeedError(
      'not-a-calendar',
      'The file has no calendar in it (no BEGIN:VCALENDAR … END:VCALENDAR).',
    );
  }
  return calendars;
}

function withoutUnreadableEvents(text: string) {
  let dropped = 0;
  const kept = text.replace(/^BEGIN:VEVENT\r?$[\s\S]*?^END:VEVENT\r?$/gim, (block) => {
    try {
      ICAL.parse(block);
      return block;
    } catch {
      dropped++;
      return '';
    }
  });
  return { text: kept, dropped };
}

/**
 * ical.js keeps time zones in one process-wide registry. The feed's own definitions are registered for
 * this call only and the registry put back afterwards: another feed may define the same TZID differently.
 * The call is synchronous, so no other feed can read the registry in between.
 */
function withFeedTimeZones<T>(calendars: ICAL.Component[], run: () => T): T {
  const replaced = new Map<string, ICAL.Timezone | undefined>();
  for (const component of calendars.flatMap((calendar) => calendar.getAllSubcomponents('vtimezone'))) {
    const tzid = component.getFirstPropertyValue('tzid');
    if (typeof tzid !== 'string' || tzid === '' || replaced.has(tzid)) continue;
    try {
      const zone = new ICAL.Timezone(component);
      replaced.set(tzid, ICAL.TimezoneService.has(tzid) ? ICAL.TimezoneService.get(tzid) : undefined);
      ICAL.TimezoneService.register(zone, tzid);
    } catch {
      // A broken definition: its events fall back to reading the TZID as a zone name.
    }
  }
  try {
    return run();
  } finally {
    for (const [tzid, previous] of replaced) {
      if (previous) ICAL.TimezoneService.register(previous, tzid);
      else ICAL.TimezoneService.remove(tzid);
    }
  }
}

function collect(events: ICAL.Component[], context: Context): Found[] {
  // An override (RECURRENCE-ID) replaces one occurrence of its series, wherever it moves it to, and
  // cancels it when it is itself cancelled or free: the series must skip that occurrence either way.
  const overridden = new Map<string, Set<number>>();
  for (const component of events) {
    const recurrenceId = component.getFirstProperty('recurrence-id');
    if (!recurrenceId) continue;
    try {
      const instant = clockFor(recurrenceId, context)(recurrenceId.getFirstValue() as ICAL.Time);
      const uid = String(component.getFirstPropertyValue('uid') ?? '');
      const set = overridden.get(uid) ?? new Set();
      set.add(instant);
      overridden.set(uid, set);
    } catch {
      // The override still counts below as an event of its own; the series keeps the occurrence it replaced.
    }
  }

  const found: Found[] = [];
  for (const component of events) {
    if (!isBusy(component)) continue;
    try {
      const skip = component.hasProperty('recurrence-id')
        ? undefined
        : overridden.get(String(component.getFirstPropertyValue('uid') ?? ''));
      found.push(...occurrences(component, skip, context));
    } catch (error) {
      context.warn(`Skipped the event ${describe(component)}: ${messageOf(error)}.`);
    }
  }
  return found;
}

function isBusy(component: ICAL.Component): boolean {
  const value = (name: string) => String(component.getFirstPropertyValue(name) ?? '').toUpperCase();
  if (value('status') === 'CANCELLED') return false;
  if (value('transp') === 'TRANSPARENT') return false;
  // Outlook's "Free" appointments, which some Exchange exports leave OPAQUE.
  return value('x-microsoft-cdo-busystatus') !== 'FREE';
}

function occurrences(component: ICAL.Component, skip: Set<number> | undefined, context: Context): Found[] {
  const startProperty = component.getFirstProperty('dtstart');
  const start = startProperty?.getFirstValue();
  if (!startProperty || !(start instanceof ICAL.Time)) throw new Error('it has no DTSTART');
  const startClock = clockFor(startProperty, context);
  const endOf = endFor(component, start, startClock, context);
  const { from, to } = context.window;
  const found: Found[] = [];
  const add = (time: ICAL.Time, startMs: number, endMs = endOf(time, startMs)) => {
    if (skip?.has(startMs)) return;
    if (endMs > startMs && endMs > from && startMs < to) {
      found.push({ start: Math.max(startMs, from), end: Math.min(endMs, to), allDay: start.isDate });
    }
  };

  const recurs = component.hasProperty('rrule') || component.hasProperty('rdate');
  if (!recurs || component.hasProperty('recurrence-id')) {
    add(start, startClock(start));
    return found;
  }

  // The zone conversion is most of the cost of a step, so occurrences that end long before the window
  // are passed over on their wall-clock time alone: no zone is more than 14 hours away from UTC.
  const firstStart = startClock(start);
  const reach = Math.max(0, endOf(start, firstStart) - firstStart) + 2 * DAY_MS;
  const expansion = new ICAL.Event(component).iterator(fastForward(component, start, from - reach));
  for (let stepped = 0; ; stepped++) {
    if (stepped >= context.perEvent || context.budget <= 0) {
      context.warn(`Stopped expanding the recurring event ${describe(component)}: too many occurrences.`);
      break;
    }
    const next: ICAL.Time | ICAL.Period | null = expansion.next();
    if (!next) break;
    context.budget--;
    // An RDATE may be a PERIOD, which brings its own end.
    const time = next instanceof ICAL.Period ? next.start : next;
    if (wallClockAsUtc(time) + reach < from) continue;
    const startMs = startClock(time);
    if (startMs >= to) break;
    add(time, startMs, next instanceof ICAL.Period ? startClock(next.getEnd()) : undefined);
  }
  return found;
}

/**
 * A later DTSTART for a daily or weekly rule, a whole number of its periods on, that yields the same
 * occurrences from there: a series started years ago would otherwise be stepped through day by day.
 * Not for COUNT (it counts from the real start) nor for finer or coarser rules (sub-daily ones are
 * rare and capped; monthly and yearly ones take few steps anyway). ical.js always yields the DTSTART
 * it is given, even where the rule would not fall, so the new one lands days before `before`.
 */
function fastForward(component: ICAL.Component, start: ICAL.Time, before: number): ICAL.Time | undefined {
  const rules = component.getAllProperties('rrule').map((property) => property.getFirstValue());
  const periods = rules.map((rule) => {
    if (!(rule instanceof ICAL.Recur) || rule.count) return 0;
    const interval = rule.interval || 1;
    return rule.freq === 'DAILY' ? interval : rule.freq === 'WEEKLY' ? 7 * interval : 0;
  });
  const period = periods[0];
  if (!period || periods.some((other) => other !== period)) return undefined;
  const days = Math.floor((before - 3 * DAY_MS - wallClockAsUtc(start)) / DAY_MS);
  const steps = Math.floor(days / period);
  return steps > 0 ? plusDays(start, steps * period) : undefined;
}

/** How long each occurrence lasts, as a function of its start. */
function endFor(
  component: ICAL.Component,
  start: ICAL.Time,
  startClock: Clock,
  context: Context,
): (occurrence: ICAL.Time, startMs: number) => number {
  const endProperty = component.getFirstProperty('dtend');
  const end = endProperty?.getFirstValue();
  if (endProperty && end instanceof ICAL.Time) {
    if (start.isDate && end.isDate) {
      const days = dayNumber(end) - dayNumber(start);
      return (occurrence) => startClock(plusDays(occurrence, days));
    }
    // RFC 5545 3.8.5.3: every occurrence lasts the exact duration of the first, across DST changes too.
    const exact = clockFor(endProperty, context)(end) - startClock(start);
    return (_, startMs) => startMs + exact;
  }
  const duration = component.getFirstPropertyValue('duration');
  if (duration instanceof ICAL.Duration) {
    const sign = duration.isNegative ? -1 : 1;
    const days = sign * (duration.weeks * 7 + duration.days);
    const exact = sign * (duration.hours * 3600 + duration.minutes * 60 + duration.seconds) * 1000;
    // Days and weeks are nominal (same wall-clock time), hours and less are exact (RFC 5545 3.3.6).
    return (occurrence) => startClock(plusDays(occurrence, days)) + exact;
  }
  // RFC 5545 3.6.1: no DTEND or DURATION means one day for a date, no time at all for a date-time.
  return start.isDate ? (occurrence) => startClock(plusDays(occurrence, 1)) : (_, startMs) => startMs;
}

function clockFor(property: ICAL.Property, context: Context): Clock {
  const value = property.getFirstValue();
  if (!(value instanceof ICAL.Time)) throw new Error(`${property.name.toUpperCase()} is not a date`);
  const floatingZone = zoneOfFloatingTimes(property, context);
  return (time) => {
    // All-day events block the business's day, whatever zone the professional's calendar is kept in.
    if (time.isDate) return wallClock(time, context.defaultTimeZone);
    // UTC, or a zone the feed defines in a VTIMEZONE: ical.js applies that definition's rules.
    if (time.zone && time.zone.tzid !== ICAL.Timezone.localTimezone.tzid) return time.toUnixTime() * 1000;
    return wallClock(time, floatingZone);
  };
}

/** The zone for a time ical.js could not place: no TZID at all, or one the feed does not define. */
function zoneOfFloatingTimes(property: ICAL.Property, context: Context): string {
  const parameter = property.getParameter('tzid');
  const tzid = Array.isArray(parameter) ? parameter[0] : parameter;
  if (!tzid) return context.defaultTimeZone;
  const zone = ianaZone(tzid);
  if (zone) return zone;
  if (!context.unknownZones.has(tzid)) {
    context.unknownZones.add(tzid);
    context.warn(`Unknown time zone "${tzid}": its times were read in ${context.defaultTimeZone}.`);
  }
  return context.defaultTimeZone;
}

/** The instant a wall-clock time shows in an IANA zone, DST included. */
function wallClock(time: ICAL.Time, zone: string): number {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${String(time.year).padStart(4, '0')}-${pad(time.month)}-${pad(time.day)}`;
  const clock = time.isDate ? '00:00' : `${pad(time.hour)}:${pad(time.minute)}`;
  return zonedTimeToUtc(date, clock, zone).getTime() + (time.isDate ? 0 : time.second * 1000);
}

/** The wall-clock time read as if it were UTC: cheap, and never more than 14 hours off the instant. */
function wallClockAsUtc(time: ICAL.Time): number {
  return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
}

function dayNumber(time: ICAL.Time): number {
  return Date.UTC(time.year, time.month - 1, time.day) / DAY_MS;
}

function plusDays(time: ICAL.Time, days: number): ICAL.Time {
  const moved = time.clone();
  if (days !== 0) moved.adjust(days, 0, 0, 0);
  return moved;
}

/**
 * Windows zone names Outlook and Exchange write as TZID, mapped as CLDR's windowsZones.xml maps them
 * for the whole territory ("001"). Only needed when the feed leaves out the VTIMEZONE that defines them.
 */
const WINDOWS_ZONES: Record<string, string> = {
  'romance standard time': 'Europe/Paris',
  'w. europe standard time': 'Europe/Berlin',
  'central europe standard time': 'Europe/Budapest',
  'central european standard time': 'Europe/Warsaw',
  'gmt standard time': 'Europe/London',
  'greenwich standard time': 'Atlantic/Reykjavik',
  'gtb standard time': 'Europe/Bucharest',
  'e. europe standard time': 'Europe/Chisinau',
  'fle standard time': 'Europe/Kiev',
  'turkey standard time': 'Europe/Istanbul',
  'russian standard time': 'Europe/Moscow',
  'morocco standard time': 'Africa/Casablanca',
  'w. central africa standard time': 'Africa/Lagos',
  'eastern standard time': 'America/New_York',
  'central standard time': 'America/Chicago',
  'mountain standard time': 'America/Denver',
  'us mountain standard time': 'America/Phoenix',
  'pacific standard time': 'America/Los_Angeles',
  'alaskan standard time': 'America/Anchorage',
  'hawaiian standard time': 'Pacific/Honolulu',
  'atlantic standard time': 'America/Halifax',
  'newfoundland standard time': 'America/St_Johns',
  'central standard time (mexico)': 'America/Mexico_City',
  'sa pacific standard time': 'America/Bogota',
  'argentina standard time': 'America/Buenos_Aires',
  'pacific sa standard time': 'America/Santiago',
  'e. south america standard time': 'America/Sao_Paulo',
  utc: 'UTC',
};

/**
 * An IANA zone for a TZID the feed does not define: an IANA name as is (Google and Outlook sometimes
 * leave out the VTIMEZONE), a Windows name, or an IANA name behind a vendor prefix
 * ("/mozilla.org/20070129_1/Europe/London").
 */
function ianaZone(tzid: string): string | null {
  const name = tzid.trim().replace(/^"|"$/g, '');
  const windows = WINDOWS_ZONES[name.toLowerCase()];
  if (windows) return windows;
  const segments = name.split('/');
  for (let i = 0; i < segments.length; i++) {
    const candidate = segments.slice(i).join('/');
    if (isTimeZone(candidate)) return candidate;
  }
  return null;
}

function isTimeZone(name: string): boolean {
  if (name === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function merge(found: Found[]): BusyInterval[] {
  const sorted = [...found].sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Found[] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last && interval.start <= last.end) {
      last.end = Math.max(last.end, interval.end);
      last.allDay &&= interval.allDay;
    } else {
      merged.push({ ...interval });
    }
  }
  return merged.map(({ start, end, allDay }) => ({ start: new Date(start), end: new Date(end), allDay }));
}

function describe(component: ICAL.Component): string {
  const summary = component.getFirstPropertyValue('summary');
  const uid = component.getFirstPropertyValue('uid');
  return typeof summary === 'string' && summary ? `"${summary}"` : `with UID ${String(uid ?? '(none)')}`;
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
}
