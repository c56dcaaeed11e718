import { describe, expect, it } from 'vitest';
import { formatDateSpan, formatRanges } from './date-span';

describe('date spans', () => {
  it('names one local date as that calendar day, whatever the viewer’s zone', () => {
    expect(formatDateSpan('2026-12-24', '2026-12-24')).toBe('Thu, Dec 24, 2026');
  });

  it('names a span by its first and last day', () => {
    expect(formatDateSpan('2026-12-24', '2026-12-31')).toMatch(/^Thu, Dec 24\s–\sThu, Dec 31, 2026$/);
    expect(formatDateSpan('2026-12-31', '2027-01-06')).toMatch(/^Thu, Dec 31, 2026\s–\sWed, Jan 6, 2027$/);
  });

  it('lists hours as start–end', () => {
    expect(
      formatRanges([
        ['09:00', '13:00'],
        ['16:00', '18:00'],
      ]),
    ).toBe('09:00–13:00, 16:00–18:00');
  });
});
