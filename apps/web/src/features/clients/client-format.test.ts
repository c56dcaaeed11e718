import type { Client } from '@chatdesk/contract/clients';
import { describe, expect, it } from 'vitest';
import { listValuesFrom } from '../../components/list-filters';
import { formatMinorMoney } from '../../lib/format';
import {
  emptyClientValues,
  formatAddress,
  formatAppointmentDate,
  formatAppointmentTimes,
  STATUS_FILTER_OPTIONS,
  toApiFilters,
  toClientFormValues,
  toClientRequest,
  toPaymentRequest,
} from './client-format';

const client: Client = {
  id: 'c1',
  name: 'Ana García',
  phone: '+34612345678',
  email: null,
  status: 'active',
  source: 'referral',
  assignedEmployee: { id: 'e1', name: 'Carlos Ruiz' },
  address: { city: 'Madrid', country: 'Spain' },
  notes: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
  chatId: null,
};

describe('payment amounts', () => {
  it('divides minor units by 100 and shows the currency symbol', () => {
    expect(formatMinorMoney(1250, 'eur')).toBe('€12.50');
    expect(formatMinorMoney(999, 'usd')).toBe('$9.99');
    expect(formatMinorMoney(100000, 'gbp')).toBe('£1,000.00');
    expect(formatMinorMoney(1000, null)).toBe('$10.00');
  });

  it('sends a typed payment in major units with trimmed text', () => {
    expect(
      toPaymentRequest({ amount: 12.5, currency: 'eur', paymentMethod: ' cash ', description: '' }),
    ).toEqual({ amount: 12.5, currency: 'eur', paymentMethod: 'cash', description: '' });
  });
});

describe('client form', () => {
  it('starts a new client as a WhatsApp lead with nobody assigned', () => {
    const values = emptyClientValues();
    expect(values.status).toBe('lead');
    expect(values.source).toBe('whatsapp');
    expect(toClientRequest(values).assignedEmployeeId).toBeNull();
  });

  it('round-trips a client, sending blanks for missing fields and trimming text', () => {
    const values = toClientFormValues(client);
    expect(values.email).toBe('');
    expect(values.assignedEmployeeId).toBe('e1');
    values.name = '  Ana García López ';
    values.address.street = ' Calle Mayor 1 ';
    expect(toClientRequest(values)).toEqual({
      name: 'Ana García López',
      phone: '+34612345678',
      email: '',
      status: 'active',
      source: 'referral',
      assignedEmployeeId: 'e1',
      address: { street: 'Calle Mayor 1', city: 'Madrid', state: '', zipCode: '', country: 'Spain' },
      notes: '',
    });
  });

  it('unassigns when the employee is cleared', () => {
    expect(
      toClientRequest({ ...toClientFormValues(client), assignedEmployeeId: null }).assignedEmployeeId,
    ).toBeNull();
  });
});

describe('display helpers', () => {
  it('joins the address parts that exist', () => {
    expect(
      formatAddress({ street: 'Calle Mayor 1', zipCode: '28001', city: 'Madrid', country: 'Spain' }),
    ).toBe('Calle Mayor 1, 28001 Madrid, Spain');
    expect(formatAddress({})).toBe('');
  });

  it('shows appointment days and times as wall-clock values', () => {
    expect(formatAppointmentDate('2026-11-23')).toBe('Mon, Nov 23, 2026');
    expect(formatAppointmentTimes('09:00', '09:30')).toBe('9:00 AM - 9:30 AM');
    expect(formatAppointmentTimes('17:30', '18:00')).toBe('5:30 PM - 6:00 PM');
  });

  it('reads search and a known status from the URL', () => {
    expect(
      toApiFilters(listValuesFrom(new URLSearchParams('search=ana&status=former'), STATUS_FILTER_OPTIONS)),
    ).toEqual({
      search: 'ana',
      status: 'former',
    });
    expect(listValuesFrom(new URLSearchParams('status=nope'), STATUS_FILTER_OPTIONS).status).toBe('all');
  });
});
