import { PAGE_TEXTS } from '@chatdesk/contract/page-texts';
import { describe, expect, it } from 'vitest';
import { formatFee, payButtonLabel, weekdayOf } from './booking-format';

const { en, es } = { en: PAGE_TEXTS.en.booking, es: PAGE_TEXTS.es.booking };

describe('booking labels', () => {
  it('names the weekday as the availability does', () => {
    expect(weekdayOf('2026-11-23')).toBe('monday');
    expect(weekdayOf('2026-11-29')).toBe('sunday');
  });

  it('shows the fee as the spec writes it', () => {
    expect(formatFee(1000, 'eur')).toBe('€10.00');
    expect(payButtonLabel(1000, 'eur', en)).toBe('Pay 10€ and Book Appointment');
    expect(payButtonLabel(1050, 'usd', en)).toBe('Pay 10.50$ and Book Appointment');
  });

  it("names a service's price on the pay button", () => {
    expect(payButtonLabel(5500, 'eur', en)).toBe('Pay 55€ and Book Appointment');
  });

  it('speaks Spanish on a Spanish page, with money as Spain writes it', () => {
    expect(formatFee(1050, 'eur', 'es-ES')).toBe('10,50\u00a0€');
    expect(payButtonLabel(5500, 'eur', es)).toBe('Pagar 55€ y reservar la cita');
  });
});
