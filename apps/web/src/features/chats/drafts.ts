/**
 * Half-typed replies, one per chat, kept in this browser so switching chats or reloading never
 * loses them. Each chat has its own key (a keystroke writes one small value); only the most
 * recent `MAX_DRAFTS` are kept, so chats typed in once and left do not pile up forever.
 */
export const MAX_DRAFTS = 50;
const PREFIX = 'chatdesk:draft:';

type StoredDraft = { text: string; at: number };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can be blocked by the browser's settings: drafts then last as long as the chat is open.
    return null;
  }
}

function parse(raw: string | null): StoredDraft | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredDraft>;
    return typeof value.text === 'string' && typeof value.at === 'number'
      ? { text: value.text, at: value.at }
      : null;
  } catch {
    return null;
  }
}

export function readDraft(chatId: string): string {
  return parse(storage()?.getItem(PREFIX + chatId) ?? null)?.text ?? '';
}

/** Keeps the chat's draft; empty text removes it. */
export function saveDraft(chatId: string, text: string, now = Date.now()): void {
  const store = storage();
  if (!store) return;
  const key = PREFIX + chatId;
  if (text === '') {
    store.removeItem(key);
    return;
  }
  const isNew = store.getItem(key) === null;
  try {
    store.setItem(key, JSON.stringify({ text, at: now } satisfies StoredDraft));
  } catch {
    // Full storage: the text stays in the box; only the copy for later is missing.
    return;
  }
  if (isNew) pruneDrafts(store);
}

export function clearDraft(chatId: string): void {
  storage()?.removeItem(PREFIX + chatId);
}

/** Drops the oldest drafts beyond `MAX_DRAFTS`; run only when a chat gets its first draft. */
function pruneDrafts(store: Storage): void {
  const drafts: Array<{ key: string; at: number }> = [];
  for (let index = 0; index < store.length; index++) {
    const key = store.key(index);
    if (!key?.startsWith(PREFIX)) continue;
    drafts.push({ key, at: parse(store.getItem(key))?.at ?? 0 });
  }
  if (drafts.length <= MAX_DRAFTS) return;
  drafts.sort((a, b) => b.at - a.at);
  for (const { key } of drafts.slice(MAX_DRAFTS)) store.removeItem(key);
}
