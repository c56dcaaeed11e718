/** How the Insights page writes its figures: durations and shares in words, and each change against the period before. */

const NO_VALUE = '—';

/** Seconds as a person says them: 45 → '45 s', 130 → '2 min', 3900 → '1 h 5 min', 90000 → '1 d 1 h'; null → '—'. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return NO_VALUE;
  const total = Math.max(0, seconds);
  if (total < 59.5) return `${Math.round(total)} s`;
  const minutes = Math.round(total / 60);
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  }
  const hours = Math.round(total / 3600);
  const days = Math.floor(hours / 24);
  const restHours = hours % 24;
  return restHours === 0 ? `${days} d` : `${days} d ${restHours} h`;
}

/** A share (0 to 1) as a percentage, with one decimal under 10%: 0.054 → '5.4%', 0.4 → '40%'; null → '—'. */
export function formatPercent(share: number | null | undefined): string {
  if (share === null || share === undefined || !Number.isFinite(share)) return NO_VALUE;
  const percent = share * 100;
  if (percent === 0) return '0%';
  const rounded = Math.abs(percent) < 10 ? Math.round(percent * 10) / 10 : Math.round(percent);
  return `${rounded}%`;
}

/** A part of a whole, or null when the whole is nothing (never NaN). */
export function shareOf(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** Of the appointments that came to their time, the share not attended; null when none did. */
export function noShowRate(figures: { attended: number; noShows: number }): number | null {
  return shareOf(figures.noShows, figures.attended + figures.noShows);
}

/** Whether a rise in a figure is good news (bookings), bad news (no-shows) or neither. */
export type Better = 'up' | 'down' | 'neither';
export type ChangeTone = 'good' | 'bad' | 'neutral';

export type Change = {
  direction: 'up' | 'down' | 'same' | 'unknown';
  /** 'Up 25%', 'Down 2 min', 'Up' (from nothing), 'No change', or 'Nothing to compare with'. */
  text: string;
  /** 'was 40': the previous period's value, as the figure is written; empty when there was none. */
  previous: string;
  tone: ChangeTone;
};

type ChangeKind =
  /** Counts and money: the change as a share of the previous value. */
  | { kind: 'relative'; format: (value: number) => string }
  /** Durations and rates: the difference itself, written as the figure is. */
  | { kind: 'absolute'; format: (value: number) => string; formatDifference?: (value: number) => string };

/** A figure against the period before, in words: the colour only repeats what the words say. */
export function describeChange(
  current: number | null,
  previous: number | null,
  options: ChangeKind & { better?: Better },
): Change {
  const better = options.better ?? 'up';
  if (previous === null) {
    return { direction: 'unknown', text: 'Nothing to compare with', previous: '', tone: 'neutral' };
  }
  const previousText = options.format(previous);
  if (current === null) {
    return {
      direction: 'unknown',
      text: 'Nothing to compare',
      previous: `was ${previousText}`,
      tone: 'neutral',
    };
  }
  const difference = current - previous;
  if (difference === 0)
    return { direction: 'same', text: 'No change', previous: `was ${previousText}`, tone: 'neutral' };
  const direction = difference > 0 ? 'up' : 'down';
  const tone: ChangeTone = better === 'neither' ? 'neutral' : better === direction ? 'good' : 'bad';
  const word = direction === 'up' ? 'Up' : 'Down';
  let amount: string;
  if (options.kind === 'absolute') {
    amount = (options.formatDifference ?? options.format)(Math.abs(difference));
  } else if (previous === 0) {
    // No share of nothing: the word and the previous value say it all ('Up · was 0').
    return { direction, text: word, previous: `was ${previousText}`, tone };
  } else {
    amount = formatPercent(Math.abs(difference) / Math.abs(previous));
  }
  return { direction, text: `${word} ${amount}`, previous: `was ${previousText}`, tone };
}

/** A difference of two shares, in percentage points: 0.021 → '2.1 points'. */
export function formatPoints(share: number): string {
  const percent = formatPercent(share);
  return `${percent.slice(0, -1)} ${percent === '1%' ? 'point' : 'points'}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

type Day = { year: number; month: number; day: number };

/** A local date as the report gives it ('2026-11-21', or the date part of a longer value). */
function parseDay(value: string): Day | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** '21 Nov', as the axis of a daily chart reads. */
export function formatShortDay(value: string): string {
  const day = parseDay(value);
  return day ? `${day.day} ${MONTHS[day.month - 1]}` : value;
}

/**
 * Two dates, both included, written short: '23 Oct – 21 Nov 2026', '16 – 22 Nov 2026', '21 Nov 2026',
 * '20 Dec 2025 – 18 Jan 2026'. `withYear: false` leaves the year out when the range sits in one year.
 */
export function formatDayRange(fromValue: string, toValue: string, { withYear = true } = {}): string {
  const from = parseDay(fromValue);
  const to = parseDay(toValue);
  if (!from || !to) return `${fromValue} – ${toValue}`;
  const sameYear = from.year === to.year;
  const yearOf = (day: Day) => (withYear || !sameYear ? ` ${day.year}` : '');
  const end = `${to.day} ${MONTHS[to.month - 1]}${yearOf(to)}`;
  if (from.year === to.year && from.month === to.month && from.day === to.day) return end;
  if (sameYear && from.month === to.month) return `${from.day} – ${end}`;
  return `${from.day} ${MONTHS[from.month - 1]}${sameYear ? '' : ` ${from.year}`} – ${end}`;
}

/**
 * The period and the one it is compared with, in words:
 * '23 Oct – 21 Nov 2026, compared with 23 Sep – 22 Oct'. The earlier range names its year only when
 * it is not the year the period ends in.
 */
export function describePeriod(period: {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}) {
  const current = formatDayRange(period.from, period.to);
  const endYear = parseDay(period.to)?.year;
  const previousYears = [parseDay(period.previousFrom)?.year, parseDay(period.previousTo)?.year];
  const previousInSameYear = previousYears.every((year) => year !== undefined && year === endYear);
  const previous = formatDayRange(period.previousFrom, period.previousTo, { withYear: !previousInSameYear });
  return `${current}, compared with ${previous}`;
}

const countFormat = new Intl.NumberFormat('en-US');

/** A count with thousands separated: 12345 → '12,345'. */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** A count against the period before; `better` says which way is good news. */
export function countChange(current: number, previous: number, better: Better = 'up'): Change {
  return describeChange(current, previous, { kind: 'relative', format: formatCount, better });
}

/** A duration against the period before: shorter is better. */
export function durationChange(current: number | null, previous: number | null): Change {
  return describeChange(current, previous, { kind: 'absolute', format: formatDuration, better: 'down' });
}

/** A rate against the period before, the difference in percentage points. */
export function rateChange(current: number | null, previous: number | null, better: Better): Change {
  return describeChange(current, previous, {
    kind: 'absolute',
    format: formatPercent,
    formatDifference: formatPoints,
    better,
  });
}
