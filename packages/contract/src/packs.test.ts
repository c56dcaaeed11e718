import { describe, expect, it } from 'vitest';
import { proRataRefund, refundPackSchema } from './packs.ts';

describe('proRataRefund', () => {
  it('is the price pro rata of the sessions left, rounded down to the cent', () => {
    expect(proRataRefund({ priceAmount: 35000, sessionsLeft: 7, sessionsTotal: 10 })).toBe(24500);
    // 1000 × 1 / 3 = 333.33…: the business never gives back more than the share.
    expect(proRataRefund({ priceAmount: 1000, sessionsLeft: 1, sessionsTotal: 3 })).toBe(333);
    expect(proRataRefund({ priceAmount: 1000, sessionsLeft: 2, sessionsTotal: 3 })).toBe(666);
    expect(proRataRefund({ priceAmount: 35000, sessionsLeft: 0, sessionsTotal: 10 })).toBe(0);
    expect(proRataRefund({ priceAmount: 35000, sessionsLeft: 10, sessionsTotal: 10 })).toBe(35000);
  });
});

describe('refundPackSchema', () => {
  it('takes whole cents from 0 and an optional reason, blank as none', () => {
    expect(refundPackSchema.parse({ amount: 0 })).toEqual({ amount: 0, reason: null });
    expect(refundPackSchema.parse({ amount: 100, reason: '  ' })).toEqual({ amount: 100, reason: null });
    expect(refundPackSchema.parse({ amount: 100, reason: ' Moving ' })).toEqual({
      amount: 100,
      reason: 'Moving',
    });
    for (const amount of [-1, 1.5, '100', null])
      expect(refundPackSchema.safeParse({ amount }).success).toBe(false);
  });
});
