const SESSION_KEY = 'chat-simulator-session';

function randomId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID().replace(/-/g, '');
  return Math.random().toString(36).slice(2) + Math.random().toString(36).slice(2);
}

/** One conversation per browser tab: the id survives reloads of the tab but not a new tab. */
export function simulatorSessionId(storage: Storage = sessionStorage): string {
  const existing = storage.getItem(SESSION_KEY);
  if (existing) return existing;
  const id = randomId().slice(0, 32);
  storage.setItem(SESSION_KEY, id);
  return id;
}

/** The text shown for one assistant reply. */
export function replyTexts(replies: string[] | undefined, reply: string | null | undefined): string[] {
  const texts = (replies ?? []).filter((text) => text.trim().length > 0);
  if (texts.length > 0) return texts;
  return [reply?.trim() ? reply : 'No response'];
}
