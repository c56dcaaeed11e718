import type { Paged } from '@chatdesk/contract/common';
import type { InfiniteData } from '@tanstack/react-query';

/**
 * How a list of the API's pages is walked by an infinite query: it starts without a cursor and
 * asks for each next page with the cursor the last one gave, until the last page gives none.
 */
export const cursorPaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: <Item>(last: Paged<Item>): string | undefined => last.nextCursor ?? undefined,
};

/** Every item of the pages loaded so far, in order. */
export function itemsOf<Item>(data: InfiniteData<Paged<Item>> | undefined): Item[] | undefined {
  return data?.pages.flatMap((page) => page.items);
}

/** Applies a change to the items of every loaded page, keeping the cursors as they are. */
export function mapPages<Item>(
  data: InfiniteData<Paged<Item>> | undefined,
  change: (items: Item[]) => Item[],
): InfiniteData<Paged<Item>> | undefined {
  return data && { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) };
}
