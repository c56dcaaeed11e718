import type { ChatChannel } from '@chatdesk/contract/chats';
import type { HandoffReason } from '@chatdesk/contract/insights';
import { ERASED_CLIENT_NAME } from '@chatdesk/contract/privacy';
import { and, asc, desc, eq, gt, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { ERASED_TEXT } from '../../db/redact.ts';
import { chats, contacts, messages } from '../../db/schema.ts';
import { searchMatchesTextOrNumber } from '../../db/search.ts';
import type { Position } from '../../lib/cursor.ts';

export type ChatListRow = {
  id: string;
  contactId: string;
  name: string;
  email: string | null;
  prefix: string;
  phone: string;
  profilePicture: string | null;
  assignedTo: 'ai' | 'human';
  channel: ChatChannel;
  lastText: string | null;
  lastAt: Date | null;
  lastSender: string | null;
  unreadCount: number;
  clientId: string | null;
  /** Since when the customer waits for a person, or null. */
  waitingSince: Date | null;
  /** The customer's last message, read only for a waiting chat (null otherwise). */
  lastCustomerText: string | null;
  /** The list's sort key as exact text (UTC, microseconds), for the chat's cursor. */
  cursorKey: string;
  /** A web chat's reply-to address, from its visitor's session (modules/web-chat); null otherwise. */
  replyTo: string | null;
};

export type MessageRow = typeof messages.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
export type NewMessage = Pick<typeof messages.$inferInsert, 'chatId' | 'text' | 'sender' | 'status'> &
  Partial<Pick<typeof messages.$inferInsert, 'externalId' | 'createdAt' | 'readAt' | 'error' | 'template'>>;

/** The statuses each status may follow: status only moves forward. */
const STATUS_PREDECESSORS: Record<MessageRow['status'], MessageRow['status'][]> = {
  sending: [],
  sent: ['sending'],
  delivered: ['sending', 'sent'],
  read: ['sending', 'sent', 'delivered'],
  failed: ['sending', 'sent', 'delivered'],
};

/** The columns of a message as a MessageRow names them, for statements written in SQL. */
const MESSAGE_COLUMNS = sql.raw(
  `id, chat_id as "chatId", text, sender, status, external_id as "externalId", error, template,
   read_at as "readAt", created_at as "createdAt"`,
);

const asDate = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

/** A message from a row that may carry more columns (those MESSAGE_COLUMNS names, and others). */
function toMessageRow(row: unknown): MessageRow | undefined {
  if (!row) return undefined;
  const m = row as MessageRow;
  return {
    id: m.id,
    chatId: m.chatId,
    text: m.text,
    sender: m.sender,
    status: m.status,
    externalId: m.externalId,
    error: m.error,
    template: m.template,
    readAt: asDate(m.readAt),
    createdAt: asDate(m.createdAt)!,
  };
}

/**
 * The chat-summary update for the message rows in the CTE `m`: in the statement that writes the
 * message, so the summary can never disagree with the history (a concurrent mark-read either
 * sees the message and takes it off, or does not and leaves its +1).
 */
const summaryColumns = sql`
    last_message_text = case when coalesce(chats.last_message_at, 'epoch') <= m."createdAt" then m.text else chats.last_message_text end,
    last_message_sender = case when coalesce(chats.last_message_at, 'epoch') <= m."createdAt" then m.sender else chats.last_message_sender end,
    last_message_at = greatest(chats.last_message_at, m."createdAt"),
    unread_count = chats.unread_count + case when m.sender = 'customer' and m."readAt" is null then 1 else 0 end,
    -- A person's reply is what ends a customer's wait for a person (not opening the chat).
    waiting_since = case when m.sender = 'staff' then null else chats.waiting_since end`;
/**
 * A time for a chat's next message: `at` (now when null), or just after the chat's latest message
 * if that is later. In milliseconds, the precision the service reads times back in.
 */
const NEXT_MESSAGE_AT = (at: SQL, last: SQL = sql`last_message_at`) =>
  sql`greatest(coalesce(${at}, date_trunc('milliseconds', now())),
               date_trunc('milliseconds', ${last}) + interval '1 millisecond')`;
const updateSummary = sql`update chats set ${summaryColumns} from m where chats.id = m."chatId"`;

/** 0 → "", 1 → "b", 27 → "bb": a suffix of letters only, so an erased contact's number holds no digit. */
const lettersOf = (index: number): string =>
  index === 0 ? '' : lettersOf(Math.floor(index / 26)) + String.fromCharCode(97 + (index % 26));

export function createChatsRepository(db: Db) {
  async function findMessage(id: string) {
    const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
    return row;
  }

  /**
   * A page of chats in one query: the page is an index walk in activity order (chats_activity_idx);
   * each chat carries its last message and unread count, and its client is an index lookup by the
   * stored phone digits. Nothing here reads a chat's history, so the cost does not grow with it.
   */
  async function selectChats(
    where: ReturnType<typeof sql>,
    limit: number,
    offset = 0,
    after?: Position,
  ): Promise<ChatListRow[]> {
    // After a position: the index's first column bounds the walk (`chats_activity_idx` is
    // activity desc, id asc), the second breaks ties, so a deep page costs what the first does.
    const afterPosition = after
      ? sql`and coalesce(c.last_message_at, c.created_at) <= ${after.key}::timestamptz
            and (coalesce(c.last_message_at, c.created_at) < ${after.key}::timestamptz or c.id > ${after.id}::uuid)`
      : sql``;
    const result = await db.execute(sql`
      with page as (
        select c.*, ct.name, ct.email, ct.prefix, ct.phone, ct.profile_picture, ct.phone_digits
          from chats c join contacts ct on ct.id = c.contact_id
         where ${where} ${afterPosition}
         order by coalesce(c.last_message_at, c.created_at) desc, c.id
         limit ${limit} offset ${offset}
      )
      select c.id, c.contact_id as "contactId", c.name, c.email, c.prefix, c.phone,
             c.profile_picture as "profilePicture", c.assigned_to as "assignedTo", c.channel,
             c.last_message_text as "lastText", c.last_message_at as "lastAt",
             c.last_message_sender as "lastSender", c.unread_count as "unreadCount",
             c.waiting_since as "waitingSince",
             -- Only the few waiting chats look into their messages: a short backward walk of
             -- messages_chat_created_idx; CASE runs the subquery for no other row.
             case when c.waiting_since is not null then
               (select m.text from messages m where m.chat_id = c.id and m.sender = 'customer'
                 order by m.created_at desc limit 1)
             end as "lastCustomerText",
             -- A web chat's client is the one whose email the visitor proved (its number is letters).
             coalesce((select cl.id from clients cl where cl.phone_digits = c.phone_digits
               order by cl.created_at limit 1),
               case when c.channel = 'web' then c.simulated_client_id end) as "clientId",
             case when c.channel = 'web' then
               (select s.reply_to from web_chat_sessions s where s.phone = c.phone and c.prefix = 'web')
             end as "replyTo",
             to_char(coalesce(c.last_message_at, c.created_at) at time zone 'UTC',
                     'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursorKey"
        from page c
       order by coalesce(c.last_message_at, c.created_at) desc, c.id`);
    return (result.rows as ChatListRow[]).map((row) => ({
      ...row,
      lastAt: row.lastText === null || !row.lastAt ? null : new Date(row.lastAt),
      unreadCount: Number(row.unreadCount),
      waitingSince: row.waitingSince ? new Date(row.waitingSince) : null,
    }));
  }

  return {
    async list(
      search: string | undefined,
      limit: number,
      offset = 0,
      after?: Position,
      channel?: ChatChannel,
    ) {
      const ofChannel = channel ? sql`c.channel = ${channel}` : sql`true`;
      if (!search) return selectChats(ofChannel, limit, offset, after);
      // Name and email, without regard to case or accents; a number however it is written.
      return selectChats(
        sql`${ofChannel} and ${searchMatchesTextOrNumber(sql`c.search_text`, search)}`,
        limit,
        offset,
        after,
      );
    },

    async findChat(id: string) {
      const [row] = await selectChats(sql`c.id = ${id}`, 1);
      return row;
    },

    async findChatByPhone(prefix: string, phone: string) {
      const result = await executePrepared(
        db,
        sql`select c.id, ct.id as "contactId", c.simulated_client_id as "simulatedClientId"
              from chats c join contacts ct on ct.id = c.contact_id
             where ct.prefix = ${prefix} and ct.phone = ${phone} limit 1`,
      );
      return result.rows[0] as
        | { id: string; contactId: string; simulatedClientId: string | null }
        | undefined;
    },

    /** An outgoing message with its chat's contact name and number: what a send needs, in one read. */
    async findMessageToSend(messageId: string) {
      const [row] = await db
        .select({
          message: messages,
          chat: { id: chats.id, name: contacts.name, prefix: contacts.prefix, phone: contacts.phone },
        })
        .from(messages)
        .innerJoin(chats, eq(chats.id, messages.chatId))
        .innerJoin(contacts, eq(contacts.id, chats.contactId))
        .where(eq(messages.id, messageId))
        .limit(1);
      return row;
    },

    /** Creates the contact and its chat, or finds them if a concurrent delivery made them first. */
    async createContactChat(input: {
      name: string;
      prefix: string;
      phone: string;
      channel: ChatChannel;
      /**
       * The client a simulator chat plays (chosen by staff) or a web chat acts for (its visitor
       * proved the client's email); never set for WhatsApp, whose own number says who it is.
       */
      simulatedClientId?: string | null;
    }) {
      const simulatedClientId = input.channel !== 'whatsapp' ? (input.simulatedClientId ?? null) : null;
      // The usual case, a new number, in one statement: a contact this statement creates has no chat.
      const created = await executePrepared(
        db,
        sql`
        with ct as (
          insert into contacts (name, prefix, phone) values (${input.name}, ${input.prefix}, ${input.phone})
          on conflict (prefix, phone) do nothing
          returning id, search_text
        )
        insert into chats (contact_id, channel, assigned_to, search_text, simulated_client_id)
        select id, ${input.channel}, 'ai', search_text, ${simulatedClientId}::uuid from ct
        returning id as "chatId", contact_id as "contactId"`,
      );
      const row = created.rows[0] as { chatId: string; contactId: string } | undefined;
      if (row) return row;
      // A concurrent delivery made the contact first: find it (and its chat, or make the chat), each
      // statement seeing what committed before it.
      return db.transaction(async (tx) => {
        const [contact] = await tx
          .insert(contacts)
          .values({ name: input.name, prefix: input.prefix, phone: input.phone })
          .onConflictDoNothing({ target: [contacts.prefix, contacts.phone] })
          .returning({ id: contacts.id });
        const contactId =
          contact?.id ??
          (
            await tx
              .select({ id: contacts.id })
              .from(contacts)
              .where(and(eq(contacts.prefix, input.prefix), eq(contacts.phone, input.phone)))
          )[0]!.id;
        const [chat] = await tx
          .insert(chats)
          .values({
            contactId,
            channel: input.channel,
            simulatedClientId,
            assignedTo: 'ai',
            searchText: sql`(select search_text from contacts where id = ${contactId})`,
          })
          .onConflictDoNothing({ target: chats.contactId })
          .returning({ id: chats.id });
        const chatId =
          chat?.id ??
          (await tx.select({ id: chats.id }).from(chats).where(eq(chats.contactId, contactId)))[0]!.id;
        return { chatId, contactId };
      });
    },

    /**
     * A web chat's visitor proved a client's email: the chat acts for that client from now on.
     * Only for web chats (a WhatsApp chat is its own number; a simulator's client is chosen when made).
     */
    async actFor(chatId: string, clientId: string | null) {
      const rows = await db
        .update(chats)
        .set({ simulatedClientId: clientId })
        .where(and(eq(chats.id, chatId), eq(chats.channel, 'web')))
        .returning({ id: chats.id });
      return rows.length > 0;
    },

    /** Staff switching the chat either way: nobody waits for a person after that. */
    async setAssignment(id: string, assignedTo: 'ai' | 'human', contextStartsAt?: Date) {
      const [row] = await db
        .update(chats)
        .set({ assignedTo, waitingSince: null, ...(contextStartsAt ? { contextStartsAt } : {}) })
        .where(eq(chats.id, id))
        .returning();
      return row;
    },

    async resetContext(id: string, at: Date) {
      await db.update(chats).set({ contextStartsAt: at }).where(eq(chats.id, id));
    },

    /** Deleting the contact deletes its chat and messages (cascades). */
    async deleteChat(id: string) {
      const [chat] = await db.select({ contactId: chats.contactId }).from(chats).where(eq(chats.id, id));
      if (!chat) return false;
      await db.delete(contacts).where(eq(contacts.id, chat.contactId));
      return true;
    },

    /**
     * A chat's messages stored after the message `afterId` (in the list's order), oldest first: what
     * a live stream has not sent yet. The order is read from the row itself, at its full precision.
     */
    async listMessagesAfter(chatId: string, afterId: string | null, limit = 500) {
      const rows = await db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.chatId, chatId),
            afterId
              ? sql`(${messages.createdAt}, ${messages.id}) > (select created_at, id from messages where id = ${afterId}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(messages.createdAt), asc(messages.id))
        .limit(limit);
      return rows;
    },

    async listMessages(chatId: string, limit = 500) {
      const rows = await db
        .select()
        .from(messages)
        .where(eq(messages.chatId, chatId))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(limit);
      return rows.reverse();
    },

    /**
     * Who has the chat and its latest messages since its context starts (the last '/new' or
     * handoff), oldest first, in one read. Undefined when there is no such chat.
     *
     * `clientPhoneDigits` is the number whose client the customer may act as: a WhatsApp chat's own
     * number (the channel verified it: the webhook is signed), or on a simulator chat the number of
     * the client staff chose to play. A simulator chat's own made-up number never is.
     */
    async conversation(chatId: string, limit: number) {
      const result = await executePrepared(
        db,
        sql`
        select c.assigned_to as "assignedTo", c.pending_change as "pendingChange",
               case when c.channel = 'whatsapp'
                    then (select phone_digits from contacts where id = c.contact_id)
                    else (select phone_digits from clients where id = c.simulated_client_id)
               end as "clientPhoneDigits",
               (select ref from conversations where chat_id = c.id order by started_at desc limit 1)
                 as "conversationRef", m.*
          from chats c
          left join lateral (
            select ${MESSAGE_COLUMNS} from messages
             where chat_id = c.id and (c.context_starts_at is null or created_at >= c.context_starts_at)
             order by created_at desc, id desc
             limit ${limit}
          ) m on true
         where c.id = ${chatId}`,
      );
      const rows = result.rows as Array<
        MessageRow & {
          assignedTo: 'ai' | 'human';
          pendingChange: unknown;
          clientPhoneDigits: string | null;
          conversationRef: string | null;
        }
      >;
      if (rows.length === 0) return undefined;
      const { assignedTo, pendingChange, clientPhoneDigits, conversationRef } = rows[0]!;
      return {
        chat: {
          id: chatId,
          assignedTo,
          pendingChange,
          clientPhoneDigits: clientPhoneDigits ?? '',
          // What the booking links of this conversation carry (Insights' bookings from chat).
          conversationRef,
        },
        history: rows
          .filter((row) => row.id !== null)
          .map((row) => toMessageRow(row)!)
          .reverse(),
      };
    },

    async setPendingChange(chatId: string, change: Record<string, unknown> | null) {
      await db.update(chats).set({ pendingChange: change }).where(eq(chats.id, chatId));
    },

    /** Who has the chat and its newest message, in one read. */
    async latest(chatId: string) {
      const result = await db.execute(sql`
        select c.assigned_to as "assignedTo", m.id, m.sender
          from chats c
          left join lateral (
            select id, sender from messages where chat_id = c.id order by created_at desc, id desc limit 1
          ) m on true
         where c.id = ${chatId}`);
      return result.rows[0] as
        | { assignedTo: 'ai' | 'human'; id: string | null; sender: MessageRow['sender'] | null }
        | undefined;
    },

    async lastCustomerMessageAt(chatId: string) {
      const [row] = await db
        .select({ at: messages.createdAt })
        .from(messages)
        .where(and(eq(messages.chatId, chatId), eq(messages.sender, 'customer')))
        .orderBy(desc(messages.createdAt))
        .limit(1);
      return row?.at;
    },

    /**
     * Inserts a message and, in the same statement, moves its chat's summary: the last message if
     * this one is the latest, and one more unread if the customer wrote it. An external id seen
     * before inserts nothing and answers undefined.
     */
    async insertMessage(values: NewMessage) {
      const template = values.template ? JSON.stringify(values.template) : null;
      const result = await db.execute(sql`
        with m as (
          insert into messages (chat_id, text, sender, status, external_id, error, template, read_at, created_at)
          values (${values.chatId}, ${values.text}, ${values.sender}, ${values.status}, ${values.externalId ?? null},
                  ${values.error ?? null}, ${template}::jsonb, ${values.readAt ?? null},
                  coalesce(${values.createdAt ?? null}::timestamptz, now()))
          on conflict (external_id) do nothing
          returning ${MESSAGE_COLUMNS}
        ), summary as (${updateSummary})
        select * from m`);
      return toMessageRow(result.rows[0]);
    },

    /**
     * A customer's message, as insertMessage stores it, answering in the same statement who has the
     * chat and how many customer messages its current burst holds (this one included; a burst that
     * began before `since` is over and this message begins the next), so receiving a message is one
     * round trip. A message id seen before inserts nothing and answers undefined.
     */
    async insertCustomerMessage(values: Omit<NewMessage, 'sender'>, since: Date, events: SQL) {
      const result = await executePrepared(
        db,
        sql`
        with prev as (
          -- The chat's row is locked first, and the message stamped after everything already on
          -- it: messages take their place in the order they were stored, whatever time they carry
          -- (WhatsApp's is to the second, and a retried webhook's is late). An assistant run that
          -- answered the latest message it read is then refused by any message stored after it.
          select ${NEXT_MESSAGE_AT(sql`${values.createdAt ?? null}::timestamptz`)} as at
            from chats where id = ${values.chatId} for no key update
        ), m as (
          insert into messages (chat_id, text, sender, status, external_id, created_at)
          select ${values.chatId}, ${values.text}, 'customer', ${values.status}, ${values.externalId ?? null}, prev.at
            from prev
          on conflict (external_id) do nothing
          returning ${MESSAGE_COLUMNS}
        ), summary as (
          -- The burst is counted on the chat's row: a concurrent message waits for this row's lock
          -- and then counts on from this one's number, so the limit's line is crossed exactly once.
          update chats set ${summaryColumns},
            burst_count = case when chats.burst_started_at > ${since} then chats.burst_count + 1 else 1 end,
            burst_started_at = case when chats.burst_started_at > ${since} then chats.burst_started_at
                                    else m."createdAt" end
            from m where chats.id = m."chatId"
          returning chats.assigned_to, chats.burst_count),
        notified as (${events})
        select m.*, (select assigned_to from summary) as "assignedTo",
               (select count(*) from notified) as "notified",
               (select burst_count from summary) as "recentCustomerMessages"
          from m`,
      );
      const row = result.rows[0] as
        | (MessageRow & { assignedTo: 'ai' | 'human'; recentCustomerMessages: number })
        | undefined;
      if (!row) return undefined;
      return {
        message: toMessageRow(row)!,
        assignedTo: row.assignedTo,
        recentCustomerMessages: Number(row.recentCustomerMessages),
      };
    },

    findMessage,

    async findContact(id: string) {
      const [row] = await db.select().from(contacts).where(eq(contacts.id, id)).limit(1);
      return row;
    },

    /** Updates the contact and, in the same transaction, its chat's copy of its search text. */
    async updateContact(id: string, values: Pick<ContactRow, 'name' | 'email' | 'notes' | 'profilePicture'>) {
      return db.transaction(async (tx) => {
        const [row] = await tx.update(contacts).set(values).where(eq(contacts.id, id)).returning();
        if (row) await tx.update(chats).set({ searchText: row.searchText }).where(eq(chats.contactId, id));
        return row;
      });
    },

    async findMessageByExternalId(externalId: string) {
      const [row] = await db.select().from(messages).where(eq(messages.externalId, externalId)).limit(1);
      return row;
    },

    /**
     * Moves an outgoing message's status forward only (sending → sent → delivered → read, or
     * failed from any but read), in one conditional statement: two callbacks racing cannot move
     * it back, whichever commits last.
     */
    async advanceStatus(
      id: string,
      status: MessageRow['status'],
      values: { error?: string | null; externalId?: string } = {},
      /** Events to send with the change (event bus inStatement), only if the status moved. */
      events?: SQL,
    ) {
      const from = STATUS_PREDECESSORS[status];
      if (from.length === 0) return undefined;
      const sets = [sql`status = ${status}`];
      if ('error' in values) sets.push(sql`error = ${values.error ?? null}`);
      if (values.externalId !== undefined) sets.push(sql`external_id = ${values.externalId}`);
      const result = await executePrepared(
        db,
        sql`
        with u as (
          update messages set ${sql.join(sets, sql`, `)}
           where id = ${id} and status in (${sql.join(
             from.map((each) => sql`${each}`),
             sql`, `,
           )})
          returning ${MESSAGE_COLUMNS}
        )${events ? sql`, notified as (${events})` : sql``}
        select u.*${events ? sql`, (select count(*) from notified) as "notified"` : sql``} from u`,
      );
      return toMessageRow(result.rows[0]);
    },

    /**
     * Stores the assistant's message only while the chat is still the assistant's, in the same
     * statement that checks it. The row lock makes a concurrent switch to a person wait for this
     * insert, or this insert see the switch: never a message after the switch. It is the lock the
     * summary's update takes anyway (no key update): a share lock upgraded by that update
     * deadlocked two stores racing on one chat. A WhatsApp chat's
     * message starts `sending` (a job sends it), any other `delivered`.
     */
    /**
     * `answered`: the newest message the reply follows (the customer's it answered, or this run's
     * previous reply). Any message written after it refuses the reply: a customer's (whose run
     * answers everything) or another run's answer. The locked chat row, whose summary every
     * message writes, is re-read under the lock, so one committed a moment ago counts.
     */
    async insertIfAssistantHolds(
      chatId: string,
      values: { text: string; at: Date; answered?: Date },
      events: SQL,
    ) {
      const result = await executePrepared(
        db,
        sql`
        with m as (
          insert into messages (chat_id, text, sender, status, created_at)
          select c.id, ${values.text}, 'assistant',
                 case when c.channel = 'whatsapp' then 'sending' else 'delivered' end,
                 ${NEXT_MESSAGE_AT(sql`${values.at}::timestamptz`, sql`c.last_message_at`)}
            from chats c where c.id = ${chatId} and c.assigned_to = 'ai'
             and (${values.answered ?? null}::timestamptz is null
                  or c.last_message_at is null
                  or c.last_message_at <= ${values.answered ?? null}::timestamptz)
             for no key update of c
          returning ${MESSAGE_COLUMNS}
        ), summary as (${updateSummary}),
        notified as (${events}),
        -- Who it goes to, so the send needs no read of its own.
        ct as (select ct.name, ct.prefix, ct.phone from contacts ct join chats c on c.contact_id = ct.id where c.id = ${chatId})
        select m.*, (select count(*) from notified) as "notified",
               ct.name as "toName", ct.prefix as "toPrefix", ct.phone as "toPhone"
          from m cross join ct`,
      );
      const row = toMessageRow(result.rows[0]);
      if (!row) return undefined;
      const to = result.rows[0] as { toName: string; toPrefix: string; toPhone: string };
      return { row, to: { id: chatId, name: to.toName, prefix: to.toPrefix, phone: to.toPhone } };
    },

    /**
     * Gives the chat to a person if the assistant still has it, saying why (its conversation
     * records the handover, by trigger); false when it was already a person's.
     */
    async takeFromAssistant(id: string, at: Date, reason: HandoffReason) {
      const rows = await db
        .update(chats)
        .set({ assignedTo: 'human', contextStartsAt: at, waitingSince: at, handoffReason: reason })
        .where(and(eq(chats.id, id), eq(chats.assignedTo, 'ai')))
        .returning({ id: chats.id });
      return rows.length > 0;
    },

    /**
     * The chats whose customer waits for a person, the longest wait first: a walk of the partial
     * index on `waiting_since`, which only waiting chats are in.
     */
    async waitingChatIds() {
      const rows = await db
        .select({ id: chats.id })
        .from(chats)
        .where(isNotNull(chats.waitingSince))
        .orderBy(asc(chats.waitingSince), asc(chats.id));
      return rows.map((row) => row.id);
    },

    /**
     * How many chats have unread messages, counted up to `limit`: at most `limit` entries of the
     * partial index of unread chats are read, so 50,000 unread chats cost what 100 do.
     */
    async countUnread(limit: number) {
      const unread = db
        .select({ id: chats.id })
        .from(chats)
        .where(gt(chats.unreadCount, 0))
        .limit(limit)
        .as('unread');
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(unread);
      return Number(row?.count ?? 0);
    },

    /** Marks the customer's messages read and takes exactly those off the chat's unread count. */
    async markRead(chatId: string, at: Date) {
      const result = await db.execute(sql`
        with c as (
          -- The chat's row first, as a customer's message takes it (insertCustomerMessage): taken
          -- in the other order, a read and a webhook's retry of a message could wait on each other.
          select id from chats where id = ${chatId} for no key update
        ), r as (
          update messages set read_at = ${at}
           where chat_id = (select id from c) and sender = 'customer' and read_at is null
          returning 1
        ), summary as (
          update chats set unread_count = greatest(unread_count - (select count(*) from r), 0)
           where id = ${chatId} and exists (select 1 from r)
        )
        select count(*)::int as n from r`);
      return Number((result.rows[0] as { n: number }).n);
    },
    /**
     * A customer was erased: their contacts keep no name, address, notes, picture or number (a
     * number of letters, as the simulator's, so no client's phone ever links to it again), and
     * every message of their chats, and of simulator chats that played them, loses its words. The
     * rows stay, so the chat's history keeps its shape and the assistant's report its counts.
     */
    async eraseCustomer(input: { contactIds: string[]; chatIds: string[]; anonymousId: string }) {
      for (const [index, id] of input.contactIds.entries()) {
        const [row] = await db
          .update(contacts)
          .set({
            name: ERASED_CLIENT_NAME,
            email: null,
            notes: null,
            profilePicture: null,
            prefix: '',
            phone: `${input.anonymousId}${lettersOf(index)}`,
          })
          .where(eq(contacts.id, id))
          .returning({ searchText: contacts.searchText });
        if (row) await db.update(chats).set({ searchText: row.searchText }).where(eq(chats.contactId, id));
      }
      if (input.chatIds.length === 0) return 0;
      await db
        .update(chats)
        .set({
          lastMessageText: sql`case when ${chats.lastMessageText} is null then null else ${ERASED_TEXT} end`,
          pendingChange: null,
          simulatedClientId: null,
        })
        .where(inArray(chats.id, input.chatIds));
      const erased = await db
        .update(messages)
        .set({ text: ERASED_TEXT, template: null, error: null, externalId: null })
        .where(inArray(messages.chatId, input.chatIds))
        .returning({ id: messages.id });
      return erased.length;
    },
  };
}

export type ChatsRepository = ReturnType<typeof createChatsRepository>;
