import { describe, expect, it } from 'vitest';
import { busyCountText, shortCalendarAddress } from './employee-calendars';

describe('employee calendars', () => {
  it('shows a secret address by its host and file name, never the secret', () => {
    expect(
      shortCalendarAddress(
        'https://calendar.google.com/calendar/ical/ana%40gmail.com/private-0123456789abcdef0123/basic.ics',
      ),
    ).toBe('calendar.google.com/…/basic.ics');
    expect(shortCalendarAddress('webcal://p52-caldav.icloud.com/published/2/MTIzNDU2Nzg5MDEyMzQ1Njc4')).toBe(
      'p52-caldav.icloud.com/…',
    );
    expect(shortCalendarAddress('https://user:pass@example.com/feed.ics?token=secret')).toBe(
      'example.com/…/feed.ics',
    );
    expect(shortCalendarAddress('https://example.com/a1b2c3d4e5f6a7b8.ics')).toBe('example.com/…');
    expect(shortCalendarAddress('not an address')).toBe('…');
  });

  it('counts the busy times ahead', () => {
    expect(busyCountText(0)).toBe('Nothing busy ahead');
    expect(busyCountText(1)).toBe('1 busy time ahead');
    expect(busyCountText(12)).toBe('12 busy times ahead');
  });
});
