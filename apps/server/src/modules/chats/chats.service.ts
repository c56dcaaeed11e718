import {
  CHAT_LIST_DEFAULT_LIMIT,
  CHAT_MESSAGES,
  type Chat,
  type ChatChannel,
  type ChatDetail,
  type Contact,
  type Message,
  NEW_CONVERSATION_COMMAND,
  renderTemplate,
  type SendTemplateRequest,
  UNREAD_CHATS_COUNT_LIMIT,
  type UnreadChats,
  type updateContactSchema,
  type WhatsAppTemplate,
} from '@chatdesk/contract/chats';
import type { HandoffReason } from '@chatdesk/contract/insights';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { BusEvent, EventBus } from '../../events/event-bus.ts';
import { createSharedReads } from '../../events/shared-reads.ts';
import {
  type TemplateMessage,
  type WhatsAppChannel,
  WhatsAppSendError,
} from '../../integrations/whatsapp/whatsapp-channel.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { AppError, conflict, invalid, notFound } from '../../lib/app-error.ts';
import { decodeCursor, encodeCursor, isTimestampKey } from '../../lib/cursor.ts';
import { internationalDigits } from '../../lib/phone.ts';
import type { MarkNotificationsRead, Notify } from '../notifications/notifications.service.ts';
import {
  type ChatListRow,
  type ChatsRepository,
  type ContactRow,
  createChatsRepository,
  type MessageRow,
} from './chats.repository.ts';

const WINDOW_MS = 24 * 3_600_000;

/** Where a notification about a chat points: the chat's page. */
const CHAT_LINK_PREFIX = '/chat/';
const chatLink = (chatId: string) => `${CHAT_LINK_PREFIX}${chatId}`;

/**
 * The titles of the notification a handoff creates: while one is unread the chat waits for a
 * person, and opening the chat marks it read.
 */
const HANDOFF_TITLES = {
  warning: 'Chat needs a person',
  error: 'Assistant error: chat needs a person',
} as const;

export const toChat = (row: ChatListRow): Chat => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  prefix: row.prefix,
  email: row.email,
  profilePicture: row.profilePicture,
  assignedTo: row.assignedTo,
  channel: row.channel,
  lastMessage:
    row.lastAt && row.lastText !== null
      ? { text: row.lastText, timestamp: row.lastAt.toISOString(), isOutgoing: row.lastSender !== 'customer' }
      : null,
  unreadCount: row.unreadCount,
  contact: row.contactId,
  clientId: row.clientId,
  waitingSince: row.waitingSince?.toISOString() ?? null,
  lastCustomerText: row.waitingSince ? row.lastCustomerText : null,
  cursor: encodeCursor({ key: row.cursorKey, id: row.id }),
});

export const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  text: row.text,
  isOutgoing: row.sender !== 'customer',
  status: row.status,
  timestamp: row.createdAt.toISOString(),
  sender: row.sender,
  error: row.error,
});

const toContact = (row: ContactRow): Contact => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  prefix: row.prefix,
  notes: row.notes,
  profilePicture: row.profilePicture,
});

export type InboundMessage = {
  prefix: string;
  phone: string;
  name: string;
  text: string;
  /** The channel's message id: a delivery seen twice stores nothing and triggers no reply. */
  externalId?: string;
  at?: Date;
  channel: ChatChannel;
  /**
   * Set when the chat is made: on a simulator chat the client staff chose to play, on a web chat
   * the client whose email the visitor proved. Never on WhatsApp.
   */
  simulatedClientId?: string | null;
};

export type DeliveryStatus = {
  /** The channel's id of the message, as its send returned it. */
  externalId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  error: string | null;
};

type Deps = {
  repository: ChatsRepository;
  events: EventBus;
  whatsapp: WhatsAppChannel;
  queue: JobQueue;
  notify: Notify;
  markNotificationsRead: MarkNotificationsRead;
  clock: () => Date;
  /**
   * More customer messages than this within a minute on one chat and the assistant stops answering
   * it (staff are told once) until the customer slows down; the messages are kept all the same.
   */
  senderLimitPerMinute: number;
  log?: { warn: (object: unknown, message: string) => void };
};

/** How long a listing of the WhatsApp templates serves the sends after it. */
const TEMPLATES_FRESH_MS = 5 * 60_000;

/** The only writer of contacts, chats and messages, whoever triggers the change. */
export function createChatsService(deps: Deps) {
  const { events, clock } = deps;
  const shared = createSharedReads(events);
  const repository = shared.forgetAfterWrites(deps.repository, [
    'list',
    'findChat',
    'findChatByPhone',
    'findMessageToSend',
    'listMessages',
    'conversation',
    'latest',
    'lastCustomerMessageAt',
    'findContact',
    'findMessageByExternalId',
    'waitingChatIds',
    'countUnread',
  ]);

  /**
   * Whether the assistant may answer a chat that got `lastMinute` customer messages in the last
   * minute: not while the customer floods it. Staff hear of it once, when the message that crosses
   * the limit arrives.
   */
  const withinSenderLimit = async (chatId: string, lastMinute: number, sender: InboundMessage) => {
    if (lastMinute <= deps.senderLimitPerMinute) return true;
    if (lastMinute === deps.senderLimitPerMinute + 1) {
      await deps.notify({
        type: 'warning',
        title: 'Too many messages from one customer',
        message: `${sender.name} (+${sender.prefix} ${sender.phone}) sent more than ${deps.senderLimitPerMinute} messages in a minute. The assistant stops answering them until they slow down; their messages are all in the chat.`,
        link: `/chat/${chatId}`,
      });
    }
    return false;
  };

  const changeEvents = (chatId: string, waiting = false) =>
    [
      { type: 'messages.changed', chatId },
      { type: 'chats.changed', chatId, ...(waiting ? { waiting: true as const } : {}) },
    ] as const;
  /** `waiting`: the change may also end the customer's wait, so dashboards recount the waiting chats. */
  const changed = (chatId: string, waiting = false) => events.publish(...changeEvents(chatId, waiting));
  /** The same events, sent by the statement that writes the message (only if it writes one). */
  const changedInStatement = (chatId: string) => events.inStatement(...changeEvents(chatId));

  async function loadChat(id: string) {
    const row = await repository.findChat(id);
    if (!row) throw notFound(CHAT_MESSAGES.notFound);
    return row;
  }

  /** Hands one outgoing WhatsApp message to the channel; a throw makes the job try again. */
  async function deliver(
    { messageId }: { messageId: string },
    attempt: { isLast: boolean } = { isLast: true },
    /** The message and its recipient when the caller has just written them. */
    known?: NonNullable<Awaited<ReturnType<ChatsRepository['findMessageToSend']>>>,
  ) {
    const found = known ?? (await repository.findMessageToSend(messageId));
    if (found?.message.status !== 'sending') return;
    const { message, chat } = found;
    const to = internationalDigits(chat.prefix, chat.phone);
    try {
      const { externalId } = message.template
        ? await deps.whatsapp.sendTemplate(to, message.template)
        : await deps.whatsapp.sendText(to, message.text);
      await repository.advanceStatus(
        messageId,
        'sent',
        { externalId, error: null },
        changedInStatement(chat.id),
      );
    } catch (error) {
      const retryable = error instanceof WhatsAppSendError ? error.retryable : true;
      if (retryable && !attempt.isLast) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      await repository.advanceStatus(messageId, 'failed', { error: reason }, changedInStatement(chat.id));
      await deps.notify({
        type: 'error',
        title: 'WhatsApp message not delivered',
        message: `A message to ${chat.name} could not be delivered: ${reason}`,
        link: `/chat/${chat.id}`,
      });
    }
  }

  /** Stores an outgoing message and sends it on its channel (WhatsApp through a durable job). */
  async function postOutgoing(
    chatId: string,
    text: string,
    sender: 'staff' | 'system',
    template?: TemplateMessage,
  ) {
    const chat = await loadChat(chatId);
    const viaWhatsApp = chat.channel === 'whatsapp';
    const row = await repository.insertMessage({
      chatId,
      text,
      sender,
      status: viaWhatsApp ? 'sending' : 'delivered',
      createdAt: clock(),
      ...(template ? { template } : {}),
    });
    if (!row) throw new Error('outgoing message was not stored');
    // A person's reply ends a wait (in the statement that stored it): only then do dashboards recount.
    await changed(chatId, sender === 'staff' && chat.waitingSince !== null);
    if (viaWhatsApp) await deps.queue.send('whatsappSend', { messageId: row.id });
    return (await repository.findMessage(row.id)) ?? row;
  }

  /**
   * The assistant's message, stored only while the chat is still the assistant's (checked in the
   * same statement). Null when a person has taken the chat meanwhile: nothing is stored or sent.
   */
  async function postAssistantReply(chatId: string, text: string, answered?: Date): Promise<Message | null> {
    const stored = await repository.insertIfAssistantHolds(
      chatId,
      { text, at: clock(), ...(answered ? { answered } : {}) },
      changedInStatement(chatId),
    );
    if (!stored) return null;
    const { row, to } = stored;
    if (row.status === 'sending') {
      // Sent from this job at once, rather than by a second job a worker must first fetch: a
      // customer is waiting. If this try fails, the durable send takes over; if the process dies
      // first, the reply job's retry hands it over (handOverUnsent).
      await deliver({ messageId: row.id }, { isLast: false }, { message: row, chat: to }).catch(
        async (error: unknown) => {
          deps.log?.warn(
            { err: error, messageId: row.id },
            'WhatsApp send failed; the queued send retries it',
          );
          await deps.queue.send('whatsappSend', { messageId: row.id });
        },
      );
    }
    return toMessage(row);
  }

  /**
   * The WhatsApp templates staff can send (the channel's approved ones), as the channel lists
   * them now. Each listing is kept for the sends that follow for a few minutes: reminders go out
   * in batches, and listing the templates for each would spend the Graph API's rate limit.
   */
  let listed: { at: number; value: Promise<WhatsAppTemplate[]> } | null = null;
  async function templates(): Promise<WhatsAppTemplate[]> {
    const value = deps.whatsapp.listTemplates();
    listed = { at: clock().getTime(), value };
    try {
      return await value;
    } catch (error) {
      if (listed?.value === value) listed = null;
      throw new AppError('UPSTREAM', `WhatsApp templates could not be loaded: ${(error as Error).message}`);
    }
  }
  /** The templates for a send: the latest listing while it is fresh, else a new one. */
  function templatesToSend(): Promise<WhatsAppTemplate[]> {
    if (listed && clock().getTime() - listed.at < TEMPLATES_FRESH_MS)
      return listed.value.catch(() => templates());
    return templates();
  }

  /**
   * Messages stored for WhatsApp whose sending never started (their process died in between):
   * the durable send takes them. Only for a caller that knows no send of theirs is under way.
   */
  async function handOverUnsent(messageIds: string[]) {
    for (const messageId of messageIds) await deps.queue.send('whatsappSend', { messageId });
  }

  return {
    deliver,
    postAssistantReply,
    handOverUnsent,

    /**
     * In the caller's transaction (a client's erasure): the customer's contacts named by no one and
     * their chats' messages without words. The caller publishes `chats.changed` after the commit.
     */
    eraseCustomerIn(tx: Db, input: { contactIds: string[]; chatIds: string[]; anonymousId: string }) {
      return createChatsRepository(tx).eraseCustomer(input);
    },

    /** The chat's assignment and its messages since the last '/new' or handoff (the assistant's memory). */
    async conversation(chatId: string, limit = 40) {
      return (await repository.conversation(chatId, limit)) ?? null;
    },

    /** Remembers (or forgets, with null) the change the assistant asked the customer to confirm. */
    setPendingChange(chatId: string, change: Record<string, unknown> | null) {
      return repository.setPendingChange(chatId, change);
    },

    /** Who has the chat and its newest message: what a run checks right before it answers. */
    latest(chatId: string) {
      return repository.latest(chatId);
    },

    async findByPhone(prefix: string, phone: string) {
      return repository.findChatByPhone(prefix, phone);
    },

    /**
     * Gives the chat to a person: says goodbye for the assistant, switches the chat to human if the
     * assistant still has it, then tells dashboards and staff. False if a person had it already.
     */
    async handOver(
      chatId: string,
      handover: {
        reason: string;
        /** Why, as Insights counts handovers. */
        kind: HandoffReason;
        customerMessage: string | null;
        type: 'warning' | 'error';
      },
    ) {
      const chat = await repository.findChat(chatId);
      if (chat?.assignedTo !== 'ai') return false;
      if (handover.customerMessage && !(await postAssistantReply(chatId, handover.customerMessage)))
        return false;
      if (!(await repository.takeFromAssistant(chatId, clock(), handover.kind))) return false;
      await events.publish({ type: 'chats.changed', chatId, waiting: true });
      await deps.notify({
        type: handover.type,
        title: HANDOFF_TITLES[handover.type],
        message: `${chat.name}: ${handover.reason}`,
        link: chatLink(chatId),
      });
      return true;
    },

    /** Tells staff something a customer said that needs no answer from them (the chat stays as it is). */
    async tellStaff(chatId: string, what: string) {
      const chat = await repository.findChat(chatId);
      if (!chat) return;
      await deps.notify({
        type: 'info',
        title: 'Customer update',
        message: `${chat.name}: ${what}`,
        link: chatLink(chatId),
      });
    },

    /** A status callback from the channel: moves the message forward only, and tells staff of a failure. */
    async applyDeliveryStatus(update: DeliveryStatus) {
      const message = await repository.findMessageByExternalId(update.externalId);
      if (!message) return false;
      const updated = await repository.advanceStatus(
        message.id,
        update.status,
        update.status === 'failed' ? { error: update.error } : {},
        events.inStatement({ type: 'messages.changed', chatId: message.chatId }),
      );
      if (!updated) return false;
      if (update.status === 'failed') {
        await deps.notify({
          type: 'error',
          title: 'WhatsApp message not delivered',
          message: `WhatsApp could not deliver a message${update.error ? `: ${update.error}` : '.'}`,
          link: `/chat/${message.chatId}`,
        });
      }
      return true;
    },

    /** Chats whose customer waits for a person: handed over, and no person has replied or given them back. */
    async waiting() {
      return { chatIds: await shared.read('waiting', () => repository.waitingChatIds()) };
    },

    /** How many chats have unread messages, up to the count the list's header can show ('99+' past 99). */
    async unread(): Promise<UnreadChats> {
      return { count: await shared.read('unread', () => repository.countUnread(UNREAD_CHATS_COUNT_LIMIT)) };
    },

    async list(query: {
      search?: string;
      channel?: ChatChannel;
      limit?: number;
      offset?: number;
      cursor?: string;
    }) {
      const limit = query.limit ?? CHAT_LIST_DEFAULT_LIMIT;
      const after = decodeCursor(query.cursor, isTimestampKey);
      const read = () => repository.list(query.search, limit, query.offset, after, query.channel);
      // Every dashboard reloads the same first page; searches and later pages are each person's own.
      const rows =
        query.search || after || query.offset
          ? await read()
          : await shared.read(`list:${query.channel ?? 'all'}:${limit}`, read);
      return rows.map(toChat);
    },

    async get(id: string): Promise<ChatDetail> {
      const chat = await loadChat(id);
      const lastCustomerAt =
        chat.channel === 'whatsapp' ? await repository.lastCustomerMessageAt(id) : undefined;
      return {
        ...toChat(chat),
        replyWindowEndsAt: lastCustomerAt
          ? new Date(lastCustomerAt.getTime() + WINDOW_MS).toISOString()
          : null,
        replyTo: chat.replyTo ?? null,
      };
    },

    /** A chat's messages after one of them (by id), oldest first; the first 500 after null. */
    async messagesAfter(chatId: string, afterId: string | null) {
      return (await repository.listMessagesAfter(chatId, afterId)).map(toMessage);
    },

    /** A chat's newest message, if it has any. */
    async newestMessage(chatId: string) {
      const [row] = await repository.listMessages(chatId, 1);
      return row ? toMessage(row) : undefined;
    },

    /** One message of a chat, or undefined. */
    async messageOf(chatId: string, messageId: string) {
      const row = await repository.findMessage(messageId);
      return row?.chatId === chatId ? toMessage(row) : undefined;
    },

    async messages(id: string) {
      await loadChat(id);
      return (await repository.listMessages(id)).map(toMessage);
    },

    /** A staff reply: refused while the assistant has the chat, and outside WhatsApp's 24-hour window. */
    async sendAsStaff(id: string, text: string): Promise<Message> {
      const chat = await loadChat(id);
      if (chat.assignedTo === 'ai') throw conflict(CHAT_MESSAGES.aiAssigned);
      if (chat.channel === 'whatsapp') {
        const last = await repository.lastCustomerMessageAt(id);
        if (!last || clock().getTime() - last.getTime() > WINDOW_MS)
          throw conflict(CHAT_MESSAGES.windowClosed);
      }
      return toMessage(await postOutgoing(id, text.trim(), 'staff'));
    },

    templates,

    /** A template message from staff: allowed at any time on WhatsApp, unlike free-form text. */
    async sendTemplate(id: string, input: SendTemplateRequest & { parameters: string[] }): Promise<Message> {
      const chat = await loadChat(id);
      if (chat.channel !== 'whatsapp') throw conflict(CHAT_MESSAGES.templateWhatsAppOnly);
      if (chat.assignedTo === 'ai') throw conflict(CHAT_MESSAGES.aiAssigned);
      const template = (await templatesToSend()).find(
        (candidate) => candidate.name === input.name && candidate.language === input.language,
      );
      if (!template) throw invalid(CHAT_MESSAGES.templateNotFound);
      if (input.parameters.length !== template.parameterCount)
        throw invalid(CHAT_MESSAGES.templateParameters);
      const text = renderTemplate(template.body, input.parameters);
      const message = { name: template.name, language: template.language, parameters: input.parameters };
      return toMessage(await postOutgoing(id, text, 'staff', message));
    },

    /**
     * A template the business sends on its own (a reminder) to a number's chat, made if the number
     * never wrote. Answers the stored message's id; its delivery goes through the durable send job.
     */
    async sendSystemTemplate(to: { name: string; prefix: string; phone: string }, input: TemplateMessage) {
      const template = (await templatesToSend()).find(
        (candidate) => candidate.name === input.name && candidate.language === input.language,
      );
      if (!template || template.parameterCount !== input.parameters.length) {
        throw invalid(
          `WhatsApp template ${input.name} (${input.language}) is not approved with ${input.parameters.length} placeholders`,
        );
      }
      const chatId =
        (await repository.findChatByPhone(to.prefix, to.phone))?.id ??
        (await repository.createContactChat({ ...to, channel: 'whatsapp' })).chatId;
      const row = await postOutgoing(
        chatId,
        renderTemplate(template.body, input.parameters),
        'system',
        input,
      );
      return row.id;
    },

    async toggleAi(id: string) {
      const chat = await loadChat(id);
      // Either way the assistant's memory starts afresh: it never reads a person's conversation.
      await repository.setAssignment(id, chat.assignedTo === 'ai' ? 'human' : 'ai', clock());
      await changed(id, chat.waitingSince !== null);
      return toChat(await loadChat(id));
    },

    /** Opening a chat: the customer's messages are read, and so is its handoff notification. */
    async markRead(id: string) {
      await loadChat(id);
      const updated = await repository.markRead(id, clock());
      if (updated > 0) await events.publish({ type: 'chats.changed', chatId: id });
      await deps.markNotificationsRead(chatLink(id), Object.values(HANDOFF_TITLES));
      return { updated };
    },

    async remove(id: string) {
      if (!(await repository.deleteChat(id))) throw notFound(CHAT_MESSAGES.notFound);
      await events.publish({ type: 'chats.changed', chatId: id, waiting: true });
    },

    async getContact(id: string): Promise<Contact> {
      const row = await repository.findContact(id);
      if (!row) throw notFound(CHAT_MESSAGES.contactNotFound);
      return toContact(row);
    },

    async updateContact(id: string, input: z.output<typeof updateContactSchema>): Promise<Contact> {
      const row = await repository.updateContact(id, {
        name: input.name,
        email: input.email,
        notes: input.notes,
        profilePicture: input.profilePicture,
      });
      if (!row) throw notFound(CHAT_MESSAGES.contactNotFound);
      await events.publish({ type: 'chats.changed' });
      return toContact(row);
    },

    /** A web chat's visitor proved a client's email (or the client is gone: null). */
    async actFor(chatId: string, clientId: string | null) {
      if (await repository.actFor(chatId, clientId)) await changed(chatId);
    },

    /**
     * A customer's message from any channel: finds or creates the contact and chat, stores it once,
     * and, while the assistant has the chat, queues its reply as a durable job. The simulator
     * answers its own messages inline instead (`forAssistant`), so its page can show the reply.
     */
    async receiveInbound(
      input: InboundMessage,
      /** More events for the statement that stores the message (sent only if it commits). */
      alsoTell?: (chatId: string) => BusEvent[],
    ) {
      const existing = await repository.findChatByPhone(input.prefix, input.phone);
      const chatId =
        existing?.id ??
        (
          await repository.createContactChat({
            name: input.name,
            prefix: input.prefix,
            phone: input.phone,
            channel: input.channel,
            simulatedClientId: input.simulatedClientId ?? null,
          })
        ).chatId;
      const at = input.at ?? clock();
      const stored = await repository.insertCustomerMessage(
        {
          chatId,
          text: input.text,
          status: 'delivered',
          createdAt: at,
          ...(input.externalId ? { externalId: input.externalId } : {}),
        },
        new Date(at.getTime() - 60_000),
        alsoTell
          ? events.inStatement(...changeEvents(chatId), ...alsoTell(chatId))
          : changedInStatement(chatId),
      );
      if (!stored) return { chatId, messageId: null, duplicate: true, forAssistant: false };
      const row = stored.message;
      if (input.text.trim().toLowerCase() === NEW_CONVERSATION_COMMAND)
        await repository.resetContext(chatId, at);
      const forAssistant = stored.assignedTo === 'ai';
      if (
        forAssistant &&
        input.channel !== 'simulator' &&
        (await withinSenderLimit(chatId, stored.recentCustomerMessages, input))
      )
        await deps.queue.send('assistantReply', { chatId, messageId: row.id });
      return {
        chatId,
        messageId: row.id,
        duplicate: false,
        forAssistant,
        message: toMessage(row),
      };
    },
  };
}

export type ChatsService = ReturnType<typeof createChatsService>;
