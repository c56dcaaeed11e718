import type { TestContext } from './build-test-app.ts';

type Page<Item> = { items: Item[]; nextCursor: string | null };

/** Follows `nextCursor` from the first page of `url` to the last, and returns each page's items. */
export async function readAllPages<Item = { id: string }>(
  app: Pick<TestContext['app'], 'inject'>,
  url: string,
  headers: Record<string, string>,
): Promise<Item[][]> {
  const pages: Item[][] = [];
  let cursor: string | null = null;
  do {
    const separator = url.includes('?') ? '&' : '?';
    const response = await app.inject({
      url: cursor === null ? url : `${url}${separator}cursor=${encodeURIComponent(cursor)}`,
      headers,
    });
    if (response.statusCode !== 200)
      throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    const page = response.json() as Page<Item>;
    pages.push(page.items);
    cursor = page.nextCursor;
    if (pages.length > 500) throw new Error(`${url} never reaches its last page`);
  } while (cursor !== null);
  return pages;
}

/** A cursor of our own format around any values, to show that tampered ones are refused. */
export const forgedCursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
