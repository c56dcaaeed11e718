import type { Chat } from '@chatdesk/contract/chats';
import { describe, expect, it } from 'vitest';
import { placeChat } from './chat-cache';

function chat(id: string, minute: number | null, overrides: Partial<Chat> = {}): Chat {
  return {
    id,
    name: `Chat ${id}`,
    phone: '600000000',
    prefix: '34',
    email: null,
    profilePicture: null,
    assignedTo: 'human',
    channel: 'whatsapp',
    lastMessage:
      minute === null
        ? null
        : {
            text: `at ${minute}`,
            timestamp: new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString(),
            isOutgoing: false,
          },
    unreadCount: 0,
    contact: `contact-${id}`,
    clientId: null,
    waitingSince: null,
    lastCustomerText: null,
    cursor: 'cursor',
    ...overrides,
  };
}

const ids = (pages: Chat[][]) => pages.map((page) => page.map((item) => item.id));

describe('placeChat', () => {
  const pages = [
    [chat('a', 50), chat('b', 40)],
    [chat('c', 30), chat('d', 20)],
  ];

  it('moves a chat with the newest message to the top, keeping page sizes', () => {
    const placed = placeChat(pages, chat('d', 55, { unreadCount: 3 }));
    expect(ids(placed)).toEqual([
      ['d', 'a'],
      ['b', 'c'],
    ]);
    expect(placed[0]?.[0]).toMatchObject({ unreadCount: 3, lastMessage: { text: 'at 55' } });
  });

  it('moves a chat up only as far as newer messages allow', () => {
    expect(ids(placeChat(pages, chat('d', 45)))).toEqual([
      ['a', 'd'],
      ['b', 'c'],
    ]);
  });

  it('orders equal times by id, as the server does', () => {
    expect(ids(placeChat(pages, chat('d', 40)))).toEqual([
      ['a', 'b'],
      ['d', 'c'],
    ]);
    const tied = [[chat('x', 50)], [chat('a', 20)]];
    expect(ids(placeChat(tied, chat('a', 50)))).toEqual([['a'], ['x']]);
  });

  it('moves a new message above chats that have none yet', () => {
    const withEmpty = [[chat('empty', null), chat('a', 50)], [chat('b', 40)]];
    expect(ids(placeChat(withEmpty, chat('b', 55)))).toEqual([['b', 'empty'], ['a']]);
  });

  it('leaves a chat in place when its last message is not newer', () => {
    const placed = placeChat(pages, chat('c', 30, { unreadCount: 0, assignedTo: 'ai' }));
    expect(ids(placed)).toEqual(ids(pages));
    expect(placed[1]?.[0]?.assignedTo).toBe('ai');
  });

  it('returns pages without the chat as they were', () => {
    expect(placeChat(pages, chat('z', 59))).toBe(pages);
  });
});
