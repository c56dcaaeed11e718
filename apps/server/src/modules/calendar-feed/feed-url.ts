import { randomBytes } from 'node:crypto';
import type { CalendarFeed } from '@chatdesk/contract/employees';

/** The public feed's path under the server, with the secret as its file name. */
export const CALENDAR_FEED_PATH = '/api/calendar/:secret.ics';

/** 192 random bits: the URL is the only key to the feed, so it must not be guessable. */
export const newCalendarSecret = () => randomBytes(24).toString('base64url');

/** From the configured public address, never the request's Host header, which a caller controls. */
export function calendarFeedUrls(publicUrl: string, secret: string): CalendarFeed {
  const url = `${publicUrl}${CALENDAR_FEED_PATH.replace(':secret', secret)}`;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}
