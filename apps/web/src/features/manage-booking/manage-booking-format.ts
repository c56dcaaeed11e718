// Types only: this page must not load zod (manage-booking-rules.ts holds what it needs at run time).
import type { ManagedBooking } from '@chatdesk/contract/manage-booking';
import { formatHours, formatMinorMoney } from '../../lib/format';
import { browserTimeZone, formatZonedDeadline } from '../../lib/zone-time';

type Money = { amount: number; currency: string };

const money = ({ amount, currency }: Money) => formatMinorMoney(amount, currency);

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
): string | null {
  const { appointment, changesUntil, refundOnCancel, policy, timeZone } = booking;
  const deadline = (iso: string) => formatZonedDeadline(iso, timeZone, visitorZone);
  if (appointment.status !== 'scheduled' || !booking.canCancel) return null;
  const fee = heldFee(booking);
  if (refundOnCancel) {
    if (policy.freeCancellationHours === 0 || !changesUntil) {
      return 'Free cancellation until your appointment starts.';
    }
    return `Free cancellation until ${deadline(changesUntil)}. After that the ${money(refundOnCancel)} fee is not refunded.`;
  }
  if (fee) {
    return `It is less than ${formatHours(policy.freeCancellationHours)} before your appointment: cancelling now does not refund the ${money(fee)} fee.`;
  }
  if (booking.canReschedule && changesUntil && policy.freeCancellationHours > 0) {
    return `You can reschedule until ${deadline(changesUntil)}.`;
  }
  return null;
}

/** What cancelling now does to the customer's money, said before they confirm. */
export function cancelConsequence(booking: ManagedBooking): string {
  if (booking.pack && !booking.pack.returned)
    return booking.pack.backOnCancel
      ? 'The session goes back to your pack.'
      : 'The pack session stays used under the cancellation policy.';
  if (booking.refundOnCancel) return `You will get ${money(booking.refundOnCancel)} back to your card.`;
  const fee = heldFee(booking);
  if (fee) return `The ${money(fee)} fee will not be refunded.`;
  if (booking.payment) return `Your ${money(booking.payment)} fee has already been refunded.`;
  return 'Nothing was paid online, so there is nothing to refund.';
}

/** What became of the money (or the pack session) of a cancelled appointment; null when nothing was paid. */
export function cancelledMoney(booking: ManagedBooking): string | null {
  const { payment, history, pack } = booking;
  if (pack)
    return pack.returned
      ? 'The session went back to your pack.'
      : 'The pack session stays used under the cancellation policy.';
  if (!payment) return null;
  if (payment.refunded) return `${money(payment)} has been refunded to your card.`;
  const last = (kind: string) => history.findLastIndex((event) => event.kind === kind);
  const cancelled = history[last('cancelled')];
  const refundDue = cancelled?.data.refund === 'due';
  if (refundDue && last('refund_failed') > last('cancelled')) {
    return `The refund of ${money(payment)} could not be made automatically. ${booking.companyName} will refund it to you.`;
  }
  if (refundDue) return `Your refund of ${money(payment)} is on its way to your card.`;
  return `The ${money(payment)} fee was not refunded.`;
}

/** "Paid with a pack: 9 of 10 sessions left, valid until Feb 24, 2027." */
export function packFact(pack: NonNullable<ManagedBooking['pack']>, validUntil: string): string {
  return `${pack.name}: ${pack.sessionsLeft} of ${pack.sessionsTotal} ${pack.sessionsTotal === 1 ? 'session' : 'sessions'} left, valid until ${validUntil}${pack.returned ? ' (this session was given back)' : ''}.`;
}
