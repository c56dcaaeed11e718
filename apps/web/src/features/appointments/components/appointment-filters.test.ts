import { describe, expect, it } from 'vitest';
import { filterValuesFrom, hasActiveFilters, toApiFilters } from './appointment-filters';

describe('appointment filters in the URL', () => {
  it('reads known values and ignores the rest', () => {
    const values = filterValuesFrom(
      new URLSearchParams('status=no-show&startDate=2026-11-01&endDate=tomorrow&page=3'),
    );
    expect(values).toEqual({ status: 'no-show', startDate: '2026-11-01', endDate: null, page: 3 });
    expect(filterValuesFrom(new URLSearchParams('status=lost&page=-2'))).toEqual({
      status: 'all',
      startDate: null,
      endDate: null,
      page: 1,
    });
  });

  it('sends only the filters that are set, with the page size', () => {
    const values = filterValuesFrom(new URLSearchParams('status=scheduled&page=2'));
    expect(toApiFilters(values, 10)).toEqual({ status: 'scheduled', page: 2, limit: 10 });
    expect(hasActiveFilters(values)).toBe(true);
    expect(hasActiveFilters(filterValuesFrom(new URLSearchParams('page=2')))).toBe(false);
  });
});
