import { BOOKING_MESSAGES } from '@chatdesk/contract/schedule';
import { describe, expect, it } from 'vitest';
import {
  type BookingAction,
  type BookingState,
  bookingReducer,
  initBookingState,
  initialBookingState,
} from './booking-state';

const slot = { date: '2026-11-24', time: '09:00' };
const appointment = {
  id: 'a1',
  date: slot.date,
  startTime: '09:00',
  endTime: '09:30',
  timeZone: 'Europe/Madrid',
  employeeName: 'Carlos Ruiz',
  serviceName: 'Appointment',
};

function run(...actions: BookingAction[]): BookingState {
  return actions.reduce(bookingReducer, initialBookingState);
}

const fill: BookingAction[] = [
  { type: 'changeField', field: 'name', value: 'Ana' },
  { type: 'changeField', field: 'email', value: 'ana@example.com' },
  { type: 'changeField', field: 'phone', value: '600111222' },
];

describe('booking flow', () => {
  it('asks for every detail before the payment step', () => {
    const state = run({ type: 'selectSlot', slot }, { type: 'submitDetails' });
    expect(state.step).toBe('details');
    expect(state.errors).toEqual({
      name: BOOKING_MESSAGES.nameRequired,
      email: BOOKING_MESSAGES.emailRequired,
      phone: BOOKING_MESSAGES.phoneRequired,
    });
  });

  it('clears the error of a field once it is edited', () => {
    const state = run(
      { type: 'selectSlot', slot },
      { type: 'submitDetails' },
      { type: 'changeField', field: 'email', value: 'not-an-email' },
    );
    expect(state.errors.email).toBeUndefined();
    expect(state.errors.name).toBe(BOOKING_MESSAGES.nameRequired);
    expect(
      run(
        { type: 'selectSlot', slot },
        ...fill.slice(0, 1),
        { type: 'changeField', field: 'email', value: 'x' },
        fill[2]!,
        { type: 'submitDetails' },
      ).errors,
    ).toEqual({
      email: BOOKING_MESSAGES.emailInvalid,
    });
  });

  it('goes to payment with valid details and back to the form keeping them', () => {
    const paying = run({ type: 'selectSlot', slot }, ...fill, { type: 'submitDetails' });
    expect(paying.step).toBe('payment');
    const back = bookingReducer(paying, { type: 'backToForm' });
    expect(back.step).toBe('details');
    expect(back.values).toEqual({ name: 'Ana', email: 'ana@example.com', phone: '600111222' });
  });

  it('shows a failure and lets another slot start over with the same details', () => {
    const failed = run(
      { type: 'selectSlot', slot },
      ...fill,
      { type: 'submitDetails' },
      {
        type: 'failed',
        message: BOOKING_MESSAGES.slotTaken,
      },
    );
    expect(failed.result).toEqual({ kind: 'error', message: BOOKING_MESSAGES.slotTaken });
    expect(failed.step).toBe('payment');

    const other = bookingReducer(failed, { type: 'selectSlot', slot: { ...slot, time: '09:30' } });
    expect(other.result).toBeNull();
    expect(other.step).toBe('details');
    expect(other.values.name).toBe('Ana');
  });

  it('clears the form and locks everything after a booking', () => {
    const booked = run(
      { type: 'selectSlot', slot },
      ...fill,
      { type: 'submitDetails' },
      {
        type: 'booked',
        appointment,
      },
    );
    expect(booked.locked).toBe(true);
    expect(booked.values).toEqual({ name: '', email: '', phone: '' });
    expect(booked.result).toEqual({ kind: 'success', appointment });
    expect(bookingReducer(booked, { type: 'selectSlot', slot: { ...slot, time: '10:00' } })).toBe(booked);
    expect(bookingReducer(booked, { type: 'selectDate', date: '2026-11-25' })).toBe(booked);
  });

  it('picking another day hides the chosen slot', () => {
    const state = run({ type: 'selectSlot', slot }, { type: 'selectDate', date: '2026-11-25' });
    expect(state.slot).toBeNull();
    expect(state.date).toBe('2026-11-25');
  });
});

describe('booking flow with services', () => {
  it("opens on the service of the page's link, or on none yet", () => {
    expect(initBookingState('colour').serviceId).toBe('colour');
    expect(initBookingState(null)).toEqual(initialBookingState);
  });

  it('starts over with the same details when another service is chosen', () => {
    const paying = run(
      { type: 'selectService', serviceId: 'cut' },
      { type: 'selectSlot', slot },
      ...fill,
      { type: 'submitDetails' },
      { type: 'failed', message: BOOKING_MESSAGES.dayFull },
    );
    expect(paying).toMatchObject({ serviceId: 'cut', step: 'payment' });

    const other = bookingReducer(paying, { type: 'selectService', serviceId: 'colour' });
    expect(other).toMatchObject({
      serviceId: 'colour',
      date: null,
      slot: null,
      step: 'details',
      result: null,
    });
    expect(other.values).toEqual({ name: 'Ana', email: 'ana@example.com', phone: '600111222' });
  });

  it('keeps everything when the same service is chosen again', () => {
    const chosen = run({ type: 'selectService', serviceId: 'cut' }, { type: 'selectSlot', slot });
    expect(bookingReducer(chosen, { type: 'selectService', serviceId: 'cut' })).toBe(chosen);
  });

  it('goes back to the list of services, forgetting the slot', () => {
    const back = run(
      { type: 'selectService', serviceId: 'cut' },
      { type: 'selectSlot', slot },
      { type: 'selectService', serviceId: null },
    );
    expect(back).toMatchObject({ serviceId: null, slot: null, date: null });
  });

  it('keeps the booked service once booked, whatever is chosen after', () => {
    const booked = run(
      { type: 'selectService', serviceId: 'colour' },
      { type: 'selectSlot', slot },
      ...fill,
      { type: 'submitDetails' },
      { type: 'booked', appointment: { ...appointment, serviceName: 'Colour' } },
    );
    expect(bookingReducer(booked, { type: 'selectService', serviceId: 'cut' })).toBe(booked);
    expect(bookingReducer(booked, { type: 'selectService', serviceId: null })).toBe(booked);
  });
});
