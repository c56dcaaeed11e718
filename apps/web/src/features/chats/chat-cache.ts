import type { Chat } from '@chatdesk/contract/chats';

const lastAt = (chat: Chat) => (chat.lastMessage ? Date.parse(chat.lastMessage.timestamp) : null);

/** The server's order: newest last message first, ties by id. */
function belongsAbove(row: Chat, chat: Chat, at: number): boolean {
  const rowAt = lastAt(row);
  // A chat without messages sorts by its creation, which came before a message arriving now.
  if (rowAt === null) return false;
  return rowAt > at || (rowAt === at && row.id < chat.id);
}

/** Cuts rows into pages of the given sizes. */
function chunk(rows: Chat[], sizes: number[]): Chat[][] {
  let start = 0;
  return sizes.map((size) => {
    const page = rows.slice(start, start + size);
    start += size;
    return page;
  });
}

/**
 * Puts a new copy of a chat into a list's pages. A newer last message moves it up to where the
 * server would now list it; any other change leaves it in place. Page sizes stay as they were, so
 * the next page is still asked for at the offset where the server's next page starts. Pages that
 * do not hold the chat come back as they were.
 */
export function placeChat(pages: Chat[][], chat: Chat): Chat[][] {
  const rows = pages.flat();
  const index = rows.findIndex((row) => row.id === chat.id);
  const current = rows[index];
  if (!current) return pages;
  const at = lastAt(chat);
  const before = lastAt(current);
  if (at === null || (before !== null && at <= before)) {
    return pages.map((page) => page.map((row) => (row.id === chat.id ? chat : row)));
  }
  rows.splice(index, 1);
  let target = index;
  while (target > 0 && !belongsAbove(rows[target - 1] as Chat, chat, at)) target -= 1;
  rows.splice(target, 0, chat);
  return chunk(
    rows,
    pages.map((page) => page.length),
  );
}
