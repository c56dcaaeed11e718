import { type TimeRange, WEEKDAYS, type Weekday } from '@chatdesk/contract/employees';
import type { WeeklyRanges } from './employee-form';

/**
 * The half hours a typed time can mean, best match first, so the first option is the one Enter
 * picks: '9' → 09:00, 09:30; '930' or '9:3' → 09:30; '1' → 01:00 … then 10:00 to 19:30;
 * '17' → 17:00, 17:30. Anything but digits and one colon matches nothing.
 */
export function matchTimes(query: string, times: readonly string[]): string[] {
  const typed = query.trim().replace(/[.h]/gi, ':');
  if (!typed) return [...times];
  if (!/^\d{1,4}$|^\d{1,2}:\d{0,2}$/.test(typed)) return [];

  const readings: { hour: string; minutes: string; exactHour: boolean }[] = [];
  if (typed.includes(':')) {
    const [hour = '', minutes = ''] = typed.split(':');
    readings.push({ hour: hour.padStart(2, '0'), minutes, exactHour: true });
  } else if (typed.length <= 2) {
    readings.push({ hour: typed.padStart(2, '0'), minutes: '', exactHour: true });
    // '1' may be the start of 10–19 as well as 01.
    if (typed.length === 1) readings.push({ hour: typed, minutes: '', exactHour: false });
  } else {
    // '930' is 9:30, '1730' 17:30, '173' 17:3…
    readings.push({ hour: typed.slice(0, 2), minutes: typed.slice(2), exactHour: true });
    readings.push({ hour: typed.slice(0, 1).padStart(2, '0'), minutes: typed.slice(1), exactHour: true });
  }

  const matches: string[] = [];
  for (const reading of readings)
    for (const time of times) {
      const [hour = '', minutes = ''] = time.split(':');
      const hourFits = reading.exactHour ? hour === reading.hour : hour.startsWith(reading.hour);
      if (hourFits && minutes.startsWith(reading.minutes) && !matches.includes(time)) matches.push(time);
    }
  return matches;
}

/** The week with `from`'s ranges copied onto each of `to` (their own ranges replaced). */
export function copyDay(week: WeeklyRanges, from: Weekday, to: readonly Weekday[]): WeeklyRanges {
  const next = { ...week };
  for (const day of WEEKDAYS)
    if (day !== from && to.includes(day))
      next[day] = week[from].map(([start, end]): TimeRange => [start, end]);
  return next;
}
