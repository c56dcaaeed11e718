import type { Employee } from '@chatdesk/contract/employees';
import { describe, expect, it } from 'vitest';
import {
  bookableProfessionals,
  effectivePayment,
  emptyNewAppointment,
  serviceOptionLabel,
  toCreateRequest,
  validateNewAppointment,
} from './new-appointment';

const person = (overrides: Partial<Employee>) =>
  ({ isActive: true, takesBookings: true, ...overrides }) as Employee;

describe('new appointment', () => {
  it('offers only active professionals who take bookings, by name', () => {
    const team = [
      person({ id: 'z', name: 'Zoe' }),
      person({ id: 'off', name: 'Ana', isActive: false }),
      person({ id: 'desk', name: 'Bea', takesBookings: false }),
      person({ id: 'c', name: 'Carla' }),
    ];
    expect(bookableProfessionals(team).map((employee) => employee.id)).toEqual(['c', 'z']);
  });

  it('names a service with its length and price', () => {
    const colour = {
      id: 's',
      name: 'Colour',
      description: '',
      durationMinutes: 90,
      price: { amount: 4500, currency: 'eur' },
      seats: null,
    };
    expect(serviceOptionLabel(colour)).toBe('Colour · 1 h 30 min · €45.00');
    expect(serviceOptionLabel({ ...colour, price: { amount: 0, currency: 'eur' } })).toBe(
      'Colour · 1 h 30 min · Free',
    );
  });

  it('says what is missing beside each field', () => {
    expect(validateNewAppointment(emptyNewAppointment())).toEqual({
      clientId: 'Choose a client',
      employeeId: 'Choose a professional',
      serviceId: 'Choose a service',
      slot: 'Choose a day and an open time',
    });
    expect(Object.keys(validateNewAppointment(emptyNewAppointment('client-1')))).not.toContain('clientId');
  });

  it('sends the chosen time, the payment and trimmed notes, and no empty notes', () => {
    const values = {
      ...emptyNewAppointment('c1'),
      employeeId: 'e1',
      serviceId: 's1',
      slot: { date: '2026-12-01', time: '10:30' },
      payment: 'desk' as const,
      notes: '  allergic to ammonia ',
    };
    expect(toCreateRequest(values)).toEqual({
      clientId: 'c1',
      employeeId: 'e1',
      serviceId: 's1',
      date: '2026-12-01',
      timeSlot: '10:30',
      payment: 'desk',
      notes: 'allergic to ammonia',
    });
    expect(toCreateRequest({ ...values, notes: '   ' })).not.toHaveProperty('notes');
  });

  it('books with a pack session by default when the client has one, unless staff chose otherwise', () => {
    expect(effectivePayment('none', false, 3)).toBe('pack');
    expect(effectivePayment('none', false, 0)).toBe('none');
    expect(effectivePayment('desk', true, 3)).toBe('desk');
    expect(effectivePayment('pack', true, 3)).toBe('pack');
    // Chosen for another client or service that had sessions: none left here, so not paid yet.
    expect(effectivePayment('pack', true, 0)).toBe('none');
  });
});
