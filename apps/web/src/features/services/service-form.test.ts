import { SERVICE_MESSAGES, type Service } from '@chatdesk/contract/services';
import { describe, expect, it } from 'vitest';
import {
  BUFFER_OPTIONS,
  DURATION_OPTIONS,
  emptyServiceValues,
  fieldOfRefusal,
  noticeInUnits,
  parsePrice,
  priceInputOf,
  toFormValues,
  toRequest,
  validateServiceValues,
} from './service-form';

const colour: Service = {
  id: 's2',
  name: 'Colour',
  description: 'Full colour with a wash',
  durationMinutes: 90,
  priceAmount: 5550,
  currency: 'eur',
  bufferBeforeMinutes: 5,
  bufferAfterMinutes: 10,
  minNoticeMinutes: 1440,
  horizonDays: 30,
  dailyCap: 3,
  seats: 6,
  isDefault: false,
  archivedAt: null,
  employeeIds: ['e1', 'e2'],
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
};

describe('the price box', () => {
  it('reads a price in the currency as cents, with a point or a comma', () => {
    expect(parsePrice('55')).toBe(5500);
    expect(parsePrice(' 12.5 ')).toBe(1250);
    expect(parsePrice('9,99')).toBe(999);
    expect(parsePrice('0')).toBe(0);
    expect(parsePrice('0.05')).toBe(5);
  });

  it('counts on the digits, never through a float', () => {
    // 0.29 * 100 is 28.999999999999996 in floating point.
    expect(parsePrice('0.29')).toBe(29);
    expect(parsePrice('1.15')).toBe(115);
    expect(parsePrice('4.35')).toBe(435);
  });

  it('refuses what is not a plain amount with at most two decimals', () => {
    for (const text of ['', ' ', 'abc', '-5', '1.234', '1,000.00', '€5', '5.', '.5', '1e3']) {
      expect(parsePrice(text), text).toBeNull();
    }
  });

  it('shows cents back as they would be typed', () => {
    expect(priceInputOf(5500)).toBe('55');
    expect(priceInputOf(1250)).toBe('12.50');
    expect(priceInputOf(5)).toBe('0.05');
    expect(parsePrice(priceInputOf(5550))).toBe(5550);
  });
});

describe('the minimum notice', () => {
  it('is shown in the largest unit that says it exactly', () => {
    expect(noticeInUnits(0)).toEqual({ notice: 0, noticeUnit: 'hours' });
    expect(noticeInUnits(2880)).toEqual({ notice: 2, noticeUnit: 'days' });
    expect(noticeInUnits(120)).toEqual({ notice: 2, noticeUnit: 'hours' });
    expect(noticeInUnits(90)).toEqual({ notice: 90, noticeUnit: 'minutes' });
  });

  it('is sent in minutes whatever the unit', () => {
    const values = emptyServiceValues();
    expect(toRequest({ ...values, notice: 3, noticeUnit: 'hours' }).minNoticeMinutes).toBe(180);
    expect(toRequest({ ...values, notice: 2, noticeUnit: 'days' }).minNoticeMinutes).toBe(2880);
    expect(toRequest({ ...values, notice: 45, noticeUnit: 'minutes' }).minNoticeMinutes).toBe(45);
  });
});

describe('the service form', () => {
  it('offers lengths and buffers in 5-minute steps, written as a day is planned', () => {
    expect(DURATION_OPTIONS[0]).toEqual({ value: '5', label: '5 min' });
    expect(DURATION_OPTIONS.find((option) => option.value === '90')?.label).toBe('1 h 30 min');
    expect(DURATION_OPTIONS.at(-1)).toEqual({ value: '480', label: '8 h' });
    expect(BUFFER_OPTIONS[0]).toEqual({ value: '0', label: 'None' });
    expect(BUFFER_OPTIONS.every((option) => Number(option.value) % 5 === 0)).toBe(true);
  });

  it('turns a service into the form and back into the same request', () => {
    const values = toFormValues(colour);
    expect(values).toMatchObject({ price: '55.50', notice: 1, noticeUnit: 'days', dailyCap: 3 });
    expect(toRequest(values)).toEqual({
      name: 'Colour',
      description: 'Full colour with a wash',
      durationMinutes: 90,
      priceAmount: 5550,
      currency: 'eur',
      bufferBeforeMinutes: 5,
      bufferAfterMinutes: 10,
      minNoticeMinutes: 1440,
      horizonDays: 30,
      dailyCap: 3,
      seats: 6,
      employeeIds: ['e1', 'e2'],
    });
  });

  it('sends empty seats as one client at a time', () => {
    expect(toRequest({ ...toFormValues(colour), seats: '' }).seats).toBeNull();
  });

  it('sends an empty daily limit as no limit', () => {
    expect(toRequest({ ...toFormValues(colour), dailyCap: '' }).dailyCap).toBeNull();
  });

  it("says the contract's messages beside the fields the user typed", () => {
    const errors = validateServiceValues({
      ...emptyServiceValues(),
      name: ' ',
      price: '12.345',
      horizonDays: '',
      dailyCap: 0,
    });
    expect(errors).toEqual({
      name: SERVICE_MESSAGES.nameRequired,
      price: SERVICE_MESSAGES.priceInvalid,
      horizonDays: SERVICE_MESSAGES.horizonInvalid,
      dailyCap: SERVICE_MESSAGES.dailyCapInvalid,
    });
    expect(validateServiceValues({ ...emptyServiceValues(), name: 'Cut', price: '25' })).toEqual({});
  });

  it("puts the server's refusal beside the field it names", () => {
    expect(fieldOfRefusal(`priceAmount: ${SERVICE_MESSAGES.priceTooHigh}`)).toEqual({
      field: 'price',
      message: SERVICE_MESSAGES.priceTooHigh,
    });
    expect(fieldOfRefusal(`employeeIds.0: ${SERVICE_MESSAGES.employeesInvalid}`)).toEqual({
      field: 'employeeIds',
      message: SERVICE_MESSAGES.employeesInvalid,
    });
    expect(fieldOfRefusal(SERVICE_MESSAGES.defaultArchived)).toBeNull();
  });
});
