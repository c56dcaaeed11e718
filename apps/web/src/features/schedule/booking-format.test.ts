import { describe, expect, it } from 'vitest';
import { formatFee, payButtonLabel, weekdayOf } from './booking-format';

describe('booking labels', () => {
  it('names the weekday as the availability does', () => {
    expect(weekdayOf('2026-11-23')).toBe('monday');
    expect(weekdayOf('2026-11-29')).toBe('sunday');
  });

  it('shows the fee as the spec writes it', () => {
    expect(formatFee(1000, 'eur')).toBe('€10.00');
    expect(payButtonLabel(1000, 'eur')).toBe('Pay 10€ and Book Appointment');
    expect(payButtonLabel(1050, 'usd')).toBe('Pay 10.50$ and Book Appointment');
  });

  it("names a service's price on the pay button", () => {
    expect(payButtonLabel(5500, 'eur')).toBe('Pay 55€ and Book Appointment');
  });
});
