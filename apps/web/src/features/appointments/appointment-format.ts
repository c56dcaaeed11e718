import type { Appointment, AppointmentStatus } from '@chatdesk/contract/appointments';
import type { Pagination } from '@chatdesk/contract/common';
import { formatMinorMoney } from '../../lib/format';

export const APPOINTMENT_STATUS_STYLE = {
  scheduled: { label: 'Scheduled', color: 'blue' },
  // Mantine's purple is called grape.
  completed: { label: 'Completed', color: 'grape' },
  cancelled: { label: 'Cancelled', color: 'red' },
  'no-show': { label: 'No Show', color: 'yellow' },
} as const satisfies Record<AppointmentStatus, { label: string; color: string }>;

/**
 * Appointment dates and times are wall-clock values in the business's time zone, so they are
 * formatted as given (through UTC) and never shifted to the viewer's zone.
 */
function wallClock(date: string, time = '00:00'): Date | null {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  if (!y || !m || !d || hh === undefined || mm === undefined || Number.isNaN(hh) || Number.isNaN(mm)) {
    return null;
  }
  return new Date(Date.UTC(y, m - 1, d, hh, mm));
}

const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const longDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const time12 = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'UTC',
});

/** 'Nov 23, 2026' */
export function formatShortDate(date: string): string {
  const value = wallClock(date);
  return value ? shortDate.format(value) : date;
}

/** 'Monday, November 23, 2026' */
export function formatLongDate(date: string): string {
  const value = wallClock(date);
  return value ? longDate.format(value) : date;
}

/** '9:00 AM' */
export function formatTime(time: string): string {
  const value = wallClock('2000-01-01', time);
  return value ? time12.format(value) : time;
}

/** '9:00 AM - 9:30 AM' */
export function formatTimeRange(start: string, end: string): string {
  return `${formatTime(start)} - ${formatTime(end)}`;
}

/** 'Showing 11 to 20 of 23 results' */
export function showingText({ page, limit, total }: Pagination): string {
  if (total === 0) return 'Showing 0 results';
  const from = (page - 1) * limit + 1;
  const to = Math.min(page * limit, total);
  return `Showing ${from} to ${to} of ${total} results`;
}

/** '€45.00 paid', '€45.00 refunded', or null when nothing was paid (online or at the desk). */
export function paymentText(payment: Appointment['payment']): string | null {
  if (!payment) return null;
  const amount = formatMinorMoney(payment.amount, payment.currency);
  return payment.refunded ? `${amount} refunded` : `${amount} paid`;
}

/** What paid for it, as the list says it: money (paymentText), a pack session, or null. */
export function paidText(appointment: Pick<Appointment, 'payment' | 'pack'>): string | null {
  if (appointment.payment) return paymentText(appointment.payment);
  if (appointment.pack) return appointment.pack.returned ? 'pack session given back' : 'pack session';
  return null;
}
