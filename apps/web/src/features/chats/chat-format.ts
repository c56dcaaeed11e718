import type { Chat, Message, MessageStatus } from '@chatdesk/contract/chats';
import dayjs from 'dayjs';

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
/** Lower case without accents, as the server's search folds names ("sofia" finds "Sofía"). */
const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export function filterChats(chats: Chat[], search: string): Chat[] {
  const term = fold(search.trim());
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

export function previewText(chat: Chat): string {
  if (!chat.lastMessage) return 'No messages yet';
  return chat.lastMessage.isOutgoing ? `You: ${chat.lastMessage.text}` : chat.lastMessage.text;
}
