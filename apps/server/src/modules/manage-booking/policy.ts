import { MANAGE_BOOKING_MESSAGES, type RefundTerms } from '@chatdesk/contract/manage-booking';

export type PolicyInput = {
  status: 'scheduled' | 'completed' | 'cancelled' | 'no-show';
  startsAt: Date;
  /** What was paid online for it, and whether it was given back already. */
  payment: { amount: number; currency: string; refunded: boolean } | null;
  /** Whether its employee still takes bookings (moving needs their calendar). */
  employeeBookable: boolean;
  /** Whether a session of a pack paid for it and has not been given back. */
  packSession?: boolean;
};

export type ChangeTerms = {
  /** Cancelling until then refunds the fee; moving is allowed until then. */
  changesUntil: Date;
  canCancel: boolean;
  refundOnCancel: RefundTerms;
  /** Cancelling now gives the pack session back (in time, as a fee would be refunded). */
  sessionBackOnCancel: boolean;
  canReschedule: boolean;
  /** Why something is not possible, in the customer's words. */
  reason: string | null;
};

/**
 * What a customer may do with an appointment at `now` under the business's policy. One rule for
 * the manage page and the assistant: cancelling is possible until the appointment starts, and
 * refunds the fee only until `freeCancellationHours` before it; moving is allowed until then too,
 * since a late move followed by a free cancellation would get round the policy. A pack session
 * is a prepaid fee: it comes back on the same terms, and a late cancel or a no-show keeps it used.
 */
export function changeTerms(
  appointment: PolicyInput,
  policy: { freeCancellationHours: number },
  now: Date,
): ChangeTerms {
  const changesUntil = new Date(appointment.startsAt.getTime() - policy.freeCancellationHours * 3_600_000);
  const closed = (reason: string): ChangeTerms => ({
    changesUntil,
    canCancel: false,
    refundOnCancel: null,
    sessionBackOnCancel: false,
    canReschedule: false,
    reason,
  });
  if (appointment.status === 'cancelled') return closed(MANAGE_BOOKING_MESSAGES.cancelled);
  if (appointment.status !== 'scheduled') return closed(MANAGE_BOOKING_MESSAGES.notScheduled);
  if (appointment.startsAt <= now) return closed(MANAGE_BOOKING_MESSAGES.past);
  const inTime = now <= changesUntil;
  const { payment } = appointment;
  const refundOnCancel =
    inTime && payment && !payment.refunded ? { amount: payment.amount, currency: payment.currency } : null;
  const reason = !inTime
    ? MANAGE_BOOKING_MESSAGES.tooLateToReschedule
    : appointment.employeeBookable
      ? null
      : MANAGE_BOOKING_MESSAGES.employeeUnavailable;
  return {
    changesUntil,
    canCancel: true,
    refundOnCancel,
    sessionBackOnCancel: inTime && Boolean(appointment.packSession),
    canReschedule: reason === null,
    reason,
  };
}
