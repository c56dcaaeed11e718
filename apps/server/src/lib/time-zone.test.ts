import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMinutesToTime,
  offsetMinutes,
  weekdayOf,
  zonedDate,
  zonedTime,
  zonedTimeToUtc,
} from './time-zone.ts';

describe('time zones', () => {
  it('uses the offset of the date in question, not of today', () => {
    expect(zonedTimeToUtc('2026-01-15', '10:00', 'Europe/Madrid').toISOString()).toBe(
      '2026-01-15T09:00:00.000Z',
    );
    expect(zonedTimeToUtc('2026-07-15', '10:00', 'Europe/Madrid').toISOString()).toBe(
      '2026-07-15T08:00:00.000Z',
    );
  });

  it('is right on both sides of the spring and autumn changes in Madrid', () => {
    expect(zonedTimeToUtc('2026-03-29', '01:30', 'Europe/Madrid').toISOString()).toBe(
      '2026-03-29T00:30:00.000Z',
    );
    expect(zonedTimeToUtc('2026-03-29', '13:00', 'Europe/Madrid').toISOString()).toBe(
      '2026-03-29T11:00:00.000Z',
    );
    expect(zonedTimeToUtc('2026-10-25', '01:30', 'Europe/Madrid').toISOString()).toBe(
      '2026-10-24T23:30:00.000Z',
    );
    expect(zonedTimeToUtc('2026-10-25', '13:00', 'Europe/Madrid').toISOString()).toBe(
      '2026-10-25T12:00:00.000Z',
    );
  });

  it('moves a time skipped by the spring change to just after the gap', () => {
    expect(zonedTime(zonedTimeToUtc('2026-03-29', '02:30', 'Europe/Madrid'), 'Europe/Madrid')).toBe('03:30');
  });

  it('reads wall-clock date and time back', () => {
    const instant = new Date('2026-10-24T22:30:00Z');
    expect(zonedDate(instant, 'Europe/Madrid')).toBe('2026-10-25');
    expect(zonedTime(instant, 'Europe/Madrid')).toBe('00:30');
    expect(offsetMinutes(instant, 'Europe/Madrid')).toBe(120);
    expect(offsetMinutes(new Date('2026-10-25T02:00:00Z'), 'Europe/Madrid')).toBe(60);
  });

  it('does calendar arithmetic', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMinutesToTime('09:30', 30)).toBe('10:00');
    expect(weekdayOf('2026-11-23')).toBe('monday');
  });
});
