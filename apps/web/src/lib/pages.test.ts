import { describe, expect, it } from 'vitest';
import { cursorPaging, itemsOf, mapPages } from './pages';

const data = {
  pages: [
    { items: [{ id: 'a' }, { id: 'b' }], nextCursor: 'after-b' },
    { items: [{ id: 'c' }], nextCursor: null },
  ],
  pageParams: [undefined, 'after-b'],
};

describe('paged lists', () => {
  it('ask for the next page with the cursor the last page gave, and stop after the last', () => {
    expect(cursorPaging.initialPageParam).toBeUndefined();
    expect(cursorPaging.getNextPageParam(data.pages[0]!)).toBe('after-b');
    expect(cursorPaging.getNextPageParam(data.pages[1]!)).toBeUndefined();
  });

  it('show the items of every page loaded, in order', () => {
    expect(itemsOf(data)?.map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(itemsOf(undefined)).toBeUndefined();
  });

  it('change items in place, keeping each page its cursor', () => {
    const changed = mapPages(data, (items) => items.filter((item) => item.id !== 'b'));
    expect(changed?.pages).toEqual([
      { items: [{ id: 'a' }], nextCursor: 'after-b' },
      { items: [{ id: 'c' }], nextCursor: null },
    ]);
    expect(changed?.pageParams).toEqual(data.pageParams);
  });
});
