import { WEEKDAYS, type Weekday } from '@chatdesk/contract/employees-rules';
import type { PageTexts } from '@chatdesk/contract/page-texts';
import { formatMinorMoney } from '../../lib/format';
import { utcDay } from '../../lib/wall-clock';

/** The lowercase weekday of a local day, as the availability names it. */
export function weekdayOf(date: string): Weekday {
  // getUTCDay counts from Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(utcDay(date).getUTCDay() + 6) % 7]!;
}

/** The fee in minor units as money: (1000, 'eur') → '€10.00' ('10,00 €' in es-ES). */
export const formatFee = (amount: number, currency: string, locale = 'en-US') =>
  formatMinorMoney(amount, currency, locale);

function currencySymbol(currency: string): string {
  const parts = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    currencyDisplay: 'narrowSymbol',
  }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency.toUpperCase();
}

/** 1000 eur → '10€', the spec's wording of the fee. */
export function feeLabel(amount: number, currency: string): string {
  const units = amount / 100;
  const value = Number.isInteger(units) ? String(units) : units.toFixed(2);
  return `${value}${currencySymbol(currency)}`;
}

/** 1000 eur → 'Pay 10€ and Book Appointment' (the spec's words), in the page's language. */
export function payButtonLabel(
  amount: number,
  currency: string,
  texts: Pick<PageTexts['booking'], 'payAndBook'>,
): string {
  return texts.payAndBook(feeLabel(amount, currency));
}
