import { describe, expect, it } from 'vitest';
import { emailFromParam, formatPrice, isValidEmail } from './subscribe-format';

describe('formatPrice', () => {
  it('shows euros with the euro sign and two decimals', () => {
    expect(formatPrice(999, 'eur')).toBe('€9.99');
    expect(formatPrice(1000, 'EUR')).toBe('€10.00');
  });

  it('shows any other currency with a dollar sign', () => {
    expect(formatPrice(1999, 'usd')).toBe('$19.99');
    expect(formatPrice(500, 'gbp')).toBe('$5.00');
  });
});

describe('isValidEmail', () => {
  it('accepts an address with a name, a domain and a dot', () => {
    expect(isValidEmail('ana@example.com')).toBe(true);
    expect(isValidEmail('  ana@example.com ')).toBe(true);
  });

  it('refuses empty or malformed addresses', () => {
    expect(isValidEmail('')).toBe(false);
    expect(isValidEmail('   ')).toBe(false);
    expect(isValidEmail('ana@example')).toBe(false);
    expect(isValidEmail('ana example@x.com')).toBe(false);
  });
});

describe('emailFromParam', () => {
  it('decodes an encoded address and leaves a decoded one alone', () => {
    expect(emailFromParam('ana%40example.com')).toBe('ana@example.com');
    expect(emailFromParam('ana@example.com')).toBe('ana@example.com');
  });

  it('gives an empty string without a parameter and never throws on a stray percent', () => {
    expect(emailFromParam(undefined)).toBe('');
    expect(emailFromParam('50%@x.com')).toBe('50%@x.com');
  });
});
