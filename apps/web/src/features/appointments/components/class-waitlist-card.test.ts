import { describe, expect, it } from 'vitest';
import { waitlistStatusText } from './class-waitlist-card';

describe('waitlistStatusText', () => {
  it("says until when an offer is held, on the business's clock", () => {
    const holdUntil = '2026-11-23T09:30:00.000Z';
    expect(waitlistStatusText({ status: 'offered', holdUntil }, 'Europe/Madrid')).toBe('Offered until 10:30');
    expect(waitlistStatusText({ status: 'offered', holdUntil }, 'America/New_York')).toBe(
      'Offered until 04:30',
    );
  });

  it('names an offer not yet sent, and every other state', () => {
    expect(waitlistStatusText({ status: 'offered', holdUntil: null }, 'Europe/Madrid')).toBe(
      'Offered (being sent)',
    );
    expect(waitlistStatusText({ status: 'waiting', holdUntil: null }, undefined)).toBe('Waiting');
    expect(waitlistStatusText({ status: 'booked', holdUntil: null }, undefined)).toBe('Booked');
    expect(waitlistStatusText({ status: 'declined', holdUntil: null }, undefined)).toBe('Declined');
    expect(waitlistStatusText({ status: 'expired', holdUntil: null }, undefined)).toBe('Expired');
  });
});
