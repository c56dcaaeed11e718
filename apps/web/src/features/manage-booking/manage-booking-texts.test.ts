import { CUSTOMER_TEXTS } from '@chatdesk/contract/customer-texts';
import { MANAGE_BOOKING_MESSAGES } from '@chatdesk/contract/manage-booking-rules';
import { BOOKING_MESSAGES } from '@chatdesk/contract/schedule-rules';
import { describe, expect, it } from 'vitest';
import { pageMessage } from './manage-booking-format';

const { manage, picker } = CUSTOMER_TEXTS.en;

// The spec names no text of this page; these are the English texts it has always shown (and the
// e2e specs look for), kept word for word now that they come from the catalogue.
describe("the manage page's English texts in the catalogue", () => {
  it("are the server's own for its refusals and reasons", () => {
    expect(manage.messages).toEqual(MANAGE_BOOKING_MESSAGES);
    for (const [key, text] of Object.entries(manage.bookingRules))
      expect(text).toBe(BOOKING_MESSAGES[key as keyof typeof BOOKING_MESSAGES]);
  });

  it('word a refusal the server sent in English in the page language, and leave an unknown one as sent', () => {
    expect(pageMessage(BOOKING_MESSAGES.dayFull, CUSTOMER_TEXTS.es)).toBe(
      'Ese día ya no se admiten más reservas de este servicio. Elige otro día.',
    );
    expect(pageMessage(MANAGE_BOOKING_MESSAGES.slotTaken, CUSTOMER_TEXTS.es)).toBe(
      'Alguien acaba de reservar esa hora. Elige otra.',
    );
    expect(pageMessage('Something new', CUSTOMER_TEXTS.es)).toBe('Something new');
  });

  it('are the words the page has always used', () => {
    expect([
      manage.title,
      manage.invalidTitle,
      manage.status.scheduled,
      manage.status.cancelled,
      manage.reschedule,
      manage.cancelAppointment,
      manage.keepAppointment,
      manage.cancelQuestion,
      manage.movedTitle,
      manage.cancelledTitle,
      manage.freeUntilStart,
      manage.nothingToRefund,
      manage.noPayAgain,
      picker.chooseNewTime,
      picker.keepCurrentTime,
      picker.dialogTitle,
      picker.moveAppointment,
      picker.chooseADay,
    ]).toEqual([
      'Your appointment',
      'Booking link not valid',
      'Confirmed',
      'Cancelled',
      'Reschedule',
      'Cancel appointment',
      'Keep appointment',
      'Cancel your appointment?',
      'Your appointment has been moved.',
      'Your appointment has been cancelled.',
      'Free cancellation until your appointment starts.',
      'Nothing was paid online, so there is nothing to refund.',
      'You do not pay again: what you paid stays with the appointment.',
      'Choose a new time',
      'Keep current time',
      'Reschedule',
      'Move appointment',
      'Choose a highlighted day to see its open times.',
    ]);
    expect(manage.movedTo('Monday, November 30, 2026', '10:00 AM')).toBe(
      'It is now on Monday, November 30, 2026 at 10:00 AM.',
    );
    expect(manage.moveQuestion('Mon, Nov 30 at 10:00 AM')).toBe(
      'Move your appointment to Mon, Nov 30 at 10:00 AM?',
    );
    expect(picker.slot('Mon, Nov 30', '10:00 AM')).toBe('Mon, Nov 30 at 10:00 AM');
  });
});
