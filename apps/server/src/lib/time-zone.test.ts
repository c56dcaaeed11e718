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

  it('knows the offset on each side of a change, to the second, as it remembers offsets by the quarter hour', () => {
    // Madrid springs forward at 01:00 UTC and falls back at 01:00 UTC.
    expect(offsetMinutes(new Date('2026-03-29T00:59:59Z'), 'Europe/Madrid')).toBe(60);
    expect(offsetMinutes(new Date('2026-03-29T01:00:00Z'), 'Europe/Madrid')).toBe(120);
    expect(offsetMinutes(new Date('2026-10-25T00:59:59Z'), 'Europe/Madrid')).toBe(120);
    expect(offsetMinutes(new Date('2026-10-25T01:00:00Z'), 'Europe/Madrid')).toBe(60);
    // Lord Howe moves by half an hour, at 02:00 local (15:30 UTC the day before).
    expect(offsetMinutes(new Date('2026-10-03T15:29:59Z'), 'Australia/Lord_Howe')).toBe(630);
    expect(offsetMinutes(new Date('2026-10-03T15:30:00Z'), 'Australia/Lord_Howe')).toBe(660);
    // A quarter-hour zone, and the same instant in another zone is its own.
    expect(offsetMinutes(new Date('2026-10-03T15:37:00Z'), 'Asia/Kathmandu')).toBe(345);
    expect(offsetMinutes(new Date('2026-10-03T15:37:00Z'), 'America/New_York')).toBe(-240);
  });
});
