import { createEvent } from 'ics';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
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

/** The email the booking page promises, with the appointment as an .ics attachment. */
export function bookingConfirmationEmail(
  booking: BookingConfirmation,
  company: { name: string; publicUrl: string },
): MailMessage {
  const businessName = company.name || 'our team';
  const when = `${longDate(booking)}, ${booking.startTime}–${booking.endTime} (${booking.timeZone})`;
  const { value, error } = createEvent({
    uid: `${booking.appointmentId}@chatdesk`,
    title: `Appointment with ${booking.employeeName}`,
    description: `30-minute appointment with ${booking.employeeName}${company.name ? ` at ${company.name}` : ''}.`,
    start: utcParts(booking.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcParts(booking.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: 'CONFIRMED',
    // No ORGANIZER: it needs an address to write to, and the business has none here. Without one the
    // file is a published event (METHOD:PUBLISH), not a meeting request the customer could answer.
    attendees: [{ name: booking.clientName, email: booking.clientEmail, rsvp: false }],
    url: company.publicUrl,
    productId: 'chatdesk/booking',
    method: 'PUBLISH',
  });
  if (error || !value) throw error ?? new Error('could not build the calendar invitation');
  const text = [
    `Hello ${booking.clientName},`,
    '',
    `Your appointment with ${booking.employeeName} is booked.`,
    '',
    `When: ${when}`,
    'Fee paid: €10.00',
    '',
    'The invitation is attached: open it to add the appointment to your calendar.',
    '',
    `See you soon,`,
    businessName,
  ].join('\n');
  return {
    to: booking.clientEmail,
    subject: `Your appointment with ${booking.employeeName} on ${longDate(booking)} at ${booking.startTime}`,
    text,
    attachments: [
      {
        filename: 'appointment.ics',
        // The MIME method must match the file's METHOD, or mail clients treat it as a broken invitation.
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: value,
      },
    ],
  };
}
