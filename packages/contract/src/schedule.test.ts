import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, clientInfoSchema, validateClientInfo } from './schedule.ts';

// The page validates without zod; the server validates with clientInfoSchema. They must agree.
const cases = [
  { name: 'Ana', email: 'ana@example.com', phone: '+34 600 000 000' },
  { name: '  ', email: 'ana@example.com', phone: '600' },
  { name: 'Ana', email: '', phone: '600' },
  { name: 'Ana', email: 'ana@', phone: '600' },
  { name: 'Ana', email: ' ana@example.com ', phone: ' ' },
  { name: '', email: 'not an email', phone: '' },
];

describe('booking form validation', () => {
  it.each(cases)('agrees with the server schema for %o', (values) => {
    const parsed = clientInfoSchema.safeParse(values);
    const serverErrors: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) serverErrors[String(issue.path[0])] ??= issue.message;
    }
    expect(validateClientInfo(values)).toEqual(serverErrors);
  });

  it('uses the spec messages', () => {
    expect(validateClientInfo({ name: '', email: 'x', phone: '' })).toEqual({
      name: BOOKING_MESSAGES.nameRequired,
      email: BOOKING_MESSAGES.emailInvalid,
      phone: BOOKING_MESSAGES.phoneRequired,
    });
  });
});
