import { MEETING_MINUTES } from '@chatdesk/contract/constants';
import { WEEKDAYS, type Weekday } from '@chatdesk/contract/employees-rules';
import { formatMinorMoney } from '../../lib/format';

/** A yyyy-MM-dd day as a UTC instant, so the browser's own time zone never shifts it. */
function utcDay(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
}

const longDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-11-23' → 'Monday, November 23, 2026'. */
export function formatLongDate(date: string): string {
  return longDate.format(utcDay(date));
}

/** The lowercase weekday of a local day, as the availability names it. */
export function weekdayOf(date: string): Weekday {
  // getUTCDay counts from Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(utcDay(date).getUTCDay() + 6) % 7]!;
}

/** '09:00' → '9:00 AM', '17:30' → '5:30 PM' (en-US, 12-hour). */
export function formatTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** HH:mm plus some minutes, wrapping past midnight. */
export function addMinutes(time: string, minutes: number): string {
  const [hours = 0, mins = 0] = time.split(':').map(Number);
  const total = (((hours * 60 + mins + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** The meeting's range: '09:00' → '9:00 AM - 9:30 AM'. */
export function formatTimeRange(start: string, minutes = MEETING_MINUTES): string {
  return `${formatTime(start)} - ${formatTime(addMinutes(start, minutes))}`;
}

/** Minor units as money: 1000 eur → '€10.00'. */
/** The fee in minor units as money: (1000, 'eur') → '€10.00'. */
export const formatFee = (amount: number, currency: string) => formatMinorMoney(amount, currency);

function currencySymbol(currency: string): string {
  const parts = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    currencyDisplay: 'narrowSymbol',
  }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency.toUpperCase();
}

/** 1000 eur → 'Pay 10€ and Book Appointment', the spec's wording of the fee. */
export function payButtonLabel(amount: number, currency: string): string {
  const units = amount / 100;
  const value = Number.isInteger(units) ? String(units) : units.toFixed(2);
  return `Pay ${value}${currencySymbol(currency)} and Book Appointment`;
}
