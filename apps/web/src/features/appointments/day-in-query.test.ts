import { describe, expect, it } from 'vitest';
import { dayInQuery } from './day-in-query';

// A Wednesday.
const TODAY = '2026-11-25';

describe('a day typed in the command palette', () => {
  it.each([
    ['2026-12-01', '2026-12-01'],
    ['12/1', '2026-12-01'],
    ['12/1/2027', '2027-12-01'],
    ['Dec 1', '2026-12-01'],
    ['december 1st', '2026-12-01'],
    ['1 dic', '2026-12-01'],
    ['1 de diciembre', '2026-12-01'],
    ['Dec 1, 2027', '2027-12-01'],
    ['today', '2026-11-25'],
    ['hoy', '2026-11-25'],
    ['tomorrow', '2026-11-26'],
    ['mañana', '2026-11-26'],
    ['friday', '2026-11-27'],
    ['Miércoles', '2026-11-25'],
    ['monday', '2026-11-30'],
  ])('reads %s as %s', (query, date) => {
    expect(dayInQuery(query, TODAY)).toEqual({ date, rest: '' });
  });

  it('takes a day gone this year as next year’s: the palette looks ahead', () => {
    expect(dayInQuery('Jan 5', TODAY)?.date).toBe('2027-01-05');
    expect(dayInQuery('11/3', TODAY)?.date).toBe('2027-11-03');
  });

  it('keeps the rest of the query to search by name', () => {
    expect(dayInQuery('Lucía dec 3', TODAY)).toEqual({ date: '2026-12-03', rest: 'lucia' });
    expect(dayInQuery('tomorrow carlos ruiz', TODAY)).toEqual({ date: '2026-11-26', rest: 'carlos ruiz' });
    expect(dayInQuery('3 de diciembre, García', TODAY)).toEqual({ date: '2026-12-03', rest: 'garcia' });
  });

  it('finds no day in a name, a number or an impossible date', () => {
    for (const query of ['May Chen', 'Domingo García', '611 222 333', 'nuria', '2/30', 'Marzo']) {
      expect(dayInQuery(query, TODAY), query).toBeNull();
    }
  });
});
