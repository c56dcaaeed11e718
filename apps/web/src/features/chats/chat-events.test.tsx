import type { Chat, ChatDetail, Message } from '@chatdesk/contract/chats';
import type { AppEvent } from '@chatdesk/contract/events';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useChatEvents, useChats, useMessages } from './api';

const stream = vi.hoisted(() => ({ emit: (_event: AppEvent) => {} }));
vi.mock('../../lib/realtime', () => ({
  useAppEvents: (handler: (event: AppEvent) => void) => {
    stream.emit = handler;
  },
}));

function chat(id: string, minute: number, text = `at ${minute}`): Chat {
  return {
    id,
    name: `Chat ${id}`,
    phone: '600000000',
    prefix: '34',
    email: null,
    profilePicture: null,
    assignedTo: 'human',
    channel: 'whatsapp',
    lastMessage: {
      text,
      timestamp: new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString(),
      isOutgoing: false,
    },
    unreadCount: 0,
    contact: `contact-${id}`,
    clientId: null,
    waitingSince: null,
    lastCustomerText: null,
    cursor: 'cursor',
  };
}

/** A server whose chats the test changes; counts the requests by path. */
function fakeServer(initial: Chat[]) {
  const server = { chats: initial, messages: [] as Message[], requests: [] as string[] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      server.requests.push(path);
      const json = (body: unknown, status = 200) => Response.json(body, { status });
      if (path === '/api/chats') return json(server.chats);
      const messages = path.match(/^\/api\/chats\/([^/]+)\/messages$/);
      if (messages) return json(server.messages);
      const one = server.chats.find((item) => path === `/api/chats/${item.id}`);
      if (one) return json({ ...one, replyWindowEndsAt: null, replyTo: null } satisfies ChatDetail);
      return json({ message: 'Chat not found' }, 404);
    }),
  );
  return Object.assign(server, {
    count: (path: string) => server.requests.filter((item) => item === path).length,
  });
}

function renderChats<Result>(hook: () => Result) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(hook, { wrapper });
}

const burst = (events: AppEvent[], times = 10) => {
  for (let index = 0; index < times; index += 1) for (const event of events) stream.emit(event);
};

describe('live chat events', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a burst in a listed chat fetches that chat alone, once now and once after a second, and moves it up', async () => {
    const server = fakeServer([chat('a', 50), chat('b', 40), chat('c', 30)]);
    const { result } = renderChats(() => {
      useChatEvents();
      return useChats();
    });
    await waitFor(() => expect(result.current.data).toHaveLength(3));

    server.chats = [chat('c', 55, 'Hello again'), chat('a', 50), chat('b', 40)];
    burst([
      { type: 'messages.changed', chatId: 'c' },
      { type: 'chats.changed', chatId: 'c' },
    ]);
    await waitFor(() => expect(result.current.data?.map((item) => item.id)).toEqual(['c', 'a', 'b']));
    expect(result.current.data?.[0]?.lastMessage?.text).toBe('Hello again');
    expect(server.count('/api/chats/c')).toBe(1);

    await waitFor(() => expect(server.count('/api/chats/c')).toBe(2), { timeout: 2_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(server.count('/api/chats/c')).toBe(2);
    expect(server.count('/api/chats')).toBe(1);
  });

  it('a burst naming a chat the list lacks reloads the list at once, then only that chat', async () => {
    const server = fakeServer([chat('a', 50)]);
    const { result } = renderChats(() => {
      useChatEvents();
      return useChats();
    });
    await waitFor(() => expect(result.current.data).toHaveLength(1));

    server.chats = [chat('new', 55), chat('a', 50)];
    burst([{ type: 'chats.changed', chatId: 'new' }]);
    await waitFor(() => expect(result.current.data?.map((item) => item.id)).toEqual(['new', 'a']));
    expect(server.count('/api/chats')).toBe(2);
    // The rest of the burst, a second later, finds the chat listed.
    await waitFor(() => expect(server.count('/api/chats/new')).toBe(1), { timeout: 2_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(server.count('/api/chats')).toBe(2);
    expect(server.count('/api/chats/new')).toBe(1);
  });

  it("a burst of message changes reloads the open chat's messages once now and once after a second", async () => {
    const server = fakeServer([chat('a', 50)]);
    const { result } = renderChats(() => {
      useChatEvents();
      return useMessages('a');
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    burst([{ type: 'messages.changed', chatId: 'a' }]);
    await waitFor(() => expect(server.count('/api/chats/a/messages')).toBe(3), { timeout: 2_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(server.count('/api/chats/a/messages')).toBe(3);
    expect(server.count('/api/chats')).toBe(0);
  });
});
