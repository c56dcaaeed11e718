import {
  CHAT_CHANNELS,
  type Chat,
  type ChatChannel,
  type ChatDetail,
  type Message,
  type MessageStatus,
  NEW_CONVERSATION_COMMAND,
  replyWindowOpen,
} from '@chatdesk/contract/chats';
import dayjs from 'dayjs';
import { fold } from '../../lib/fold';

/** The short time beside a chat in the list: 'now', '5m', '2h', 'Yesterday', 'Mon', 'Mar 7', 'Mar 7, 2023'. */
export function relativeTimeLabel(timestamp: string | null | undefined, now: Date = new Date()): string {
  if (!timestamp) return '';
  const at = dayjs(timestamp);
  if (!at.isValid()) return '';
  const current = dayjs(now);
  const minutes = current.diff(at, 'minute');
  if (minutes < 1) return 'now';
  if (minutes < 60) return `${minutes}m`;
  if (at.isSame(current, 'day')) return `${current.diff(at, 'hour')}h`;
  if (at.isSame(current.subtract(1, 'day'), 'day')) return 'Yesterday';
  if (current.diff(at, 'day') < 7) return at.format('ddd');
  if (at.isSame(current, 'year')) return at.format('MMM D');
  return at.format('MMM D, YYYY');
}

/** The time printed inside a message bubble, en-US 12-hour. */
export function messageTime(timestamp: string): string {
  const at = dayjs(timestamp);
  return at.isValid() ? at.format('h:mm A') : '';
}

/** The separator above the first message of each day. */
export function dayLabel(timestamp: string, now: Date = new Date()): string {
  const at = dayjs(timestamp);
  if (!at.isValid()) return '';
  const current = dayjs(now);
  if (at.isSame(current, 'day')) return 'Today';
  if (at.isSame(current.subtract(1, 'day'), 'day')) return 'Yesterday';
  return at.format(at.isSame(current, 'year') ? 'dddd, MMMM D' : 'MMMM D, YYYY');
}

export type StatusIcon = 'clock' | 'check' | 'double-check' | 'failed';
export type StatusIndicator = { icon: StatusIcon; label: string; color: 'dimmed' | 'blue' | 'red' };

/** What an outgoing message shows for its delivery status. */
export function statusIndicator(status: MessageStatus): StatusIndicator {
  switch (status) {
    case 'sending':
      return { icon: 'clock', label: 'Sending', color: 'dimmed' };
    case 'sent':
      return { icon: 'check', label: 'Sent', color: 'dimmed' };
    case 'delivered':
      return { icon: 'double-check', label: 'Delivered', color: 'dimmed' };
    case 'read':
      return { icon: 'double-check', label: 'Read', color: 'blue' };
    case 'failed':
      return { icon: 'failed', label: 'Failed', color: 'red' };
  }
}

/** Polling only replaces the shown messages when their count changed (spec §9). */
export function keepUnlessCountChanged(current: Message[] | undefined, fresh: Message[]): Message[] {
  return current && current.length === fresh.length ? current : fresh;
}

/** Name matches ignore case; phone matches ignore spaces and the leading +. */
export function filterChats(chats: Chat[], search: string, channel?: ChatChannel): Chat[] {
  const term = fold(search.trim());
  if (channel) chats = chats.filter((chat) => chat.channel === channel);
  if (!term) return chats;
  const digits = term.replace(/[\s+\-()]/g, '');
  return chats.filter((chat) => {
    if (fold(chat.name).includes(term)) return true;
    if (!digits) return false;
    const phone = chat.phone.toLowerCase();
    return phone.includes(digits) || `${chat.prefix}${chat.phone}`.toLowerCase().includes(digits);
  });
}

/** '+34 612345678' for a phone number; the simulator's session ids have no dialling prefix. */
export function formatPhone(prefix: string, phone: string): string {
  return /^\d+$/.test(prefix) ? `+${prefix} ${phone}` : phone;
}

/**
 * The list's line under the name. A chat waiting for a person shows what the customer last said:
 * the assistant's handoff line after it ("You: I'll pass you to a person…") reads as answered.
 */
export function previewText(chat: Chat): string {
  if (chat.waitingSince && chat.lastCustomerText !== null) return customerPreview(chat.lastCustomerText);
  if (!chat.lastMessage) return 'No messages yet';
  if (!chat.lastMessage.isOutgoing) return customerPreview(chat.lastMessage.text);
  return `You: ${chat.lastMessage.text}`;
}

function customerPreview(text: string): string {
  return isNewConversationCommand({ sender: 'customer', text }) ? NEW_CONVERSATION_NOTE : text;
}

/** Consecutive messages that share a day label, in order. */
export function groupByDay<M extends { timestamp: string }>(
  messages: M[],
  now: Date,
): { day: string; items: M[] }[] {
  const groups: { day: string; items: M[] }[] = [];
  for (const message of messages) {
    const day = dayLabel(message.timestamp, now);
    const current = groups[groups.length - 1];
    if (current && current.day === day) current.items.push(message);
    else groups.push({ day, items: [message] });
  }
  return groups;
}

/**
 * Why only a template can be sent now, or false when a person may write freely: WhatsApp closes
 * free replies 24 hours after the customer's last message, and never opens them before the first.
 */
export function templateOnlyReason(
  chat: Pick<ChatDetail, 'channel' | 'replyWindowEndsAt'>,
  now = Date.now(),
): false | 'window-closed' | 'customer-never-wrote' {
  if (replyWindowOpen(chat, now)) return false;
  return chat.replyWindowEndsAt === null ? 'customer-never-wrote' : 'window-closed';
}

/** How staff see a customer's '/new', in the conversation and the list's preview. */
export const NEW_CONVERSATION_NOTE = 'The customer started a new conversation';

/**
 * The customer's '/new' (it restarts the assistant's memory; the simulator opens with it): staff
 * see it as a note about the conversation, not as something the customer said.
 */
export function isNewConversationCommand(message: Pick<Message, 'sender' | 'text'>): boolean {
  return message.sender === 'customer' && message.text.trim().toLowerCase() === NEW_CONVERSATION_COMMAND;
}

/** Each channel's name, as the list, the header and the channel filter say it. */
export const CHANNEL_LABELS: Record<ChatChannel, string> = {
  whatsapp: 'WhatsApp',
  web: 'Website chat',
  simulator: 'Chat simulator',
};

export const CHANNEL_PARAM = 'channel';
export const ALL_CHANNELS = 'all';
export const CHANNEL_FILTER_OPTIONS = [
  { value: ALL_CHANNELS, label: 'All channels' },
  ...CHAT_CHANNELS.map((channel) => ({ value: channel, label: CHANNEL_LABELS[channel] })),
];

/** The channel the list is filtered by (from the address), or undefined for every channel. */
export function channelFrom(params: URLSearchParams): ChatChannel | undefined {
  const value = params.get(CHANNEL_PARAM);
  return CHAT_CHANNELS.find((channel) => channel === value);
}

/** The list's search and channel as the query of a chat's address, so opening a chat keeps them. */
export function listQuery(search: string, channel: ChatChannel | undefined): string {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (channel) params.set(CHANNEL_PARAM, channel);
  const text = params.toString();
  return text ? `?${text}` : '';
}
