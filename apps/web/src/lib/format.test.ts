import { describe, expect, it } from 'vitest';
import { formatBadgeCount, formatDateTime, formatHours, formatServicePrice, initials } from './format';

describe('formatBadgeCount', () => {
  it('shows the count up to 99 and 99+ above', () => {
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
    expect(formatBadgeCount(120)).toBe('99+');
  });
});

describe('formatDateTime', () => {
  it('uses the en-US 12-hour format', () => {
    expect(formatDateTime(new Date(2025, 2, 7, 15, 5))).toBe('Mar 7, 2025, 3:05 PM');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initials('Laura Martín')).toBe('LM');
    expect(initials('admin')).toBe('A');
    expect(initials('Ana María García')).toBe('AG');
  });

  it('skips punctuation, so a name in brackets never shows a bracket', () => {
    expect(initials('Chat simulator (a1b2c3)')).toBe('CS');
    expect(initials('(Ana) - López')).toBe('L');
    expect(initials('(Ana)')).toBe('A');
    expect(initials('  ')).toBe('');
  });
});

describe('formatHours', () => {
  it('counts hours, and whole days from two days on', () => {
    expect(formatHours(1)).toBe('1 hour');
    expect(formatHours(24)).toBe('24 hours');
    expect(formatHours(36)).toBe('36 hours');
    expect(formatHours(48)).toBe('2 days');
    expect(formatHours(168)).toBe('7 days');
  });
});

describe('formatServicePrice', () => {
  it('writes cents as money, and a price 0 as free', () => {
    expect(formatServicePrice(5500, 'eur')).toBe('€55.00');
    expect(formatServicePrice(1250, 'gbp')).toBe('£12.50');
    expect(formatServicePrice(0, 'eur')).toBe('Free');
  });
});
