// The panel's live replies: GET /api/web-chat/stream read with fetch and a stream reader, because
// EventSource cannot send the session header. Small on purpose (the panel's budget is 60 KB gzip).

export type StreamEvent = { event: string; data: string; id: string | null };

/**
 * Reads Server-Sent Events from `body` until it ends, calling `onEvent` for each complete event
 * (the format of https://html.spec.whatwg.org/multipage/server-sent-events.html: `event:`, `data:`
 * lines joined by newlines, `id:`, comments and unknown fields ignored).
 */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: StreamEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let name = '';
  let data: string[] = [];
  let id: string | null = null;
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: name || 'message', data: data.join('\n'), id });
      name = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + (text[colon + 1] === ' ' ? 2 : 1));
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n');
    while (end >= 0) {
      line(buffer.slice(0, end).replace(/\r$/, ''));
      buffer = buffer.slice(end + 1);
      end = buffer.indexOf('\n');
    }
  }
}

export type LiveStreamOptions = {
  url: string;
  headers: () => Record<string, string>;
  onEvent: (event: StreamEvent) => void;
  /** Each time the stream is (re)connected: what came while it was down is read again then. */
  onOpen: () => void;
  /** The server no longer knows the session (401): the stream stops for good. */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
  /** Waits before a reconnect; replaced in tests. */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
};

const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Keeps the stream open until `stop()`: reconnects with `Last-Event-ID` after a drop, waiting 1 s,
 * then twice as long each failed try up to 30 s (with some jitter, so many panels dropped by one
 * restart do not come back in step), and from 1 s again once a connection has worked.
 */
export function openLiveStream(options: LiveStreamOptions): { stop: () => void } {
  const controller = new AbortController();
  const doFetch = options.fetch ?? fetch.bind(globalThis);
  const wait = options.wait ?? sleep;
  let lastEventId: string | null = null;
  const run = async () => {
    let delay = FIRST_DELAY_MS;
    while (!controller.signal.aborted) {
      try {
        const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers() };
        if (lastEventId) headers['last-event-id'] = lastEventId;
        const response = await doFetch(options.url, {
          headers,
          signal: controller.signal,
          cache: 'no-store',
        });
        if (response.status === 401) {
          options.onUnauthorized();
          return;
        }
        if (response.ok && response.body) {
          delay = FIRST_DELAY_MS;
          options.onOpen();
          await readEvents(response.body, (event) => {
            if (event.id) lastEventId = event.id;
            options.onEvent(event);
          });
        }
      } catch {
        // A dropped connection or our server restarting: try again below.
      }
      if (controller.signal.aborted) return;
      await wait(delay * (0.8 + Math.random() * 0.4), controller.signal);
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    }
  };
  void run();
  return { stop: () => controller.abort() };
}
