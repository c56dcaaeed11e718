import { describe, expect, it } from 'vitest';
import { formatMoney, minorUnitDigits } from './money.ts';

describe('formatMoney', () => {
  it('writes minor units in the decimals the payment provider counts for each currency', () => {
    expect(formatMoney(1000, 'eur')).toBe('€10.00');
    expect(formatMoney(999, 'USD')).toBe('$9.99');
    expect(formatMoney(500, 'jpy')).toBe('¥500');
    expect(formatMoney(5000, 'krw')).toBe('₩5,000');
    expect(formatMoney(1500, 'clp')).toBe('CLP\u00a01,500');
    expect(formatMoney(5120, 'kwd')).toBe('KWD\u00a05.120');
    // Stripe keeps ISK two-decimal in its API: 10000 is 100 króna.
    expect(formatMoney(10000, 'isk')).toBe('ISK\u00a0100');
  });

  it('writes a currency code Intl does not know plainly instead of throwing', () => {
    expect(formatMoney(1234, 'zz1')).toBe('12.34 ZZ1');
    expect(minorUnitDigits('vnd')).toBe(0);
  });
});
