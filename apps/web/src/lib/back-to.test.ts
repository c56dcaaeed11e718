import { describe, expect, it } from 'vitest';
import { backTo, fromList } from './back-to';

describe('backTo', () => {
  it('returns to the list with the filters, search and page it was left with', () => {
    const state = fromList({ pathname: '/appointments', search: '?status=completed&page=2' });
    expect(backTo(state, '/appointments')).toBe('/appointments?status=completed&page=2');
  });

  it('falls back to the plain list when opened another way', () => {
    expect(backTo(null, '/appointments')).toBe('/appointments');
    expect(backTo({ backTo: 42 }, '/appointments')).toBe('/appointments');
  });

  it('never leads to another page than the list', () => {
    expect(backTo({ backTo: 'https://evil.example/appointments' }, '/appointments')).toBe('/appointments');
    expect(backTo({ backTo: '/appointments/123' }, '/appointments')).toBe('/appointments');
    expect(backTo({ backTo: '/clients?search=a' }, '/appointments')).toBe('/appointments');
  });
});
