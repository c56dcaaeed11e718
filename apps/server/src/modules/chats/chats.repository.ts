import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chats, contacts, messages } from '../../db/schema.ts';

export type ChatListRow = {
  id: string;
  contactId: string;
  name: string;
  email: string | null;
  prefix: string;
  phone: string;
  profilePicture: string | null;
  assignedTo: 'ai' | 'human';
  channel: 'whatsapp' | 'simulator';
  lastText: string | null;
  lastAt: Date | null;
  lastSender: string | null;
  unreadCount: number;
  clientId: string | null;
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

export function createChatsRepository(db: Db) {
  async function findMessage(id: string) {
    const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
    return row;
  }

  /**
   * One query for a page of chats: the page is chosen first on the chats table alone, then only
   * its rows get their contact, last message, unread count and linked client.
   */
  async function selectChats(
    where: ReturnType<typeof sql>,
    limit: number,
    offset = 0,
  ): Promise<ChatListRow[]> {
    const result = await db.execute(sql`
      with page as (
        select c.* from chats c join contacts ct on ct.id = c.contact_id
         where ${where}
         order by coalesce(c.last_message_at, c.created_at) desc, c.id
         limit ${limit} offset ${offset}
      )
      select c.id, c.contact_id as "contactId", ct.name, ct.email, ct.prefix, ct.phone,
             ct.profile_picture as "profilePicture", c.assigned_to as "assignedTo", c.channel,
             lm.text as "lastText", lm.created_at as "lastAt", lm.sender as "lastSender",
             (select count(*)::int from messages u
               where u.chat_id = c.id and u.sender = 'customer' and u.read_at is null) as "unreadCount",
             (select cl.id from clients cl
               where regexp_replace(cl.phone, '\\D', '', 'g') = ct.prefix || ct.phone
               order by cl.created_at limit 1) as "clientId"
        from page c
        join contacts ct on ct.id = c.contact_id
        left join lateral (
          select m.text, m.created_at, m.sender from messages m
           where m.chat_id = c.id order by m.created_at desc, m.id desc limit 1
        ) lm on true
       order by coalesce(c.last_message_at, c.created_at) desc, c.id`);
    return (result.rows as ChatListRow[]).map((row) => ({
      ...row,
      lastAt: row.lastAt ? new Date(row.lastAt) : null,
      unreadCount: Number(row.unreadCount),
    }));
  }

  return {
    async list(search?: string, limit = 5000, offset = 0) {
      if (!search) return selectChats(sql`true`, limit, offset);
      const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const digits = search.replace(/\D/g, '');
      return selectChats(
        digits
          ? sql`(ct.name ilike ${pattern} or (ct.prefix || ct.phone) like ${`%${digits}%`})`
          : sql`ct.name ilike ${pattern}`,
        limit,
        offset,
      );
    },

    async findChat(id: string) {
      const [row] = await selectChats(sql`c.id = ${id}`, 1);
      return row;
    },

    async findChatByPhone(prefix: string, phone: string) {
      const [row] = await db
        .select({ id: chats.id, contactId: contacts.id })
        .from(chats)
        .innerJoin(contacts, eq(contacts.id, chats.contactId))
        .where(and(eq(contacts.prefix, prefix), eq(contacts.phone, phone)))
        .limit(1);
      return row;
    },

    async findChatRecord(id: string) {
      const [row] = await db.select().from(chats).where(eq(chats.id, id)).limit(1);
      return row;
    },

    /** Creates the contact and its chat, or finds them if a concurrent delivery made them first. */
    async createContactChat(input: {
      name: string;
      prefix: string;
      phone: string;
      channel: 'whatsapp' | 'simulator';
    }) {
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
          .values({ contactId, channel: input.channel, assignedTo: 'ai' })
          .onConflictDoNothing({ target: chats.contactId })
          .returning({ id: chats.id });
        const chatId =
          chat?.id ??
          (await tx.select({ id: chats.id }).from(chats).where(eq(chats.contactId, contactId)))[0]!.id;
        return { chatId, contactId };
      });
    },

    async setAssignment(id: string, assignedTo: 'ai' | 'human', contextStartsAt?: Date) {
      const [row] = await db
        .update(chats)
        .set({ assignedTo, ...(contextStartsAt ? { contextStartsAt } : {}) })
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

    async listMessages(chatId: string, limit = 500) {
      const rows = await db
        .select()
        .from(messages)
        .where(eq(messages.chatId, chatId))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(limit);
      return rows.reverse();
    },

    async messagesSince(chatId: string, since: Date | null, limit = 40) {
      const rows = await db
        .select()
        .from(messages)
        .where(and(eq(messages.chatId, chatId), since ? sql`${messages.createdAt} >= ${since}` : undefined))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(limit);
      return rows.reverse();
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

    /** Inserts a message; an external id seen before inserts nothing and answers undefined. */
    async insertMessage(values: NewMessage) {
      const [row] = await db
        .insert(messages)
        .values(values)
        .onConflictDoNothing({ target: messages.externalId })
        .returning();
      if (row) {
        await db
          .update(chats)
          .set({ lastMessageAt: row.createdAt })
          .where(
            and(eq(chats.id, row.chatId), sql`coalesce(${chats.lastMessageAt}, 'epoch') <= ${row.createdAt}`),
          );
      }
      return row;
    },

    findMessage,

    async findContact(id: string) {
      const [row] = await db.select().from(contacts).where(eq(contacts.id, id)).limit(1);
      return row;
    },

    async updateContact(id: string, values: Pick<ContactRow, 'name' | 'email' | 'notes' | 'profilePicture'>) {
      const [row] = await db.update(contacts).set(values).where(eq(contacts.id, id)).returning();
      return row;
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
    ) {
      const from = STATUS_PREDECESSORS[status];
      if (from.length === 0) return undefined;
      const [row] = await db
        .update(messages)
        .set({ status, ...values })
        .where(and(eq(messages.id, id), inArray(messages.status, from)))
        .returning();
      return row;
    },

    /**
     * Stores the assistant's message only while the chat is still the assistant's, in the same
     * statement that checks it. The row lock makes a concurrent switch to a person wait for this
     * insert, or this insert see the switch: never a message after the switch.
     */
    async insertIfAssistantHolds(
      chatId: string,
      values: { text: string; status: MessageRow['status']; at: Date },
    ) {
      const result = await db.execute(sql`
        insert into messages (chat_id, text, sender, status, created_at)
        select c.id, ${values.text}, 'assistant', ${values.status}, ${values.at}
          from chats c where c.id = ${chatId} and c.assigned_to = 'ai'
           for share of c
        returning id`);
      const id = (result.rows[0] as { id: string } | undefined)?.id;
      if (!id) return undefined;
      await db
        .update(chats)
        .set({ lastMessageAt: values.at })
        .where(and(eq(chats.id, chatId), sql`coalesce(${chats.lastMessageAt}, 'epoch') <= ${values.at}`));
      return findMessage(id);
    },

    /** Gives the chat to a person if the assistant still has it; false when it was already a person's. */
    async takeFromAssistant(id: string, at: Date) {
      const rows = await db
        .update(chats)
        .set({ assignedTo: 'human', contextStartsAt: at })
        .where(and(eq(chats.id, id), eq(chats.assignedTo, 'ai')))
        .returning({ id: chats.id });
      return rows.length > 0;
    },

    async markRead(chatId: string, at: Date) {
      const rows = await db
        .update(messages)
        .set({ readAt: at })
        .where(and(eq(messages.chatId, chatId), eq(messages.sender, 'customer'), isNull(messages.readAt)))
        .returning({ id: messages.id });
      return rows.length;
    },
  };
}

export type ChatsRepository = ReturnType<typeof createChatsRepository>;
