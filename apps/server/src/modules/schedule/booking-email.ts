import { formatDuration } from '@chatdesk/contract/schedule-rules';
import { createEvent } from 'ics';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { formatMoney } from '../../lib/money.ts';
import type { BookingConfirmation } from './schedule.service.ts';

const utcParts = (instant: Date) =>
  [
    instant.getUTCFullYear(),
    instant.getUTCMonth() + 1,
    instant.getUTCDate(),
    instant.getUTCHours(),
    instant.getUTCMinutes(),
  ] as [number, number, number, number, number];

function longDate(booking: BookingConfirmation) {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: booking.timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(booking.startsAt);
}

/** The customer's private page for this appointment. */
export const manageBookingUrl = (publicUrl: string, token: string) => `${publicUrl}/booking/${token}`;

const minutesOf = (booking: BookingConfirmation) =>
  Math.round((booking.endsAt.getTime() - booking.startsAt.getTime()) / 60_000);

const whenText = (booking: BookingConfirmation) =>
  `${longDate(booking)}, ${booking.startTime}–${booking.endTime} (${booking.timeZone})`;

/**
 * The appointment as a calendar file. The UID stays the appointment's, and `sequence` grows with
 * each change, so a calendar that imported the first file replaces it with a later one.
 */
function calendarFile(
  booking: BookingConfirmation,
  company: { name: string },
  change: { sequence: number; cancelled?: boolean },
) {
  const { value, error } = createEvent({
    uid: `${booking.appointmentId}@chatdesk`,
    title: `${booking.serviceName} with ${booking.employeeName}`,
    description: `${booking.serviceName} (${formatDuration(minutesOf(booking))}) with ${booking.employeeName}${company.name ? ` at ${company.name}` : ''}.\nCancel or reschedule: ${booking.manageUrl}`,
    start: utcParts(booking.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcParts(booking.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: change.cancelled ? 'CANCELLED' : 'CONFIRMED',
    sequence: change.sequence,
    // No ORGANIZER: it needs an address to write to, and the business has none here. Without one the
    // file is a published event (METHOD:PUBLISH), not a meeting request the customer could answer.
    attendees: [{ name: booking.clientName, email: booking.clientEmail, rsvp: false }],
    url: booking.manageUrl,
    productId: 'chatdesk/booking',
    method: 'PUBLISH',
  });
  if (error || !value) throw error ?? new Error('could not build the calendar invitation');
  return {
    filename: 'appointment.ics',
    // The MIME method must match the file's METHOD, or mail clients treat it as a broken invitation.
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: value,
  };
}

/** The email the booking page promises, with the appointment as an .ics attachment. */
export function bookingConfirmationEmail(
  booking: BookingConfirmation,
  company: { name: string },
): MailMessage {
  const businessName = company.name || 'our team';
  const when = whenText(booking);
  const text = [
    `Hello ${booking.clientName},`,
    '',
    `Your appointment with ${booking.employeeName} is booked.`,
    '',
    `What: ${booking.serviceName} (${formatDuration(minutesOf(booking))})`,
    `When: ${when}`,
    booking.pack
      ? `Paid with your pack: ${booking.pack.name} (${booking.pack.sessionsLeft} ${booking.pack.sessionsLeft === 1 ? 'session' : 'sessions'} left)`
      : booking.paid
        ? `Paid: ${formatMoney(booking.paid.amount, booking.paid.currency)}`
        : 'To pay: at your appointment',
    '',
    'The invitation is attached: open it to add the appointment to your calendar.',
    '',
    `To cancel or reschedule: ${booking.manageUrl}`,
    '',
    `See you soon,`,
    businessName,
  ].join('\n');
  return {
    to: booking.clientEmail,
    subject: `Your appointment with ${booking.employeeName} on ${longDate(booking)} at ${booking.startTime}`,
    text,
    attachments: [calendarFile(booking, company, { sequence: 0 })],
  };
}

/** After the customer (or the assistant for them) moved or cancelled it: what stands now. */
export function bookingChangeEmail(
  booking: BookingConfirmation,
  company: { name: string },
  change:
    | { kind: 'moved'; from: string; sequence: number }
    | {
        kind: 'cancelled';
        refund: string | null;
        /** Paid with a pack session: whether it went back to the pack. */
        session?: 'returned' | 'kept' | undefined;
        sequence: number;
      },
): MailMessage {
  const businessName = company.name || 'our team';
  const lines =
    change.kind === 'moved'
      ? [
          `Your appointment with ${booking.employeeName} has been moved.`,
          '',
          `New time: ${whenText(booking)}`,
          `Was: ${change.from}`,
          '',
          'The updated invitation is attached.',
          '',
          `To cancel or reschedule: ${booking.manageUrl}`,
        ]
      : [
          `Your appointment with ${booking.employeeName} on ${whenText(booking)} is cancelled.`,
          '',
          change.session === 'returned'
            ? 'The session goes back to your pack.'
            : change.session === 'kept'
              ? 'The pack session stays used under the cancellation policy.'
              : change.refund
                ? `${change.refund} is being refunded to your card.`
                : 'The fee is not refunded under the cancellation policy.',
        ];
  return {
    to: booking.clientEmail,
    subject:
      change.kind === 'moved'
        ? `Your appointment with ${booking.employeeName} is now on ${longDate(booking)} at ${booking.startTime}`
        : `Your appointment with ${booking.employeeName} on ${longDate(booking)} is cancelled`,
    text: [`Hello ${booking.clientName},`, '', ...lines, '', businessName].join('\n'),
    attachments: [
      calendarFile(booking, company, { sequence: change.sequence, cancelled: change.kind === 'cancelled' }),
    ],
  };
}
