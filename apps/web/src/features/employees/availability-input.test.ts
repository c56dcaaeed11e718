import { HALF_HOURS } from '@chatdesk/contract/employees';
import { describe, expect, it } from 'vitest';
import { copyDay, matchTimes } from './availability-input';
import { toWeeklyRanges } from './employee-form';

describe('matchTimes', () => {
  it('offers every time for an empty query', () => {
    expect(matchTimes('  ', HALF_HOURS)).toHaveLength(48);
  });

  it('reads an hour alone, best match first', () => {
    expect(matchTimes('9', HALF_HOURS)).toEqual(['09:00', '09:30']);
    expect(matchTimes('17', HALF_HOURS)).toEqual(['17:00', '17:30']);
    expect(matchTimes('1', HALF_HOURS).slice(0, 4)).toEqual(['01:00', '01:30', '10:00', '10:30']);
    expect(matchTimes('1', HALF_HOURS)).toHaveLength(22);
  });

  it('reads hours and minutes with or without a separator', () => {
    expect(matchTimes('930', HALF_HOURS)).toEqual(['09:30']);
    expect(matchTimes('9:3', HALF_HOURS)).toEqual(['09:30']);
    expect(matchTimes('09:30', HALF_HOURS)).toEqual(['09:30']);
    expect(matchTimes('1730', HALF_HOURS)).toEqual(['17:30']);
    expect(matchTimes('17.30', HALF_HOURS)).toEqual(['17:30']);
    expect(matchTimes('17h', HALF_HOURS)).toEqual(['17:00', '17:30']);
    expect(matchTimes('173', HALF_HOURS)).toEqual(['17:30']);
  });

  it('matches nothing for times that are not half hours or not times', () => {
    expect(matchTimes('9:15', HALF_HOURS)).toEqual([]);
    expect(matchTimes('25', HALF_HOURS)).toEqual([]);
    expect(matchTimes('noon', HALF_HOURS)).toEqual([]);
  });
});

describe('copyDay', () => {
  const week = toWeeklyRanges({
    monday: [
      ['09:00', '13:00'],
      ['15:00', '19:00'],
    ],
    tuesday: [['10:00', '12:00']],
  });

  it("replaces the chosen days' ranges with a copy of the source day's", () => {
    const next = copyDay(week, 'monday', ['tuesday', 'friday']);
    expect(next.tuesday).toEqual(week.monday);
    expect(next.friday).toEqual(week.monday);
    expect(next.wednesday).toEqual([]);
    expect(next.monday).toBe(week.monday);
    // A copy: editing Friday later must not change Monday.
    expect(next.friday[0]).not.toBe(week.monday[0]);
  });

  it('copies an empty day as a day off', () => {
    expect(copyDay(week, 'sunday', ['monday']).monday).toEqual([]);
  });
});
