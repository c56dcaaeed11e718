import type { Employee } from '@chatdesk/contract/employees';
import { describe, expect, it } from 'vitest';
import {
  commitLocationDraft,
  emptyEmployeeValues,
  isRangeInvalid,
  shouldCommitOnBlur,
  toFormValues,
  toRequest,
} from './employee-form';

const employee: Employee = {
  id: 'e1',
  name: 'Carlos Ruiz',
  email: 'carlos@example.com',
  username: 'carlos',
  isActive: true,
  takesBookings: false,
  role: 'Strength coach',
  title: 'Personal Trainer',
  locations: ['Madrid'],
  availability: { monday: [['09:00', '13:00']] },
};

describe('location tags', () => {
  it('splits comma-separated text into trimmed tags and clears the box', () => {
    expect(commitLocationDraft([], ' Madrid ,  Online,')).toEqual({
      locations: ['Madrid', 'Online'],
      draft: '',
    });
  });

  it('merges without duplicates, ignoring case, and keeps the first spelling', () => {
    expect(commitLocationDraft(['Madrid'], 'madrid, Sevilla, SEVILLA').locations).toEqual([
      'Madrid',
      'Sevilla',
    ]);
  });

  it('drops text that holds only commas and spaces', () => {
    expect(commitLocationDraft(['Madrid'], ' , ,')).toEqual({ locations: ['Madrid'], draft: '' });
  });

  it('takes the text in on blur only when it contains a comma', () => {
    expect(shouldCommitOnBlur('Madrid')).toBe(false);
    expect(shouldCommitOnBlur('Madrid,')).toBe(true);
  });
});

describe('availability ranges', () => {
  it('flags a range whose end is not after its start', () => {
    expect(isRangeInvalid(['09:00', '19:00'])).toBe(false);
    expect(isRangeInvalid(['10:00', '10:00'])).toBe(true);
    expect(isRangeInvalid(['18:00', '09:30'])).toBe(true);
  });
});

describe('employee request', () => {
  it('sends only the days that have ranges, and includes location text still being typed', () => {
    const values = { ...toFormValues(employee), locationDraft: 'Online' };
    values.availability.friday = [['10:00', '10:00']];
    const body = toRequest(values);
    expect(body.availability).toEqual({ monday: [['09:00', '13:00']], friday: [['10:00', '10:00']] });
    expect(body.locations).toEqual(['Madrid', 'Online']);
    expect(body.password).toBe('');
  });

  it('starts a new employee active, taking bookings, with no locations and an empty week', () => {
    const values = emptyEmployeeValues();
    expect(values.isActive).toBe(true);
    expect(values.takesBookings).toBe(true);
    expect(toRequest(values).availability).toEqual({});
  });

  it('keeps an employee who takes no bookings that way', () => {
    const values = toFormValues(employee);
    expect(values.takesBookings).toBe(false);
    expect(toRequest(values).takesBookings).toBe(false);
  });
});
