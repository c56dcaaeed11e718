/**
 * The booking links in the assistant's reply carry its conversation's ref (`?c=…`): a booking made
 * from one is counted as the chat's (Insights: bookings that started with the assistant). Only
 * this business's own booking pages, and only a link with no query of its own; the words around
 * it, and a full stop right after it, stay as they were.
 */
export function withConversationRef(text: string, publicUrl: string, ref: string | null): string {
  if (!ref) return text;
  const base = publicUrl.replace(/\/+$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const link = new RegExp(
    `(${base}/(?:schedule/[A-Za-z0-9._~%-]*[A-Za-z0-9_~%-]|book))(?=$|[\\s,;:!)\\]]|\\.(?:$|\\s))`,
    'g',
  );
  return text.replace(link, `$1?c=${encodeURIComponent(ref)}`);
}
