import { describe, expect, it } from 'vitest';
import {
  countChange,
  describePeriod,
  durationChange,
  formatDayRange,
  formatDuration,
  formatPercent,
  noShowRate,
  rateChange,
  shareOf,
} from './insights-format';

describe('formatDuration', () => {
  it('says a duration as a person does', () => {
    expect(formatDuration(4)).toBe('4 s');
    expect(formatDuration(59)).toBe('59 s');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(130)).toBe('2 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(3900)).toBe('1 h 5 min');
    expect(formatDuration(86_400)).toBe('1 d');
    expect(formatDuration(90_000)).toBe('1 d 1 h');
  });

  it('shows a dash when nothing was measured, never NaN', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(undefined)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
  });
});

describe('formatPercent', () => {
  it('keeps one decimal under 10% and rounds above', () => {
    expect(formatPercent(0.054)).toBe('5.4%');
    expect(formatPercent(0.0674)).toBe('6.7%');
    expect(formatPercent(0.0675)).toBe('6.8%');
    expect(formatPercent(0.1234)).toBe('12%');
    expect(formatPercent(0.6093)).toBe('61%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(0)).toBe('0%');
  });

  it('shows a dash for a share of nothing', () => {
    expect(formatPercent(null)).toBe('—');
    expect(formatPercent(shareOf(3, 0))).toBe('—');
    expect(noShowRate({ attended: 0, noShows: 0 })).toBeNull();
    expect(noShowRate({ attended: 152, noShows: 11 })).toBeCloseTo(11 / 163);
  });
});

describe('the change against the period before', () => {
  it('says up or down in words, with the previous value', () => {
    expect(countChange(412, 365)).toEqual({
      direction: 'up',
      text: 'Up 13%',
      previous: 'was 365',
      tone: 'good',
    });
    expect(countChange(12, 15, 'down')).toEqual({
      direction: 'down',
      text: 'Down 20%',
      previous: 'was 15',
      tone: 'good',
    });
    expect(countChange(58, 61, 'up').tone).toBe('bad');
    expect(countChange(34, 40, 'neither').tone).toBe('neutral');
  });

  it('has no percentage of nothing, and says when nothing changed', () => {
    expect(countChange(19, 0)).toEqual({ direction: 'up', text: 'Up', previous: 'was 0', tone: 'good' });
    expect(countChange(0, 0)).toEqual({
      direction: 'same',
      text: 'No change',
      previous: 'was 0',
      tone: 'neutral',
    });
    expect(countChange(1200, 1000).previous).toBe('was 1,000');
  });

  it('writes a duration change as a duration, shorter being better', () => {
    expect(durationChange(380, 540)).toEqual({
      direction: 'down',
      text: 'Down 3 min',
      previous: 'was 9 min',
      tone: 'good',
    });
    expect(durationChange(null, 540)).toEqual({
      direction: 'unknown',
      text: 'Nothing to compare',
      previous: 'was 9 min',
      tone: 'neutral',
    });
    expect(durationChange(4, null)).toEqual({
      direction: 'unknown',
      text: 'Nothing to compare with',
      previous: '',
      tone: 'neutral',
    });
  });

  it('writes a rate change in percentage points', () => {
    expect(rateChange(11 / 163, 14 / 144, 'down')).toEqual({
      direction: 'down',
      text: 'Down 3 points',
      previous: 'was 9.7%',
      tone: 'good',
    });
    expect(rateChange(0.05, 0.03, 'down').text).toBe('Up 2 points');
    expect(rateChange(0.04, 0.03, 'down').text).toBe('Up 1 point');
  });
});

describe('the period in words', () => {
  it('writes a range short, with the year once', () => {
    expect(formatDayRange('2026-10-23', '2026-11-21')).toBe('23 Oct – 21 Nov 2026');
    expect(formatDayRange('2026-11-16', '2026-11-22')).toBe('16 – 22 Nov 2026');
    expect(formatDayRange('2026-11-21', '2026-11-21')).toBe('21 Nov 2026');
    expect(formatDayRange('2025-12-20', '2026-01-18')).toBe('20 Dec 2025 – 18 Jan 2026');
  });

  it('names the period and the one it is compared with', () => {
    expect(
      describePeriod({
        from: '2026-10-23',
        to: '2026-11-21',
        previousFrom: '2026-09-23',
        previousTo: '2026-10-22',
      }),
    ).toBe('23 Oct – 21 Nov 2026, compared with 23 Sep – 22 Oct');
    expect(
      describePeriod({
        from: '2026-01-05',
        to: '2026-01-11',
        previousFrom: '2025-12-29',
        previousTo: '2026-01-04',
      }),
    ).toBe('5 – 11 Jan 2026, compared with 29 Dec 2025 – 4 Jan 2026');
  });
});
