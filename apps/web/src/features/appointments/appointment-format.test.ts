import { describe, expect, it } from 'vitest';
import {
  formatLongDate,
  formatShortDate,
  formatTime,
  formatTimeRange,
  paidText,
  paymentText,
  showingText,
} from './appointment-format';

describe('appointment dates and times', () => {
  it('shows the business wall-clock date as given, whatever the viewer zone', () => {
    expect(formatShortDate('2026-11-23')).toBe('Nov 23, 2026');
    expect(formatLongDate('2026-11-23')).toBe('Monday, November 23, 2026');
  });

  it('uses a 12-hour clock', () => {
    expect(formatTimeRange('09:00', '09:30')).toBe('9:00 AM - 9:30 AM');
    expect(formatTime('12:00')).toBe('12:00 PM');
    expect(formatTime('00:30')).toBe('12:30 AM');
    expect(formatTime('23:30')).toBe('11:30 PM');
  });

  it('leaves values it cannot read untouched', () => {
    expect(formatShortDate('soon')).toBe('soon');
  });
});

describe('pagination text', () => {
  it('counts the rows of the current page', () => {
    expect(showingText({ page: 1, limit: 10, total: 23, pages: 3 })).toBe('Showing 1 to 10 of 23 results');
    expect(showingText({ page: 3, limit: 10, total: 23, pages: 3 })).toBe('Showing 21 to 23 of 23 results');
  });
});

describe('what was paid', () => {
  it('says the amount paid or refunded, and nothing when unpaid', () => {
    expect(paymentText({ amount: 4500, currency: 'eur', refunded: false })).toBe('€45.00 paid');
    expect(paymentText({ amount: 4500, currency: 'eur', refunded: true })).toBe('€45.00 refunded');
    expect(paymentText(null)).toBeNull();
    expect(paymentText(undefined)).toBeNull();
    const booked = { payment: null, pack: { clientPackId: 'p', name: 'Bono 10', returned: false } };
    expect(paidText(booked)).toBe('pack session');
    expect(paidText({ ...booked, pack: { ...booked.pack, returned: true } })).toBe('pack session given back');
    expect(paidText({ payment: { amount: 4500, currency: 'eur', refunded: false }, pack: null })).toBe(
      '€45.00 paid',
    );
    expect(paidText({ payment: null, pack: null })).toBeNull();
  });
});
