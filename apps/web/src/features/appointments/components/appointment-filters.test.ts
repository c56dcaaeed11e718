import { describe, expect, it } from 'vitest';
import { filterValuesFrom, hasActiveFilters, toApiFilters } from './appointment-filters';

describe('appointment filters in the URL', () => {
  it('reads known values and ignores the rest', () => {
    const values = filterValuesFrom(
      new URLSearchParams('status=no-show&startDate=2026-11-01&endDate=tomorrow&page=3'),
    );
    expect(values).toEqual({
      status: 'no-show',
      startDate: '2026-11-01',
      endDate: null,
      service: 'all',
      page: 3,
    });
    expect(filterValuesFrom(new URLSearchParams('status=lost&page=-2&service=colour'))).toEqual({
      status: 'all',
      startDate: null,
      endDate: null,
      service: 'all',
      page: 1,
    });
  });

  it('sends only the filters that are set, with the page size', () => {
    const values = filterValuesFrom(new URLSearchParams('status=scheduled&page=2'));
    expect(toApiFilters(values, 10)).toEqual({ status: 'scheduled', page: 2, limit: 10 });
    expect(hasActiveFilters(values)).toBe(true);
    expect(hasActiveFilters(filterValuesFrom(new URLSearchParams('page=2')))).toBe(false);
  });

  it('keeps a service chosen in the address and sends it as serviceId', () => {
    const id = '0b8c3a52-6f1e-4c39-9d4e-1f2a3b4c5d6e';
    const values = filterValuesFrom(new URLSearchParams(`service=${id}`));
    expect(values.service).toBe(id);
    expect(toApiFilters(values, 10)).toEqual({ serviceId: id, page: 1, limit: 10 });
    expect(hasActiveFilters(values)).toBe(true);
  });
});
