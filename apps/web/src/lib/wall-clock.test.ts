import { describe, expect, it } from 'vitest';
import {
  addMinutes,
  formatLongDate,
  formatShortDay,
  formatShortSlot,
  formatTime,
  formatTimeRange,
} from './wall-clock';

describe('wall-clock labels', () => {
  it('writes the day as weekday, month day, year whatever the browser time zone', () => {
    expect(formatLongDate('2026-11-23')).toBe('Monday, November 23, 2026');
    expect(formatLongDate('2027-01-01')).toBe('Friday, January 1, 2027');
  });

  it('writes a short day and slot for sentences', () => {
    expect(formatShortDay('2026-11-27')).toBe('Fri, Nov 27');
    expect(formatShortSlot('2026-11-27', '18:00')).toBe('Fri, Nov 27 at 6:00 PM');
  });

  it('shows times in 12-hour en-US form', () => {
    expect(formatTime('00:00')).toBe('12:00 AM');
    expect(formatTime('09:00')).toBe('9:00 AM');
    expect(formatTime('12:30')).toBe('12:30 PM');
    expect(formatTime('17:30')).toBe('5:30 PM');
  });

  it('ends a meeting 30 minutes after it starts, across midnight too', () => {
    expect(addMinutes('09:30', 30)).toBe('10:00');
    expect(addMinutes('23:30', 30)).toBe('00:00');
    expect(formatTimeRange('09:00')).toBe('9:00 AM - 9:30 AM');
    expect(formatTimeRange('11:30')).toBe('11:30 AM - 12:00 PM');
  });
});
