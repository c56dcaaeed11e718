import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken, setUnauthorizedHandler } from './api-client';
import { backoffDelay, connectEvents } from './realtime';

function sseResponse(body: string) {
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

describe('event stream', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let controller: AbortController;

  beforeEach(() => {
    controller = new AbortController();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    controller.abort();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('passes events on, and reports every connection after the first as a reconnect', async () => {
    setToken('abc');
    fetchMock
      .mockResolvedValueOnce(
        sseResponse('event: ready\ndata: {}\n\nevent: notifications.changed\ndata: {}\n\n'),
      )
      .mockResolvedValueOnce(sseResponse('event: chats.changed\ndata: {"chatId":"c1"}\n\n'))
      .mockImplementation(() => new Promise(() => {}));
    const onEvent = vi.fn();
    const onReconnect = vi.fn();

    connectEvents(controller.signal, { onEvent, onReconnect });

    await vi.waitFor(() => expect(onEvent).toHaveBeenCalledWith({ type: 'notifications.changed' }));
    expect(onReconnect).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(onEvent).toHaveBeenCalledWith({ type: 'chats.changed', chatId: 'c1' }), {
      timeout: 3_000,
    });
    expect(onReconnect).toHaveBeenCalledTimes(1);
    const headers = new Headers(fetchMock.mock.calls[0]![1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer abc');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/events');
  });

  it("refetches everything when the server says its feed was interrupted ('resync')", async () => {
    setToken('abc');
    fetchMock
      .mockResolvedValueOnce(
        sseResponse(
          'event: ready\ndata: {}\n\nevent: resync\ndata: {}\n\nevent: clients.changed\ndata: {}\n\n',
        ),
      )
      .mockImplementation(() => new Promise(() => {}));
    const onEvent = vi.fn();
    const onReconnect = vi.fn();

    connectEvents(controller.signal, { onEvent, onReconnect });

    await vi.waitFor(() => expect(onEvent).toHaveBeenCalledWith({ type: 'clients.changed' }));
    expect(onReconnect).toHaveBeenCalledTimes(1);
    expect(onEvent).not.toHaveBeenCalledWith({ type: 'resync' });
  });

  it('ends the session on a 401 and stops reconnecting', async () => {
    vi.useFakeTimers();
    setToken('revoked');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(new Response('{"message":"Authentication required"}', { status: 401 }));

    connectEvents(controller.signal, { onEvent: vi.fn(), onReconnect: vi.fn() });

    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('token')).toBeNull();
    // Past the longest backoff (30 s): a reconnect scheduled after the 401 would have fetched by now.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('backs off between retries, up to 30 seconds', () => {
    expect(backoffDelay(0)).toBeGreaterThanOrEqual(500);
    expect(backoffDelay(0)).toBeLessThanOrEqual(1_000);
    expect(backoffDelay(3)).toBeGreaterThanOrEqual(4_000);
    expect(backoffDelay(20)).toBeLessThanOrEqual(30_000);
  });
});
