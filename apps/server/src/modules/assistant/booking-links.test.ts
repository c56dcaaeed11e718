import { describe, expect, it } from 'vitest';
import { withConversationRef } from './booking-links.ts';

const url = 'https://book.example.com';

describe('withConversationRef', () => {
  it("marks this business's booking links, whatever follows them", () => {
    expect(
      withConversationRef(
        `Reserva aquí: ${url}/schedule/carlos.\n• Lucía: ${url}/schedule/lucia-m, o ${url}/book`,
        `${url}/`,
        'abc123',
      ),
    ).toBe(
      `Reserva aquí: ${url}/schedule/carlos?c=abc123.\n• Lucía: ${url}/schedule/lucia-m?c=abc123, o ${url}/book?c=abc123`,
    );
  });

  it('leaves other sites, links with a query of their own, and a reply with no conversation alone', () => {
    const text = `Mira https://elsewhere.example/schedule/carlos y ${url}/schedule/carlos?service=x o ${url}/subscription/carlos`;
    expect(withConversationRef(text, url, 'abc123')).toBe(text);
    expect(withConversationRef(`${url}/schedule/carlos`, url, null)).toBe(`${url}/schedule/carlos`);
    // A name that only starts like a booking path is not one.
    expect(withConversationRef(`${url}/bookings`, url, 'abc123')).toBe(`${url}/bookings`);
  });
});
