import { describe, expect, it } from 'vitest';
import {
  formatZonedDeadline,
  formatZonedInstant,
  visitorTime,
  zoneCity,
  zonedInstant,
  zoneGap,
  zoneToday,
} from './zone-time';

describe('zonedInstant', () => {
  it('reads a wall-clock time in a zone, on both sides of a DST change', () => {
    expect(new Date(zonedInstant('2026-01-15', '17:00', 'Europe/Madrid')).toISOString()).toBe(
      '2026-01-15T16:00:00.000Z',
    );
    // Madrid moves to summer time on 29 March 2026.
    expect(new Date(zonedInstant('2026-03-28', '17:00', 'Europe/Madrid')).toISOString()).toBe(
      '2026-03-28T16:00:00.000Z',
    );
    expect(new Date(zonedInstant('2026-03-29', '17:00', 'Europe/Madrid')).toISOString()).toBe(
      '2026-03-29T15:00:00.000Z',
    );
    expect(new Date(zonedInstant('2026-07-01', '09:30', 'America/New_York')).toISOString()).toBe(
      '2026-07-01T13:30:00.000Z',
    );
  });
});

describe('visitorTime', () => {
  it("gives the visitor's clock when it differs from the business's", () => {
    expect(visitorTime('2026-01-15', '17:00', 'Europe/Madrid', 'America/New_York')).toBe('11:00 AM');
    expect(visitorTime('2026-01-15', '17:00', 'Europe/Madrid', 'Europe/London')).toBe('4:00 PM');
  });

  it('names the weekday when the time falls on another day for the visitor', () => {
    expect(visitorTime('2026-01-15', '09:00', 'Europe/Madrid', 'Pacific/Auckland')).toBe('9:00 PM');
    expect(visitorTime('2026-01-15', '17:00', 'Europe/Madrid', 'Pacific/Auckland')).toBe('Fri 5:00 AM');
    expect(visitorTime('2026-01-15', '02:00', 'Europe/Madrid', 'America/Los_Angeles')).toBe('Wed 5:00 PM');
  });

  it('says nothing when both clocks agree, the zone is unknown, or there is no visitor zone', () => {
    expect(visitorTime('2026-01-15', '17:00', 'Europe/Madrid', 'Europe/Madrid')).toBeNull();
    expect(visitorTime('2026-01-15', '17:00', 'Europe/Madrid', 'Europe/Paris')).toBeNull();
    expect(visitorTime('2026-01-15', '17:00', 'Europe/Madrid', 'Mars/Olympus')).toBeNull();
    expect(visitorTime('2026-01-15', '17:00', 'Europe/Madrid', null)).toBeNull();
  });
});

describe('zoneCity', () => {
  it('names the city of a zone', () => {
    expect(zoneCity('Europe/Madrid')).toBe('Madrid');
    expect(zoneCity('America/New_York')).toBe('New York');
    expect(zoneCity('UTC')).toBe('UTC');
  });
});

describe('formatZonedInstant', () => {
  it("shows an instant on the business's clock, whatever the browser's zone", () => {
    expect(formatZonedInstant('2026-11-24T16:00:00.000Z', 'Europe/Madrid')).toBe('Tue, Nov 24, 5:00 PM');
    expect(formatZonedInstant('2026-11-24T16:00:00.000Z', 'America/New_York')).toBe('Tue, Nov 24, 11:00 AM');
  });

  it('says nothing for a broken instant', () => {
    expect(formatZonedInstant('not a date', 'Europe/Madrid')).toBe('');
  });
});

describe('zoneGap', () => {
  it("says how the visitor's clock stands to the business's on that day", () => {
    expect(zoneGap('2026-11-30', 'Europe/Madrid', 'America/New_York')).toBe('6 h behind');
    // Both change clocks, on different dates: in between the gap is an hour smaller.
    expect(zoneGap('2026-03-20', 'Europe/Madrid', 'America/New_York')).toBe('5 h behind');
    expect(zoneGap('2026-11-30', 'Europe/Madrid', 'Asia/Kolkata')).toBe('4 h 30 min ahead');
    expect(zoneGap('2026-11-30', 'Europe/Madrid', 'Europe/Paris')).toBeNull();
    expect(zoneGap('2026-11-30', 'Europe/Madrid', null)).toBeNull();
  });
});

describe('formatZonedDeadline', () => {
  const iso = '2026-11-24T16:00:00.000Z';
  it("names the business's zone, and adds the visitor's clock when it reads otherwise", () => {
    expect(formatZonedDeadline(iso, 'Europe/Madrid', 'Europe/Madrid')).toBe(
      'Tue, Nov 24, 5:00 PM (Madrid time)',
    );
    expect(formatZonedDeadline(iso, 'Europe/Madrid', null)).toBe('Tue, Nov 24, 5:00 PM (Madrid time)');
    expect(formatZonedDeadline(iso, 'Europe/Madrid', 'America/New_York')).toBe(
      'Tue, Nov 24, 5:00 PM (Madrid time; 11:00 AM your time)',
    );
    expect(formatZonedDeadline(iso, 'Europe/Madrid', 'Pacific/Auckland')).toBe(
      'Tue, Nov 24, 5:00 PM (Madrid time; Wed, Nov 25, 5:00 AM your time)',
    );
  });
});

describe('zoneToday', () => {
  it("is the business's calendar day, which may not be the browser's or UTC's", () => {
    // 23:30 UTC on 30 November is already 1 December in Madrid, still 30 November in New York.
    const instant = Date.parse('2026-11-30T23:30:00Z');
    expect(zoneToday('Europe/Madrid', instant)).toBe('2026-12-01');
    expect(zoneToday('America/New_York', instant)).toBe('2026-11-30');
  });
});
