// Local dates (yyyy-MM-dd) are calendar days, not instants: formatted in UTC so no zone shifts them.
const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const toUtc = (date: string) => new Date(`${date}T00:00:00Z`);

/** 'Thu, Dec 24, 2026', or a span such as 'Thu, Dec 24 – Thu, Dec 31, 2026'. */
export function formatDateSpan(fromDate: string, toDate: string): string {
  return fromDate === toDate
    ? dayFormat.format(toUtc(fromDate))
    : dayFormat.formatRange(toUtc(fromDate), toUtc(toDate));
}

/** '09:00–13:00, 16:00–18:00'. */
export function formatRanges(ranges: ReadonlyArray<readonly [string, string]>): string {
  return ranges.map(([start, end]) => `${start}–${end}`).join(', ');
}
