import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import type { Db } from '../../db/client.ts';
import { chats, clients, messages } from '../../db/schema.ts';
import { createChatsRepository } from './chats.repository.ts';

const now = new Date('2026-11-22T10:00:00Z');
let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  // The clock ticks a millisecond a call, so each message is later than the one before it.
  let tick = 0;
  t = await buildTestApp({ clock: () => new Date(now.getTime() + tick++) });
  ({ headers } = await t.signIn());
});
afterAll(() => t.close());

type ListedChat = {
  id: string;
  name: string;
  lastMessage: { text: string; timestamp: string; isOutgoing: boolean } | null;
  unreadCount: number;
  clientId: string | null;
};

let phoneNumber = 655_000_000;
/** A customer writes on WhatsApp, through the service the webhook hands each message to. */
async function customerWrites(
  text: string,
  options: { name?: string; prefix?: string; phone?: string; at?: Date; externalId?: string } = {},
) {
  const phone = options.phone ?? String(++phoneNumber);
  const result = await t.app.services.chats.receiveInbound({
    prefix: options.prefix ?? '34',
    phone,
    name: options.name ?? 'Ana García',
    text,
    channel: 'whatsapp',
    ...(options.at ? { at: options.at } : {}),
    ...(options.externalId ? { externalId: options.externalId } : {}),
  });
  return { ...result, phone };
}

/** A chat a person has taken, so no assistant reply joins the history under test. */
async function humanChat(text: string, options: Parameters<typeof customerWrites>[1] = {}) {
  const first = await customerWrites(text, options);
  await t.app.inject({ method: 'PUT', url: `/api/chats/${first.chatId}/toggle-ai`, headers });
  return first;
}

const listed = async (chatId: string) => {
  const list = (await t.app.inject({ url: '/api/chats', headers })).json() as ListedChat[];
  return list.find((chat) => chat.id === chatId)!;
};
const detail = async (chatId: string) =>
  (await t.app.inject({ url: `/api/chats/${chatId}`, headers })).json() as ListedChat;
const markRead = (chatId: string) =>
  t.app.inject({ method: 'POST', url: `/api/chats/${chatId}/read`, headers });
const search = async (term: string) =>
  (
    (
      await t.app.inject({ url: `/api/chats?search=${encodeURIComponent(term)}`, headers })
    ).json() as ListedChat[]
  ).map((chat) => chat.id);

/** The truth the stored count must equal: the customer's messages nobody has read. */
async function unreadInHistory(chatId: string) {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.sender, 'customer'), isNull(messages.readAt)));
  return Number(row!.n);
}

async function storedSummary(chatId: string) {
  const [row] = await t.db.select().from(chats).where(eq(chats.id, chatId));
  return row!;
}

describe('the chat list summary', () => {
  it('shows the latest message, its sender and the unread count through messages, a reply and a read', async () => {
    const { chatId, phone } = await humanChat('Hola');
    await customerWrites('¿Tenéis sitio el martes?', { phone });
    let chat = await listed(chatId);
    expect(chat.lastMessage).toMatchObject({ text: '¿Tenéis sitio el martes?', isOutgoing: false });
    expect(chat.unreadCount).toBe(2);

    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/chats/${chatId}/messages`,
      headers,
      payload: { text: 'Sí, a las 10.' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    chat = await listed(chatId);
    expect(chat.lastMessage).toMatchObject({
      text: 'Sí, a las 10.',
      isOutgoing: true,
      timestamp: reply.json().timestamp,
    });
    // A staff reply is not the customer's to read: the count stays.
    expect(chat.unreadCount).toBe(2);

    expect((await markRead(chatId)).json()).toEqual({ updated: 2 });
    chat = await listed(chatId);
    expect(chat.unreadCount).toBe(0);
    expect(chat.lastMessage?.text).toBe('Sí, a las 10.');

    await customerWrites('Perfecto, gracias', { phone });
    expect(await detail(chatId)).toMatchObject({
      unreadCount: 1,
      lastMessage: { text: 'Perfecto, gracias', isOutgoing: false },
    });
  });

  it("the assistant's reply becomes the last message, and the customer's message stays unread", async () => {
    const { chatId } = await customerWrites('Hola, busco entrenador en Madrid');
    const [reply] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.chatId, chatId), eq(messages.sender, 'assistant')));
    expect(await listed(chatId)).toMatchObject({
      unreadCount: 1,
      lastMessage: { text: reply!.text, isOutgoing: true, timestamp: reply!.createdAt.toISOString() },
    });
  });

  it('after messages delivered all at once, twice over, with reads in between, the count is the real number unread', async () => {
    const { chatId, phone } = await humanChat('first');
    const ids = Array.from({ length: 30 }, () => `wamid.${randomUUID()}`);
    const deliveries = ids.map(
      (externalId, index) => () => customerWrites(`message ${index}`, { phone, externalId }),
    );
    // WhatsApp retries: every fifth message arrives a second time, at the same moment.
    const retries = ids
      .filter((_, index) => index % 5 === 0)
      .map((externalId) => () => customerWrites('a retry', { phone, externalId }));
    const taken: number[] = [];
    const reads = Array.from({ length: 10 }, () => async () => {
      const response = await markRead(chatId);
      expect(response.statusCode).toBe(200);
      taken.push((response.json() as { updated: number }).updated);
    });
    const work: Array<() => Promise<unknown>> = [...deliveries, ...retries];
    for (const [index, read] of reads.entries()) work.splice(index * 4 + 2, 0, read);
    // Each started a moment after the last, without waiting for it: reads land among messages being stored.
    const running: Promise<unknown>[] = [];
    for (const step of work) {
      running.push(step());
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(running);

    const unread = await unreadInHistory(chatId);
    expect((await storedSummary(chatId)).unreadCount).toBe(unread);
    expect((await listed(chatId)).unreadCount).toBe(unread);
    // Every customer message was taken off by exactly one read, or is still unread.
    expect(taken.reduce((sum, n) => sum + n, 0) + unread).toBe(31);
    // The retries stored nothing: the customer's first message and the thirty.
    const written = await t.db
      .select({ text: messages.text })
      .from(messages)
      .where(and(eq(messages.chatId, chatId), eq(messages.sender, 'customer')));
    expect(written).toHaveLength(31);

    // The last message is the latest in the history, whichever delivery committed last.
    const [latest] = await t.db
      .select({ text: messages.text })
      .from(messages)
      .where(eq(messages.chatId, chatId))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(1);
    expect((await listed(chatId)).lastMessage?.text).toBe(latest!.text);

    // And the count goes on from there: two more, then a read.
    await customerWrites('one more', { phone });
    await customerWrites('and another', { phone });
    expect((await listed(chatId)).unreadCount).toBe(unread + 2);
    expect((await markRead(chatId)).json()).toEqual({ updated: unread + 2 });
    expect((await listed(chatId)).unreadCount).toBe(0);
    expect(await unreadInHistory(chatId)).toBe(0);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a read and a message crossing in flight lose neither (PostgreSQL: two connections)',
    async () => {
      const { chatId, phone } = await humanChat('before');
      // This test file's database only: other files run on other databases of the same server.
      const waitingOnLock = async (statement: string) => {
        for (let attempt = 0; attempt < 500; attempt++) {
          const { rows } = await t.db.execute(
            sql`select 1 from pg_stat_activity where datname = current_database()
                   and wait_event_type = 'Lock' and query like ${`%${statement}%`}`,
          );
          if (rows.length > 0) return;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        throw new Error(`no statement waiting on a lock: ${statement}`);
      };

      // A message stored but not yet committed when the read starts: the read must leave it counted.
      let read: ReturnType<typeof markRead> | undefined;
      await t.db.transaction(async (tx) => {
        const inFlight = createChatsRepository(tx as unknown as Db);
        await inFlight.insertMessage({ chatId, text: 'in flight', sender: 'customer', status: 'delivered' });
        read = markRead(chatId);
        await waitingOnLock('update messages set read_at');
      });
      expect((await read!).json()).toEqual({ updated: 1 });
      expect((await storedSummary(chatId)).unreadCount).toBe(await unreadInHistory(chatId));
      expect(await unreadInHistory(chatId)).toBe(1);

      // A read not yet committed when a message arrives: the message must stay counted.
      let write: ReturnType<typeof customerWrites> | undefined;
      await t.db.transaction(async (tx) => {
        expect(await createChatsRepository(tx as unknown as Db).markRead(chatId, new Date())).toBe(1);
        write = customerWrites('arrived meanwhile', { phone });
        await waitingOnLock('insert into messages');
      });
      await write;
      expect((await storedSummary(chatId)).unreadCount).toBe(await unreadInHistory(chatId));
      expect(await unreadInHistory(chatId)).toBe(1);
    },
  );

  it('a message delivered late, with an older time than the last one, takes its place after it', async () => {
    // What staff and the assistant have not seen yet comes last: stored at its own time, it sat
    // above a reply it never had, and the customer looked answered.
    const { chatId, phone } = await humanChat('Newest so far');
    const last = (await listed(chatId)).lastMessage!;
    await customerWrites('Written earlier, delivered late', {
      phone,
      at: new Date(new Date(last.timestamp).getTime() - 60_000),
    });
    const chat = await listed(chatId);
    expect(chat.lastMessage?.text).toBe('Written earlier, delivered late');
    expect(chat.lastMessage!.timestamp > last.timestamp).toBe(true);
    expect(chat.unreadCount).toBe(2);
    expect((await storedSummary(chatId)).lastMessageAt?.toISOString()).toBe(chat.lastMessage!.timestamp);
  });
});

describe('a new number', () => {
  it('writing several messages at once gets one contact and one chat with all of them', async () => {
    const phone = String(++phoneNumber);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, n) => customerWrites(`a la vez ${n}`, { phone, name: 'Nueva' })),
    );
    const chatIds = new Set(results.map((result) => result.chatId));
    expect(chatIds.size).toBe(1);
    const [chatId] = [...chatIds];
    expect((await listed(chatId!)).unreadCount).toBe(8);
    expect(await unreadInHistory(chatId!)).toBe(8);
  });
});

describe('chat search', () => {
  it('finds a name without regard to case or accents, and not the others', async () => {
    const { chatId } = await customerWrites('hola', { name: 'Lucía García' });
    const other = await customerWrites('hola', { name: 'Marta Ruiz' });
    for (const term of ['lucia', 'LUCÍA', 'GARCIA', 'garcía', 'lucía garcia']) {
      const found = await search(term);
      expect(found, term).toContain(chatId);
      expect(found, term).not.toContain(other.chatId);
    }
    expect(await search('ruiz')).not.toContain(chatId);
  });

  it('finds a number however it is written', async () => {
    const { chatId } = await customerWrites('hola', { name: 'Phone Search', phone: '600124789' });
    const other = await customerWrites('hola', { name: 'Other Number', phone: '699000001' });
    for (const term of ['+34 600 12', '60012', '(600) 124-789', '34600124789', '600.124.789']) {
      const found = await search(term);
      expect(found, term).toContain(chatId);
      expect(found, term).not.toContain(other.chatId);
    }
  });

  it('finds a contact by the name and email staff gave it, and no longer by the old name', async () => {
    const { chatId } = await customerWrites('hola', { name: 'Nombre Viejo' });
    const contactId = ((await detail(chatId)) as unknown as { contact: string }).contact;
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/contacts/${contactId}`,
      headers,
      payload: { name: 'Begoña Íñiguez', email: 'bego@example.com' },
    });
    expect(updated.statusCode).toBe(200);
    expect(await search('begona iniguez')).toContain(chatId);
    expect(await search('bego@example')).toContain(chatId);
    expect(await search('nombre viejo')).not.toContain(chatId);
  });

  it('treats % and _ as the characters they are', async () => {
    // A marker of letters, so it is never read as a phone number.
    const suffix = `zq${randomUUID().slice(0, 8)}`;
    const percent = await customerWrites('hola', { name: `Rebaja 100% ${suffix}` });
    const digits = await customerWrites('hola', { name: `Rebaja 1000 ${suffix}` });
    const underscore = await customerWrites('hola', { name: `ana_${suffix}` });
    const letter = await customerWrites('hola', { name: `anax${suffix}` });
    expect(await search(`100% ${suffix}`)).toEqual([percent.chatId]);
    expect(await search(`ana_${suffix}`)).toEqual([underscore.chatId]);
    // Alone, one character matches the start of a name, still as itself: none starts with these.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search(suffix)).toHaveLength(4);
    expect(await search(suffix)).toEqual(expect.arrayContaining([digits.chatId, letter.chatId]));
  });

  it('one or two letters match the start of a name; three or more anywhere in it', async () => {
    const marker = randomUUID().slice(0, 6).replace(/\d/g, 'x');
    const first = await customerWrites('hola', { name: `Qúñ${marker} Soler` });
    const last = await customerWrites('hola', { name: `Ana Qun${marker}` });
    expect(await search('q')).toContain(first.chatId);
    expect(await search('QU')).toContain(first.chatId);
    expect(await search('qu')).not.toContain(last.chatId);
    expect(await search(`qun${marker}`)).toEqual(expect.arrayContaining([first.chatId, last.chatId]));
  });
});

describe('the client of a chat', () => {
  it('is the client whose phone has the same digits, however each is written', async () => {
    const { chatId } = await customerWrites('hola', { prefix: '34', phone: '600123456' });
    expect((await detail(chatId)).clientId).toBeNull();
    const [client] = await t.db.insert(clients).values({ name: 'Ana', phone: '+34 600 123 456' }).returning();
    expect((await detail(chatId)).clientId).toBe(client!.id);
    expect((await listed(chatId)).clientId).toBe(client!.id);
  });

  it('is the oldest client when two have the number', async () => {
    const { chatId } = await customerWrites('hola', { prefix: '34', phone: '600123457' });
    // A number without its country code is another number.
    await t.db.insert(clients).values({ name: 'Local number', phone: '600 123 457' });
    const [newer] = await t.db
      .insert(clients)
      .values({ name: 'Newer', phone: '+34600123457', createdAt: new Date('2026-06-01T00:00:00Z') })
      .returning();
    expect((await detail(chatId)).clientId).toBe(newer!.id);
    // Inserted later, but created earlier (an import): the oldest wins, not the first row stored.
    const [older] = await t.db
      .insert(clients)
      .values({ name: 'Older', phone: '(34) 600-123-457', createdAt: new Date('2026-01-01T00:00:00Z') })
      .returning();
    expect((await detail(chatId)).clientId).toBe(older!.id);
    expect((await listed(chatId)).clientId).toBe(older!.id);
  });
});
