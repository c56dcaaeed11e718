import { PAGE_TEXTS } from '@chatdesk/contract/page-texts';
import { describe, expect, it } from 'vitest';
import { bookingPolicyText } from './booking-policy';

// Monday 30 November 2026, 10:00 in Madrid (09:00 UTC; 4:00 AM in New York).
const startsAt = Date.parse('2026-11-30T09:00:00Z');
const hour = 3_600_000;
const base = {
  startsAt,
  now: startsAt - 3 * 24 * hour,
  freeCancellationHours: 24,
  fee: { amount: 1000, currency: 'eur' },
  businessZone: 'Europe/Madrid',
  visitorZone: 'Europe/Madrid',
  say: PAGE_TEXTS.en,
};

describe('bookingPolicyText', () => {
  it('names the free-cancellation deadline and what happens after it', () => {
    expect(bookingPolicyText(base)).toBe(
      "Free cancellation until Sun, Nov 29, 10:00 AM. After that, the 10€ fee is not refunded and the appointment can't be moved online.",
    );
  });

  it("gives the deadline on the visitor's own clock, saying so, when it is not the business's", () => {
    expect(bookingPolicyText({ ...base, visitorZone: 'America/New_York' })).toBe(
      "Free cancellation until Sun, Nov 29, 4:00 AM (your time). After that, the 10€ fee is not refunded and the appointment can't be moved online.",
    );
    // Another zone whose clock reads the same then needs no note.
    expect(bookingPolicyText({ ...base, visitorZone: 'Europe/Paris' })).toContain(
      'until Sun, Nov 29, 10:00 AM.',
    );
    // A browser that cannot tell its zone gets the business's clock.
    expect(bookingPolicyText({ ...base, visitorZone: null })).toContain('until Sun, Nov 29, 10:00 AM.');
  });

  it('says a slot inside the window is not refundable and cannot be moved, as the server decides', () => {
    const late =
      "This appointment starts in less than 24 hours: the 10€ fee is not refundable and it can't be moved online.";
    expect(bookingPolicyText({ ...base, now: startsAt - 23 * hour })).toBe(late);
    // The server's rule: at the deadline itself the fee still comes back; a millisecond later it does not.
    expect(bookingPolicyText({ ...base, now: startsAt - 24 * hour })).toMatch(/^Free cancellation until/);
    expect(bookingPolicyText({ ...base, now: startsAt - 24 * hour + 1 })).toBe(late);
  });

  it("follows Company Settings' hours", () => {
    expect(bookingPolicyText({ ...base, freeCancellationHours: 48 })).toMatch(
      /^Free cancellation until Sat, Nov 28, 10:00 AM\./,
    );
    expect(bookingPolicyText({ ...base, freeCancellationHours: 72, now: startsAt - 2 * 24 * hour })).toMatch(
      /^This appointment starts in less than 3 days:/,
    );
    expect(bookingPolicyText({ ...base, freeCancellationHours: 0, now: startsAt - hour })).toBe(
      'Free cancellation until the appointment starts, and it can be moved online until then too.',
    );
  });

  it('speaks of no fee for a free service, only of the deadline to move it', () => {
    const free = { ...base, fee: { amount: 0, currency: 'eur' } };
    expect(bookingPolicyText(free)).toBe(
      'It can be moved online until Sun, Nov 29, 10:00 AM, and cancelled until it starts.',
    );
    expect(bookingPolicyText({ ...free, now: startsAt - 23 * hour })).toBe(
      "This appointment starts in less than 24 hours: it can't be moved online.",
    );
  });
});
