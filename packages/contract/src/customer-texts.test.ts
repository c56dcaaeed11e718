import { describe, expect, it } from 'vitest';
import { CUSTOMER_TEXTS } from './customer-texts.ts';
import { PACK_MESSAGES } from './packs.ts';
import { BOOKING_MESSAGES } from './schedule-rules.ts';
import { WAITLIST_MESSAGES } from './waitlist.ts';

describe("the booking pages' Spanish for the server's refusals", () => {
  const sent = new Set<string>([
    ...Object.values(BOOKING_MESSAGES),
    ...Object.values(WAITLIST_MESSAGES),
    ...Object.values(PACK_MESSAGES),
  ]);

  it('is keyed only by messages the server really sends (a changed message would lose its Spanish)', () => {
    const keys = Object.keys(CUSTOMER_TEXTS.es.booking.server);
    expect(keys.length).toBeGreaterThan(30);
    for (const key of keys) expect(sent, key).toContain(key);
  });

  it('covers every booking refusal, and English shows them as sent', () => {
    for (const message of Object.values(BOOKING_MESSAGES))
      expect(CUSTOMER_TEXTS.es.booking.server[message], message).toBeTruthy();
    expect(CUSTOMER_TEXTS.en.booking.server).toEqual({});
  });
});
