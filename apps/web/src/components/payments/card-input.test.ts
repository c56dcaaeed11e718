import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, formatCardNumber, formatExpiry, parseExpiry, validateCard } from './card-input';

const now = new Date(2026, 10, 22);

describe('card number', () => {
  it('groups digits by four and drops everything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0025 00')).toBe('4000 0025 00');
    expect(formatCardNumber('4242 4')).toBe('4242 4');
    expect(formatCardNumber('4242 ')).toBe('4242');
  });

  it('stops at 19 digits', () => {
    expect(formatCardNumber('1'.repeat(25)).replace(/\s/g, '')).toHaveLength(19);
  });
});

describe('expiry', () => {
  it('formats as MM / YY while typing', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12 / 3');
    expect(formatExpiry('12 / 345')).toBe('12 / 34');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('12 /')).toBe('12');
  });

  it('reads the month and the four-digit year', () => {
    expect(parseExpiry('12 / 30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('04/27')).toEqual({ month: 4, year: 2027 });
    expect(parseExpiry('13 / 30')).toBeNull();
    expect(parseExpiry('00 / 30')).toBeNull();
    expect(parseExpiry('1 / 3')).toBeNull();
  });
});

describe('validateCard', () => {
  it('accepts a test card with a future date', () => {
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' }, now)).toEqual({});
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '11 / 26', cvc: '1234' }, now)).toEqual({});
  });

  it("answers with Stripe's messages", () => {
    expect(validateCard({ number: '4242', expiry: '', cvc: '1' }, now)).toEqual({
      number: CARD_MESSAGES.numberIncomplete,
      expiry: CARD_MESSAGES.expiryIncomplete,
      cvc: CARD_MESSAGES.cvcIncomplete,
    });
    expect(validateCard({ number: '4242 4242 4242 4241', expiry: '10 / 26', cvc: '123' }, now)).toEqual({
      number: CARD_MESSAGES.numberInvalid,
      expiry: CARD_MESSAGES.expiryPast,
    });
  });
});
