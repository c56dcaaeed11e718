import { CUSTOMER_TEXTS, type CustomerTexts } from '@chatdesk/contract/customer-texts';
// Types only: this page must not load zod (manage-booking-rules.ts holds what it needs at run time).
import type { AppointmentEvent, ManagedBooking } from '@chatdesk/contract/manage-booking';
import { MANAGE_BOOKING_MESSAGES } from '@chatdesk/contract/manage-booking-rules';
import { BOOKING_MESSAGES } from '@chatdesk/contract/schedule-rules';
import { formatMinorMoney } from '../../lib/format';
import { formatShortDay, formatTime } from '../../lib/wall-clock';
import { browserTimeZone, formatZonedDeadline } from '../../lib/zone-time';

type Money = { amount: number; currency: string };

const English = CUSTOMER_TEXTS.en;

const money = ({ amount, currency }: Money, say: CustomerTexts) =>
  formatMinorMoney(amount, currency, say.locale);

/** The fee that was paid and is still held, if any. */
function heldFee(booking: ManagedBooking): Money | null {
  return booking.payment && !booking.payment.refunded ? booking.payment : null;
}

/**
 * The cancellation policy as it stands for this appointment now, in plain words; null when there
 * is nothing to say (it is over, or nothing was paid and nothing limits a change). Its deadline
 * names the business's zone, and the visitor's clock too when theirs reads otherwise.
 */
export function policySentence(
  booking: ManagedBooking,
  visitorZone: string | null = browserTimeZone(),
  say: CustomerTexts = English,
): string | null {
  const { appointment, changesUntil, refundOnCancel, policy, timeZone } = booking;
  const words = { locale: say.locale, zoneTime: say.manage.zoneTime, yourTime: say.manage.yourTime };
  const deadline = (iso: string) => formatZonedDeadline(iso, timeZone, visitorZone, words);
  if (appointment.status !== 'scheduled' || !booking.canCancel) return null;
  const fee = heldFee(booking);
  if (refundOnCancel) {
    if (policy.freeCancellationHours === 0 || !changesUntil) return say.manage.freeUntilStart;
    return say.manage.freeUntil(deadline(changesUntil), money(refundOnCancel, say));
  }
  if (fee)
    return say.manage.tooLateForRefund(say.manage.hours(policy.freeCancellationHours), money(fee, say));
  if (booking.canReschedule && changesUntil && policy.freeCancellationHours > 0) {
    return say.manage.rescheduleUntil(deadline(changesUntil));
  }
  return null;
}

/** What cancelling now does to the customer's money, said before they confirm. */
export function cancelConsequence(booking: ManagedBooking, say: CustomerTexts = English): string {
  if (booking.pack && !booking.pack.returned)
    return booking.pack.backOnCancel ? say.manage.sessionBack : say.manage.sessionStaysUsed;
  if (booking.refundOnCancel) return say.manage.refundToCard(money(booking.refundOnCancel, say));
  const fee = heldFee(booking);
  if (fee) return say.manage.feeNotRefunded(money(fee, say));
  if (booking.payment) return say.manage.alreadyRefunded(money(booking.payment, say));
  return say.manage.nothingToRefund;
}

/** What became of the money (or the pack session) of a cancelled appointment; null when nothing was paid. */
export function cancelledMoney(booking: ManagedBooking, say: CustomerTexts = English): string | null {
  const { payment, history, pack } = booking;
  if (pack) return pack.returned ? say.manage.sessionWentBack : say.manage.sessionStaysUsed;
  if (!payment) return null;
  if (payment.refunded) return say.manage.refundedToCard(money(payment, say));
  const last = (kind: string) => history.findLastIndex((event) => event.kind === kind);
  const cancelled = history[last('cancelled')];
  const refundDue = cancelled?.data.refund === 'due';
  if (refundDue && last('refund_failed') > last('cancelled')) {
    return say.manage.refundByHand(money(payment, say), booking.companyName);
  }
  if (refundDue) return say.manage.refundOnItsWay(money(payment, say));
  return say.manage.feeWasNotRefunded(money(payment, say));
}

/** "Paid with a pack: 9 of 10 sessions left, valid until Feb 24, 2027." */
export function packFact(
  pack: NonNullable<ManagedBooking['pack']>,
  validUntil: string,
  say: CustomerTexts = English,
): string {
  return say.manage.packFact(pack.name, pack.sessionsLeft, pack.sessionsTotal, validUntil, pack.returned);
}

/**
 * A server's refusal or reason (MANAGE_BOOKING_MESSAGES, or a booking rule's refusal of a move,
 * in English on the wire) in the page's language; a message the catalogue does not know is shown
 * as the server wrote it.
 */
export function pageMessage(message: string, say: CustomerTexts = English): string {
  const page = (Object.keys(MANAGE_BOOKING_MESSAGES) as Array<keyof typeof MANAGE_BOOKING_MESSAGES>).find(
    (name) => MANAGE_BOOKING_MESSAGES[name] === message,
  );
  if (page) return say.manage.messages[page];
  const rule = (
    Object.keys(say.manage.bookingRules) as Array<keyof CustomerTexts['manage']['bookingRules']>
  ).find((name) => BOOKING_MESSAGES[name] === message);
  return rule ? say.manage.bookingRules[rule] : message;
}

/** One line of the appointment's history as its customer reads it: "Booked", "Moved from … to … by Acme". */
export function historyLine(event: AppointmentEvent, business: string, say: CustomerTexts = English): string {
  const words = say.manage.events;
  const by = {
    customer: words.byYou,
    staff: words.byBusiness(business),
    assistant: words.inTheChat,
    system: '',
  }[event.actor];
  const text = (key: string) => {
    const value = event.data[key];
    return typeof value === 'string' ? value : null;
  };
  const amount = () => {
    const currency = text('currency');
    return typeof event.data.amount === 'number' && currency
      ? formatMinorMoney(event.data.amount, currency, say.locale)
      : words.theFee;
  };
  const slot = (prefix: 'from' | 'to') => {
    const date = text(`${prefix}Date`);
    const time = text(`${prefix}Time`);
    return date && time
      ? say.picker.slot(formatShortDay(date, say.locale), formatTime(time, say.locale))
      : null;
  };
  switch (event.kind) {
    case 'booked':
      return words.booked;
    case 'rescheduled':
      // The customer reads their own move without "by you": the line is already theirs.
      return words.moved(slot('from'), slot('to'), event.actor === 'customer' ? '' : by);
    case 'cancelled':
      return words.cancelled(by);
    case 'refunded':
      return words.refunded(amount());
    case 'refund_failed':
      return words.refundFailed(amount());
    case 'follow_up_sent':
      return words.followUp;
    case 'status_changed':
      switch (text('status')) {
        case 'cancelled':
          return words.cancelled(by);
        case 'completed':
          return words.completed;
        case 'no-show':
          return words.missed;
        case 'scheduled':
          return words.bookedAgain(by);
        default:
          return words.statusChanged;
      }
  }
}
