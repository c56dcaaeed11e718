/**
 * A calendar's secret address as the card shows it: the host and, when it is a file name like
 * 'basic.ics', the last part; the secret in between never. 'calendar.google.com/…/basic.ics'.
 */
export function shortCalendarAddress(url: string): string {
  const match = /^[a-z]+:\/\/([^/?#]+)([^?#]*)/i.exec(url.trim());
  if (!match) return '…';
  const host = (match[1] ?? '').replace(/^[^@]*@/, '');
  const last = (match[2] ?? '').split('/').filter(Boolean).pop();
  const fileName = last && /^[\w.-]{1,24}\.ics$/i.test(last) && !/[0-9a-f]{12}/i.test(last) ? last : null;
  return fileName ? `${host}/…/${fileName}` : `${host}/…`;
}

/** '12 busy times ahead', '1 busy time ahead', 'Nothing busy ahead'. */
export function busyCountText(count: number): string {
  if (count === 0) return 'Nothing busy ahead';
  return `${count} busy ${count === 1 ? 'time' : 'times'} ahead`;
}
