import type { PageTexts } from '@chatdesk/contract/page-texts';
import { formatZonedInstant } from '../../lib/zone-time';
import { feeLabel } from './booking-format';

export type BookingPolicyInput = {
  /** The slot's start and the moment the visitor reads the text, in epoch milliseconds. */
  startsAt: number;
  now: number;
  /** Company Settings' policy, as the public schedule gives it. */
  freeCancellationHours: number;
  fee: { amount: number; currency: string };
  businessZone: string;
  /** The browser's zone, or null when it cannot tell. */
  visitorZone: string | null;
  /** The page's language: its words and the locale its deadline is written in. */
  say: PageTexts;
};

/**
 * What booking this slot commits the visitor to, said before they pay. The server's rule
 * (manage-booking/policy.ts): cancelling refunds the fee, and moving is allowed, until
 * `freeCancellationHours` before the start; a slot already past that deadline gets neither.
 * The deadline is on the visitor's own clock, named when it is not the business's. A free service
 * has no fee: only the move has a deadline.
 */
export function bookingPolicyText(input: BookingPolicyInput): string {
  const { startsAt, now, freeCancellationHours: hours, businessZone, visitorZone, say } = input;
  const texts = say.booking.policy;
  const fee = feeLabel(input.fee.amount, input.fee.currency);
  if (hours <= 0) return texts.untilStart;
  const deadline = startsAt - hours * 3_600_000;
  // A free service has no fee to keep: cancelling is free until it starts, only moving has a deadline.
  const free = input.fee.amount === 0;
  if (now > deadline) {
    return free ? texts.lateFree(texts.hours(hours)) : texts.late(texts.hours(hours), fee);
  }
  const iso = new Date(deadline).toISOString();
  const theirs = formatZonedInstant(iso, visitorZone ?? businessZone, say.locale);
  const ours = formatZonedInstant(iso, businessZone, say.locale);
  const until = `${theirs}${visitorZone !== null && theirs !== ours ? texts.yourTime : ''}`;
  return free ? texts.movableUntil(until) : texts.freeUntil(until, fee);
}
