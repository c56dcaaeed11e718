import { describe, expect, it } from 'vitest';
import { addDays, addMonths, formatMonth, monthWeeks } from './calendar-grid';

describe('calendar grid', () => {
  it('lays out a month in Monday-first weeks', () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    const weeks = monthWeeks('2026-11');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks[5]).toEqual(['2026-11-30', null, null, null, null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
  });

  it('fits February 2027 in four weeks', () => {
    // It starts on a Monday and has 28 days.
    expect(monthWeeks('2027-02')).toHaveLength(4);
  });

  it('moves across months, years and daylight-saving changes', () => {
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });

  it('names the month', () => {
    expect(formatMonth('2026-11')).toBe('November 2026');
  });
});
