import { CHAT_ASSIGNEES, CHAT_CHANNELS, MESSAGE_STATUSES } from '@chatdesk/contract/chats';
import { HANDOFF_REASONS } from '@chatdesk/contract/insights';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { createdAt, id, updatedAt } from './columns.ts';

/** Who wrote a message: the customer, a staff member, the assistant, or the system (handoff notes). */
export const MESSAGE_SENDERS = ['customer', 'staff', 'assistant', 'system'] as const;

/** A customer reachable by phone: `prefix` is the country calling code, `phone` the national number. */
export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email'),
    prefix: text('prefix').notNull(),
    phone: text('phone').notNull(),
    notes: text('notes'),
    profilePicture: text('profile_picture'),
    /** The full number in digits, the key that links a chat to the client with the same phone. */
    phoneDigits: text('phone_digits')
      .notNull()
      .generatedAlwaysAs(sql`regexp_replace(prefix || phone, '\\D', '', 'g')`),
    /** What chat search reads: name and email folded (lower case, no accents), and the number. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`chatdesk_fold(name || ' ' || coalesce(email, '')) || ' ' || regexp_replace(prefix || phone, '\\D', '', 'g')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contacts_phone_key').on(t.prefix, t.phone),
    // A client's chat, found by the client's phone digits for each row of the client list.
    index('contacts_phone_digits_idx').on(t.phoneDigits),
  ],
);

export const chats = pgTable(
  'chats',
  {
    id: id(),
    contactId: uuid('contact_id')
      .notNull()
      .unique()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    assignedTo: text('assigned_to', { enum: CHAT_ASSIGNEES }).notNull().default('ai'),
    /** Where the conversation comes from: whatsapp, the website's chat, or the staff's chat simulator. */
    channel: text('channel', { enum: CHAT_CHANNELS }).notNull().default('whatsapp'),
    /**
     * The latest message and the customer's unread count, kept by the statement that writes the
     * message (chats.repository.ts), so the chat list reads one row per chat instead of its history.
     */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessageText: text('last_message_text'),
    lastMessageSender: text('last_message_sender', { enum: MESSAGE_SENDERS }),
    unreadCount: integer('unread_count').notNull().default(0),
    /**
     * The customer's current burst for the assistant's per-sender limit: when its minute began and
     * how many messages it holds, counted by the statement that stores each message. A count kept
     * on the chat's row is taken in turn by concurrent messages (the row lock), where counting the
     * stored messages let two at once both read the same number.
     */
    burstStartedAt: timestamp('burst_started_at', { withTimezone: true }),
    burstCount: integer('burst_count').notNull().default(0),
    /**
     * The contact's `search_text`, copied by the statements that write a contact
     * (chats.repository.ts): chat search filters and orders on this one table, so it never looks
     * up a contact per candidate chat, whatever the term.
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * A change to the customer's appointment the assistant asked them to confirm (cancel, or move
     * to a date and time), with when it asked. Only the customer's next message can confirm it.
     */
    pendingChange: jsonb('pending_change').$type<Record<string, unknown>>(),
    /**
     * The client the chat acts for when its own number cannot say: on a simulator chat the client a
     * staff member chose to play, on a web chat the client whose email the visitor proved with an
     * emailed code. Such a chat is nobody otherwise; its own "number" is made up and never
     * identifies a client. (Decision 022 plans a clearer name for the column.)
     */
    simulatedClientId: uuid('simulated_client_id').references(() => clients.id, { onDelete: 'set null' }),
    /**
     * Since when the customer waits for a person: set by a handoff, cleared when a person replies
     * or gives the chat back to the assistant. The waiting list and count read this, not notifications.
     */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    /** Why the assistant gave the chat to a person, with `waiting_since`: what Insights counts handovers by. */
    handoffReason: text('handoff_reason', { enum: HANDOFF_REASONS }),
    /** The assistant reads history only after this point (a '/new' command or a handoff). */
    contextStartsAt: timestamp('context_starts_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The chat list's order: latest activity first; its first page is a walk of this index.
  (t) => [
    index('chats_activity_idx').on(sql`coalesce(${t.lastMessageAt}, ${t.createdAt}) desc`, t.id),
    // The list filtered by channel (web chats may be a few among many): the same walk, per channel.
    index('chats_channel_activity_idx').on(
      t.channel,
      sql`coalesce(${t.lastMessageAt}, ${t.createdAt}) desc`,
      t.id,
    ),
    index('chats_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // A one- or two-letter search matches the name's start here (db/search.ts): trigrams need three.
    index('chats_search_prefix_idx').on(t.searchText.op('text_pattern_ops')),
    // The waiting chats, oldest wait first: a walk of the few rows that wait, never a scan.
    index('chats_waiting_idx').on(t.waitingSince, t.id).where(sql`${t.waitingSince} is not null`),
    // The chats with unread messages, for their count (capped): a walk of a few entries, never a scan.
    index('chats_unread_idx').on(t.id).where(sql`${t.unreadCount} > 0`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    sender: text('sender', { enum: MESSAGE_SENDERS }).notNull(),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull(),
    /** The channel's own message id (WhatsApp wamid): a delivery seen twice stores nothing new. */
    externalId: text('external_id').unique(),
    error: text('error'),
    /** Set on a WhatsApp template message: what the channel sends instead of the text (its rendering). */
    template: jsonb('template').$type<{ name: string; language: string; parameters: string[] }>(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_chat_created_idx').on(t.chatId, t.createdAt),
    // Unread counts for the chat list: only the customer's unread messages are indexed.
    index('messages_unread_idx').on(t.chatId).where(sql`${t.sender} = 'customer' and ${t.readAt} is null`),
  ],
);

/**
 * One conversation of a chat, as Insights counts them: it opens with a customer's message when the
 * chat has been quiet for CONVERSATION_GAP_HOURS (or never spoke), and every message and handover
 * until the next such gap belongs to it. Kept by triggers on `messages` and `chats` (migration
 * 0026) in the statement that writes them, so a period's figures read these rows, never the
 * messages: 30 days cost the same with 500 chats as with 50,000.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    /** The chat's channel when it opened: the simulator's are staff trying the assistant, not customers. */
    channel: text('channel', { enum: CHAT_CHANNELS }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    lastCustomerAt: timestamp('last_customer_at', { withTimezone: true }).notNull(),
    /** The latest answer to the customer, by the assistant or a person. */
    lastReplyAt: timestamp('last_reply_at', { withTimezone: true }),
    customerMessages: integer('customer_messages').notNull().default(1),
    firstAssistantReplyAt: timestamp('first_assistant_reply_at', { withTimezone: true }),
    firstStaffReplyAt: timestamp('first_staff_reply_at', { withTimezone: true }),
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    handoffReason: text('handoff_reason', { enum: HANDOFF_REASONS }),
    /** The customer wrote again an hour or more after an answer: the answer did not settle it. */
    reopened: boolean('reopened').notNull().default(false),
    /** The customer's latest message thanked (or said goodbye). */
    thanked: boolean('thanked').notNull().default(false),
    /**
     * What the booking links the assistant sends in it carry (`?c=`), so a booking made from one
     * counts as the chat's: short, random, and worth nothing but that attribution.
     */
    ref: text('ref').notNull().default(sql`substr(md5(gen_random_uuid()::text), 1, 16)`),
  },
  (t) => [
    uniqueIndex('conversations_ref_key').on(t.ref),
    index('conversations_chat_idx').on(t.chatId, t.startedAt),
    index('conversations_started_idx').on(t.startedAt),
    // The conversations whose outcome may still change with the time alone (migration 0046): the
    // rollup counts each as it will be once over, and Insights reads these few to say which are
    // still in progress: the customer's last word not yet answered (in progress for 15 minutes,
    // then unanswered) and the answered ones not yet thanked or booked (in progress for 24 hours).
    index('conversations_awaiting_answer_idx')
      .on(t.lastCustomerAt)
      .where(
        sql`${t.handedOverAt} is null and ${t.firstStaffReplyAt} is null and (${t.lastReplyAt} is null or ${t.lastReplyAt} < ${t.lastCustomerAt})`,
      ),
    index('conversations_answered_idx')
      .on(t.lastMessageAt)
      .where(
        sql`${t.handedOverAt} is null and ${t.firstStaffReplyAt} is null and ${t.lastReplyAt} >= ${t.lastCustomerAt} and not ${t.reopened} and not ${t.thanked}`,
      ),
  ],
);
