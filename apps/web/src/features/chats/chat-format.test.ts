import type { Chat, Message } from '@chatdesk/contract/chats';
import { describe, expect, it } from 'vitest';
import {
  channelFrom,
  filterChats,
  formatPhone,
  groupByDay,
  isNewConversationCommand,
  keepUnlessCountChanged,
  listQuery,
  NEW_CONVERSATION_NOTE,
  previewText,
  relativeTimeLabel,
  statusIndicator,
  templateOnlyReason,
} from './chat-format';
import { EMOJI } from './emoji';

const now = new Date(2025, 2, 12, 15, 0);
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

function chat(overrides: Partial<Chat>): Chat {
  return {
    id: 'c1',
    name: 'Ana García',
    phone: '612345678',
    prefix: '34',
    email: null,
    profilePicture: null,
    assignedTo: 'human',
    channel: 'whatsapp',
    lastMessage: null,
    unreadCount: 0,
    contact: 'k1',
    clientId: null,
    waitingSince: null,
    lastCustomerText: null,
    cursor: 'cursor',
    ...overrides,
  };
}

function message(id: string, status: Message['status'] = 'delivered'): Message {
  return {
    id,
    text: id,
    isOutgoing: true,
    status,
    timestamp: now.toISOString(),
    sender: 'staff',
    error: null,
  };
}

describe('relativeTimeLabel', () => {
  it('counts minutes, then hours, then names the day', () => {
    expect(relativeTimeLabel(minutesAgo(0), now)).toBe('now');
    expect(relativeTimeLabel(minutesAgo(5), now)).toBe('5m');
    expect(relativeTimeLabel(minutesAgo(125), now)).toBe('2h');
    expect(relativeTimeLabel(new Date(2025, 2, 11, 9, 0).toISOString(), now)).toBe('Yesterday');
    expect(relativeTimeLabel(new Date(2025, 2, 8, 9, 0).toISOString(), now)).toBe('Sat');
    expect(relativeTimeLabel(new Date(2025, 0, 2, 9, 0).toISOString(), now)).toBe('Jan 2');
    expect(relativeTimeLabel(new Date(2023, 6, 4, 9, 0).toISOString(), now)).toBe('Jul 4, 2023');
  });

  it('shows nothing without a valid time', () => {
    expect(relativeTimeLabel(null, now)).toBe('');
    expect(relativeTimeLabel('not a date', now)).toBe('');
  });
});

describe('statusIndicator', () => {
  it('picks a clock, one tick, two ticks, blue ticks or a red mark', () => {
    expect(statusIndicator('sending')).toMatchObject({ icon: 'clock', color: 'dimmed' });
    expect(statusIndicator('sent')).toMatchObject({ icon: 'check', color: 'dimmed' });
    expect(statusIndicator('delivered')).toMatchObject({ icon: 'double-check', color: 'dimmed' });
    expect(statusIndicator('read')).toMatchObject({ icon: 'double-check', color: 'blue' });
    expect(statusIndicator('failed')).toMatchObject({ icon: 'failed', color: 'red' });
  });
});

describe('keepUnlessCountChanged', () => {
  it('keeps the shown messages when a poll returns as many', () => {
    const current = [message('a'), message('b', 'sent')];
    const fresh = [message('a'), message('b', 'read')];
    expect(keepUnlessCountChanged(current, fresh)).toBe(current);
  });

  it('replaces them when the count changed or nothing was shown', () => {
    const fresh = [message('a'), message('b'), message('c')];
    expect(keepUnlessCountChanged([message('a')], fresh)).toBe(fresh);
    expect(keepUnlessCountChanged(undefined, fresh)).toBe(fresh);
  });
});

describe('filterChats', () => {
  const chats = [
    chat({ id: '1', name: 'Ana García', phone: '612345678' }),
    chat({ id: '2', name: 'James Wilson', phone: '7700900123', prefix: '44' }),
  ];

  it('keeps only the chosen channel, with the search', () => {
    const mixed = [
      ...chats,
      chat({ id: '3', name: 'Website visitor abcdef', channel: 'web', prefix: 'web' }),
    ];
    expect(filterChats(mixed, '', 'web').map((c) => c.id)).toEqual(['3']);
    expect(filterChats(mixed, 'ana', 'web')).toEqual([]);
    expect(filterChats(mixed, '', undefined).map((c) => c.id)).toEqual(['1', '2', '3']);
  });

  it('keeps the search and channel in a chat address', () => {
    expect(listQuery('ana', 'web')).toBe('?search=ana&channel=web');
    expect(listQuery('', undefined)).toBe('');
    expect(channelFrom(new URLSearchParams('channel=fax'))).toBeUndefined();
    expect(channelFrom(new URLSearchParams('channel=web'))).toBe('web');
  });

  it('matches names regardless of case and phones by digits', () => {
    expect(filterChats(chats, 'ANA').map((c) => c.id)).toEqual(['1']);
    expect(filterChats(chats, '7700').map((c) => c.id)).toEqual(['2']);
    expect(filterChats(chats, '+44 7700').map((c) => c.id)).toEqual(['2']);
    expect(filterChats(chats, '  ').map((c) => c.id)).toEqual(['1', '2']);
    expect(filterChats(chats, 'nobody')).toEqual([]);
    expect(filterChats([{ ...chats[0]!, id: '3', name: 'Sofía López' }], 'sofia').map((c) => c.id)).toEqual([
      '3',
    ]);
    expect(filterChats([{ ...chats[0]!, id: '3', name: 'Sofia Lopez' }], 'SOFÍA').map((c) => c.id)).toEqual([
      '3',
    ]);
  });
});

describe('chat row text', () => {
  it('prefixes outgoing previews and says when there are no messages', () => {
    expect(previewText(chat({}))).toBe('No messages yet');
    expect(
      previewText(chat({ lastMessage: { text: 'Hi', timestamp: now.toISOString(), isOutgoing: true } })),
    ).toBe('You: Hi');
    expect(
      previewText(chat({ lastMessage: { text: 'Hi', timestamp: now.toISOString(), isOutgoing: false } })),
    ).toBe('Hi');
  });

  it("shows a waiting chat's customer's last words, not the assistant's handoff line", () => {
    const handoff = {
      text: 'Claro, te paso con una persona…',
      timestamp: now.toISOString(),
      isOutgoing: true,
    };
    expect(
      previewText(
        chat({
          lastMessage: handoff,
          waitingSince: minutesAgo(2),
          lastCustomerText: 'Quiero cambiar mi cita',
        }),
      ),
    ).toBe('Quiero cambiar mi cita');
    expect(
      previewText(chat({ lastMessage: handoff, waitingSince: minutesAgo(2), lastCustomerText: '/new' })),
    ).toBe(NEW_CONVERSATION_NOTE);
    // Answered: the reply is the preview again.
    expect(previewText(chat({ lastMessage: handoff, waitingSince: null, lastCustomerText: null }))).toBe(
      'You: Claro, te paso con una persona…',
    );
  });

  it('writes phones with their dialling prefix', () => {
    expect(formatPhone('34', '612345678')).toBe('+34 612345678');
    expect(formatPhone('sim', 'abc123')).toBe('abc123');
  });
});

describe('emoji picker', () => {
  it('offers about ninety distinct emoji', () => {
    expect(EMOJI.length).toBeGreaterThanOrEqual(85);
    expect(EMOJI.length).toBeLessThanOrEqual(100);
    expect(new Set(EMOJI).size).toBe(EMOJI.length);
  });
});

describe('groupByDay', () => {
  it('puts consecutive messages of one day under one label, so each day has one sticky label', () => {
    const at = (days: number, hour: number) => new Date(2025, 2, 12 - days, hour).toISOString();
    const groups = groupByDay(
      [{ timestamp: at(2, 9) }, { timestamp: at(2, 18) }, { timestamp: at(0, 8) }, { timestamp: at(0, 14) }],
      now,
    );
    expect(groups.map((group) => [group.day, group.items.length])).toEqual([
      [groups[0]?.day, 2],
      ['Today', 2],
    ]);
    expect(groups[0]?.day).not.toBe('Today');
  });

  it('has no groups without messages', () => {
    expect(groupByDay([], now)).toEqual([]);
  });
});

describe('templateOnlyReason', () => {
  const at = now.getTime();
  it('lets a person write while the window is open, and on the simulator always', () => {
    expect(templateOnlyReason({ channel: 'whatsapp', replyWindowEndsAt: minutesAgo(-60) }, at)).toBe(false);
    expect(templateOnlyReason({ channel: 'simulator', replyWindowEndsAt: null }, at)).toBe(false);
  });

  it('tells a closed window from a customer who never wrote', () => {
    expect(templateOnlyReason({ channel: 'whatsapp', replyWindowEndsAt: minutesAgo(5) }, at)).toBe(
      'window-closed',
    );
    expect(templateOnlyReason({ channel: 'whatsapp', replyWindowEndsAt: null }, at)).toBe(
      'customer-never-wrote',
    );
  });
});

describe('isNewConversationCommand', () => {
  it("is the customer's /new only", () => {
    expect(isNewConversationCommand({ sender: 'customer', text: ' /NEW ' })).toBe(true);
    expect(isNewConversationCommand({ sender: 'staff', text: '/new' })).toBe(false);
    expect(isNewConversationCommand({ sender: 'customer', text: '/new please' })).toBe(false);
  });
});
