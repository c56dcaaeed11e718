import { domainToASCII } from 'node:url';
import { customerTexts } from '@chatdesk/contract/customer-texts';
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

const textsOf = (booking: BookingConfirmation) => customerTexts(booking.language);

function longDate(booking: BookingConfirmation) {
  return new Intl.DateTimeFormat(textsOf(booking).locale, {
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

const whatText = (booking: BookingConfirmation) =>
  `${booking.serviceName} (${formatDuration(minutesOf(booking))})`;

const whenText = (booking: BookingConfirmation) =>
  `${longDate(booking)}, ${booking.startTime}–${booking.endTime} (${booking.timeZone})`;

/**
 * An address as a calendar file's `mailto:` holds it (RFC 6068): a local part beyond ASCII
 * ("baño@…", which the booking form accepts) percent-encoded as UTF-8 and the domain in its ASCII
 * (punycode) form. The calendar library accepts only ASCII addresses.
 */
export function mailtoAddress(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email;
  const local = email.slice(0, at).replace(/[^\x21-\x7e]/gu, (char) => encodeURIComponent(char));
  const domain = domainToASCII(email.slice(at + 1)) || email.slice(at + 1);
  return `${local}@${domain}`;
}

/**
 * The appointment as a calendar file. The UID stays the appointment's, and `sequence` grows with
 * each change, so a calendar that imported the first file replaces it with a later one.
 */
function calendarFile(
  booking: BookingConfirmation,
  company: { name: string },
  change: { sequence: number; cancelled?: boolean },
) {
  const event = {
    uid: `${booking.appointmentId}@chatdesk`,
    title: textsOf(booking).calendarTitle(booking.serviceName, booking.employeeName),
    description: textsOf(booking).calendarDescription(
      whatText(booking),
      booking.employeeName,
      company.name,
      booking.manageUrl,
    ),
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
    url: booking.manageUrl,
    productId: 'chatdesk/booking',
    method: 'PUBLISH',
  } as const;
  const attendee = { name: booking.clientName, email: mailtoAddress(booking.clientEmail), rsvp: false };
  let { value, error } = createEvent({ ...event, attendees: [attendee] });
  // The attendee line only names who the file is for: an address the library still refuses must not
  // fail a paid booking (the booking would be refunded), so the file goes without it.
  if (error) ({ value, error } = createEvent(event));
  if (error || !value) throw error ?? new Error('could not build the calendar invitation');
  return {
    filename: 'appointment.ics',
    // The MIME method must match the file's METHOD, or mail clients treat it as a broken invitation.
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: value,
  };
}

/** The email the booking page promises, with the appointment as an .ics attachment, in the customer's language. */
export function bookingConfirmationEmail(
  booking: BookingConfirmation,
  company: { name: string },
): MailMessage {
  const say = textsOf(booking);
  const text = [
    say.hello(booking.clientName),
    '',
    say.booked(booking.employeeName),
    '',
    say.what(whatText(booking)),
    say.when(whenText(booking)),
    booking.pack
      ? say.paidWithPack(booking.pack.name, booking.pack.sessionsLeft)
      : booking.paid
        ? say.paid(formatMoney(booking.paid.amount, booking.paid.currency, say.locale))
        : say.payAtAppointment,
    '',
    say.invitationAttached,
    '',
    say.toManage(booking.manageUrl),
    '',
    say.seeYouSoon,
    company.name || say.ourTeam,
  ].join('\n');
  return {
    to: booking.clientEmail,
    subject: say.bookedSubject(booking.employeeName, longDate(booking), booking.startTime),
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
        /** What is being refunded to their card (null: nothing). */
        refund: { amount: number; currency: string } | null;
        /** Paid with a pack session: whether it went back to the pack. */
        session?: 'returned' | 'kept' | undefined;
        sequence: number;
      },
): MailMessage {
  const say = textsOf(booking);
  const lines =
    change.kind === 'moved'
      ? [
          say.moved(booking.employeeName),
          '',
          say.newTime(whenText(booking)),
          say.was(change.from),
          '',
          say.invitationUpdated,
          '',
          say.toManage(booking.manageUrl),
        ]
      : [
          say.cancelled(booking.employeeName, whenText(booking)),
          '',
          change.session === 'returned'
            ? say.sessionReturned
            : change.session === 'kept'
              ? say.sessionKept
              : change.refund
                ? say.refunding(formatMoney(change.refund.amount, change.refund.currency, say.locale))
                : booking.paid
                  ? say.notRefunded
                  : say.nothingPaid,
        ];
  return {
    to: booking.clientEmail,
    subject:
      change.kind === 'moved'
        ? say.movedSubject(booking.employeeName, longDate(booking), booking.startTime)
        : say.cancelledSubject(booking.employeeName, longDate(booking)),
    text: [say.hello(booking.clientName), '', ...lines, '', company.name || say.ourTeam].join('\n'),
    attachments: [
      calendarFile(booking, company, { sequence: change.sequence, cancelled: change.kind === 'cancelled' }),
    ],
  };
}
