import { describe, expect, it } from 'vitest';
import { calendarDate, timeOfDay } from './common.ts';
import {
  BOOKING_MESSAGES,
  clientInfoSchema,
  paymentIntentRequestSchema,
  validateClientInfo,
} from './schedule.ts';

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

describe('dates and times', () => {
  it('accepts only days the calendar has', () => {
    const date = calendarDate('bad');
    for (const value of ['2026-11-23', '2028-02-29', '2026-12-31'])
      expect(date.safeParse(value).success).toBe(true);
    for (const value of [
      '2027-02-29',
      '2027-04-31',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '26-11-23',
      '',
    ])
      expect(date.safeParse(value).success, value).toBe(false);
  });

  it('accepts only times a 24-hour clock shows', () => {
    const time = timeOfDay('bad');
    for (const value of ['00:00', '09:30', '23:59']) expect(time.safeParse(value).success).toBe(true);
    for (const value of ['24:00', '09:60', '9:30', '09:30:00'])
      expect(time.safeParse(value).success, value).toBe(false);
  });

  it('a payment cannot be opened for a day that does not exist', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const parsed = paymentIntentRequestSchema.safeParse({
      employeeId: id,
      date: '2027-02-29',
      timeSlot: '09:00',
    });
    expect(parsed.error?.issues[0]?.message).toBe(BOOKING_MESSAGES.dateInvalid);
  });
});
