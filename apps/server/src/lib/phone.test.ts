import { describe, expect, it } from 'vitest';
import { internationalDigits, internationalPhone, splitPhone } from './phone.ts';

describe('phone numbers', () => {
  it('splits the country prefix from the number', () => {
    expect(splitPhone('34612345678')).toEqual({ prefix: '34', phone: '612345678' });
    expect(splitPhone('+44 7700 900123')).toEqual({ prefix: '44', phone: '7700900123' });
    expect(splitPhone('15551234567')).toEqual({ prefix: '1', phone: '5551234567' });
    expect(splitPhone('4915123456789')).toEqual({ prefix: '49', phone: '15123456789' });
  });

  it('keeps unknown shapes whole', () => {
    expect(splitPhone('999')).toEqual({ prefix: '', phone: '999' });
  });

  it('joins them back for the API', () => {
    expect(internationalDigits('34', '612 345 678')).toBe('34612345678');
  });
});

describe('internationalPhone', () => {
  it('takes a valid number written with its country code', () => {
    expect(internationalPhone('+34 600 123 456')).toEqual({ prefix: '34', phone: '600123456' });
    expect(internationalPhone('0034 600 123 456')).toEqual({ prefix: '34', phone: '600123456' });
  });
  it('refuses to guess the country, and refuses invalid numbers', () => {
    expect(internationalPhone('611 222 333')).toBeNull();
    expect(internationalPhone('+34 12')).toBeNull();
    expect(internationalPhone('')).toBeNull();
  });
});
