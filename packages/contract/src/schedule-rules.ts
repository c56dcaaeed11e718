// The zod-free half of the schedule contract: the public booking page uses it without zod's
// weight. clientInfoSchema in schedule.ts applies the same rules on the server.
import { EMAIL_PATTERN } from './constants.ts';
import type { ClientInfo } from './schedule.ts';

export const BOOKING_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  employeeNotFound: 'Employee not found',
  employeeNotBookable: 'This employee is not taking bookings.',
  employeeNotBookableRefunded: 'This employee is no longer taking bookings. Your payment has been refunded.',
  slotTaken: 'This time slot was just booked. Please choose another.',
  classFull: 'This class is full. Please choose another time.',
  slotUnavailable: 'This time slot is not available. Please choose another.',
  slotHeld: 'Someone is paying for this time slot right now. Please choose another.',
  dayBusy:
    'Several people are paying for times on this day right now. Please try again in a few minutes or choose another day.',
  networkBusy:
    'Too many payments are in progress from your network. Please finish one, or try again in a few minutes.',
  slotUnavailableRefunded: 'This time slot is not available. Your payment has been refunded.',
  bookingFailedRefunded: 'We could not complete your booking. Your payment has been refunded.',
  paymentNotFound: 'We could not find this payment. Please try again.',
  paymentIncomplete: 'Payment failed.',
  paymentMismatch: 'This payment does not match the appointment. Please try again.',
  paymentUsed: 'This payment was already used for another booking.',
  dateInvalid: 'Choose a valid date',
  timeInvalid: 'Choose a valid time slot',
  serviceRequired: 'Choose a service',
  tooSoon: 'This time is too soon to book online. Please choose a later time.',
  tooFar: 'This time is too far ahead to book yet. Please choose an earlier date.',
  dayFull: 'No more bookings of this service are taken on this day. Please choose another day.',
  notFree: 'This service is paid: book it with a payment.',
  freeLimit:
    'There are already several upcoming free bookings from you. Please keep or cancel one before booking another.',
} as const;

/** "1 h 30 min", "45 min": a service's length as the pages show it. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** Longest accepted booking form values; the form's inputs stop there too. */
export const CLIENT_INFO_MAX_LENGTH = { name: 200, email: 320, phone: 40 } as const;

export type ClientInfoErrors = Partial<Record<keyof ClientInfo, string>>;

/** The booking form's checks, field by field, with the spec's messages. */
export function validateClientInfo(values: ClientInfo): ClientInfoErrors {
  const errors: ClientInfoErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const phone = values.phone.trim();
  if (!name) errors.name = BOOKING_MESSAGES.nameRequired;
  if (!email) errors.email = BOOKING_MESSAGES.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.email = BOOKING_MESSAGES.emailInvalid;
  if (!phone) errors.phone = BOOKING_MESSAGES.phoneRequired;
  return errors;
}
