import { MANAGE_BOOKING_MESSAGES } from '@chatdesk/contract/manage-booking';
import { describe, expect, it } from 'vitest';
import { changeTerms, type PolicyInput } from './policy.ts';

const startsAt = new Date('2026-11-26T16:00:00Z');
const paid: PolicyInput = {
  status: 'scheduled',
  startsAt,
  payment: { amount: 1000, currency: 'eur', refunded: false },
  employeeBookable: true,
};
const policy = { freeCancellationHours: 24 };
const hoursBefore = (hours: number) => new Date(startsAt.getTime() - hours * 3_600_000);

describe('the cancellation policy', () => {
  it('refunds and allows moving until the deadline, inclusive', () => {
    const terms = changeTerms(paid, policy, hoursBefore(24));
    expect(terms).toEqual({
      changesUntil: hoursBefore(24),
      canCancel: true,
      refundOnCancel: { amount: 1000, currency: 'eur' },
      sessionBackOnCancel: false,
      canReschedule: true,
      reason: null,
    });
  });

  it('gives a pack session back on the same terms as a fee: in time yes, late or after the start no', () => {
    const withPack: PolicyInput = { ...paid, payment: null, packSession: true };
    expect(changeTerms(withPack, policy, hoursBefore(24)).sessionBackOnCancel).toBe(true);
    expect(changeTerms(withPack, policy, new Date(hoursBefore(24).getTime() + 1)).sessionBackOnCancel).toBe(
      false,
    );
    expect(changeTerms(withPack, policy, startsAt).sessionBackOnCancel).toBe(false);
    expect(
      changeTerms({ ...withPack, packSession: false }, policy, hoursBefore(48)).sessionBackOnCancel,
    ).toBe(false);
  });

  it('after the deadline, cancelling is still possible without a refund, and moving is not', () => {
    const terms = changeTerms(paid, policy, new Date(hoursBefore(24).getTime() + 1));
    expect(terms.canCancel).toBe(true);
    expect(terms.refundOnCancel).toBeNull();
    expect(terms.canReschedule).toBe(false);
    expect(terms.reason).toBe(MANAGE_BOOKING_MESSAGES.tooLateToReschedule);
  });

  it('with 0 hours, refunds until the appointment starts', () => {
    expect(changeTerms(paid, { freeCancellationHours: 0 }, hoursBefore(0.01)).refundOnCancel).not.toBeNull();
  });

  it('closes every change once it has started, and for cancelled or completed ones', () => {
    expect(changeTerms(paid, policy, startsAt)).toMatchObject({
      canCancel: false,
      reason: MANAGE_BOOKING_MESSAGES.past,
    });
    expect(changeTerms({ ...paid, status: 'cancelled' }, policy, hoursBefore(48))).toMatchObject({
      canCancel: false,
      canReschedule: false,
      reason: MANAGE_BOOKING_MESSAGES.cancelled,
    });
    expect(changeTerms({ ...paid, status: 'no-show' }, policy, hoursBefore(48)).canCancel).toBe(false);
  });

  it('refunds nothing when nothing was paid or it was refunded already', () => {
    expect(changeTerms({ ...paid, payment: null }, policy, hoursBefore(48)).refundOnCancel).toBeNull();
    const refunded = { ...paid, payment: { amount: 1000, currency: 'eur', refunded: true } };
    expect(changeTerms(refunded, policy, hoursBefore(48)).refundOnCancel).toBeNull();
  });

  it('does not move an appointment whose employee no longer takes bookings', () => {
    const terms = changeTerms({ ...paid, employeeBookable: false }, policy, hoursBefore(48));
    expect(terms).toMatchObject({
      canCancel: true,
      canReschedule: false,
      reason: MANAGE_BOOKING_MESSAGES.employeeUnavailable,
    });
  });
});
