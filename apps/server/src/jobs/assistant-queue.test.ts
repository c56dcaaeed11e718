import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import type { Turn } from '../modules/assistant/assistant-engine.ts';
import { createChatsRepository } from '../modules/chats/chats.repository.ts';

/** An engine that takes its time and records who ran at once: per chat, and overall. */
function recordingEngine(thinkMs: number) {
  const running = new Map<string, number>();
  const record = { maxPerChat: 0, maxOverall: 0, overall: 0, runs: new Map<string, number>() };
  return {
    record,
    engine: {
      name: 'rules' as const,
      async respond(turns: Turn[]) {
        const customer = turns.filter((turn) => turn.role === 'customer');
        const chat = customer[0]!.text.split(':')[0]!;
        running.set(chat, (running.get(chat) ?? 0) + 1);
        record.overall++;
        record.maxPerChat = Math.max(record.maxPerChat, running.get(chat)!);
        record.maxOverall = Math.max(record.maxOverall, record.overall);
        record.runs.set(chat, (record.runs.get(chat) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, thinkMs));
        running.set(chat, running.get(chat)! - 1);
        record.overall--;
        return { replies: [`${chat} saw ${customer.length}`], handoff: null };
      },
    },
  };
}

async function repliesOf(t: TestContext, phone: string) {
  const { rows } = await t.db.execute(sql`
    select m.text from messages m join chats c on c.id = m.chat_id join contacts ct on ct.id = c.contact_id
     where ct.phone = ${phone} and m.sender = 'assistant' order by m.created_at`);
  return (rows as { text: string }[]).map((row) => row.text);
}

describe('assistant replies on the durable queue', () => {
  const { engine, record } = recordingEngine(300);
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp({ withQueue: true, integrations: { assistant: engine } });
  }, 60_000);
  afterAll(() => t.close());

  it('runs different chats side by side, one run per chat at a time, and answers a burst once with all of it in view', async () => {
    const chats = ['ana', 'bea', 'carla', 'dora', 'eva'];
    // Each customer writes four messages at once.
    await Promise.all(
      chats.flatMap((chat, index) =>
        [1, 2, 3, 4].map((n) =>
          t.app.services.chats.receiveInbound({
            prefix: '34',
            phone: `71000000${index}`,
            name: chat,
            channel: 'whatsapp',
            text: `${chat}: message ${n}`,
          }),
        ),
      ),
    );
    for (const [index, chat] of chats.entries()) {
      await expect
        .poll(async () => (await repliesOf(t, `71000000${index}`)).at(-1), { timeout: 20_000 })
        .toBe(`${chat} saw 4`);
    }
    expect(record.maxPerChat).toBe(1);
    expect(record.maxOverall).toBeGreaterThan(1);
    // At most one run for the first message and one for the rest of the burst, never one per message.
    for (const chat of chats) expect(record.runs.get(chat)).toBeLessThanOrEqual(2);
    for (const index of chats.keys()) {
      // Never a reply to an older part of the conversation after the answer that saw it all.
      const replies = await repliesOf(t, `71000000${index}`);
      expect(replies.at(-1)).toMatch(/saw 4$/);
      expect(replies.length).toBeLessThanOrEqual(2);
    }
  }, 40_000);
});

describe('a customer who floods a chat', () => {
  const { engine, record } = recordingEngine(0);
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp({
      integrations: { assistant: engine },
      env: { ASSISTANT_SENDER_LIMIT_PER_MINUTE: '3' },
    });
  }, 60_000);
  afterAll(() => t.close());

  it('stops getting answers past the limit, keeps every message, and staff are told once', async () => {
    const customer = { prefix: '34', phone: '720000001', name: 'Flood', channel: 'whatsapp' as const };
    for (let n = 1; n <= 8; n++)
      await t.app.services.chats.receiveInbound({ ...customer, text: `flood: ${n}` });
    // The inline queue answers each message at once: three answers, then silence.
    expect(record.runs.get('flood')).toBe(3);
    const { rows } = await t.db.execute(sql`
      select count(*)::int as n from messages m join chats c on c.id = m.chat_id join contacts ct on ct.id = c.contact_id
       where ct.phone = '720000001' and m.sender = 'customer'`);
    expect((rows[0] as { n: number }).n).toBe(8);
    const notices = await t.db.execute(
      sql`select message, link from notifications where title = 'Too many messages from one customer'`,
    );
    expect(notices.rows).toHaveLength(1);
    expect((notices.rows[0] as { message: string }).message).toContain('+34 720000001');
  });

  it('messages arriving at once cross the limit once: staff are told exactly once', async () => {
    // Counted from the stored messages, two at once could both read the same number (PostgreSQL):
    // the notice came twice or never. The chat's row counts them in turn.
    const customer = { prefix: '34', phone: '720000003', name: 'Burst', channel: 'whatsapp' as const };
    await t.app.services.chats.receiveInbound({ ...customer, text: 'burst: 1' });
    await Promise.all(
      Array.from({ length: 11 }, (_, n) =>
        t.app.services.chats.receiveInbound({ ...customer, text: `burst: ${n + 2}` }),
      ),
    );
    const notices = await t.db.execute(
      sql`select message from notifications
           where title = 'Too many messages from one customer' and message like '%720000003%'`,
    );
    expect(notices.rows).toHaveLength(1);
    const { rows } = await t.db.execute(sql`
      select c.burst_count as n from chats c join contacts ct on ct.id = c.contact_id where ct.phone = '720000003'`);
    expect((rows[0] as { n: number }).n).toBe(12);

    // What each stored message was told, 20 more at once: every number once, none skipped or repeated.
    const repository = createChatsRepository(t.db);
    const chatId = (
      await t.db.execute(
        sql`select c.id from chats c join contacts ct on ct.id = c.contact_id where ct.phone = '720000003'`,
      )
    ).rows[0] as { id: string };
    const since = new Date(Date.now() - 60_000);
    const counts = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        repository.insertCustomerMessage(
          { chatId: chatId.id, text: `burst: ${n + 13}`, status: 'delivered' },
          since,
          sql`select 1 where false`,
        ),
      ),
    );
    expect(counts.map((stored) => stored!.recentCustomerMessages).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, n) => n + 13),
    );
  });

  it('another customer is answered all the while', async () => {
    await t.app.services.chats.receiveInbound({
      prefix: '34',
      phone: '720000002',
      name: 'Calm',
      channel: 'whatsapp',
      text: 'calm: hola',
    });
    expect(await repliesOf(t, '720000002')).toEqual(['calm saw 1']);
  });
});

describe('jobs left by pg-boss 10', () => {
  it('are moved to the new queues and run, and the old schema is dropped', async () => {
    const { engine } = recordingEngine(0);
    // The app with its queue stopped: the chat and its message exist, the reply job only in the old schema.
    const t = await buildTestApp({ integrations: { assistant: engine } });
    try {
      const { chatId, messageId } = await t.app.services.chats.receiveInbound({
        prefix: '34',
        phone: '730000001',
        name: 'Old',
        channel: 'simulator',
        text: 'old: hola',
      });
      await t.db.execute(sql`create schema pgboss`);
      await t.db.execute(sql`create table pgboss.job (name text, data jsonb, state text)`);
      await t.db.execute(sql`
        insert into pgboss.job values
          ('assistant.reply', ${JSON.stringify({ chatId, messageId })}::jsonb, 'created'),
          ('assistant.reply', ${JSON.stringify({ chatId, messageId })}::jsonb, 'completed')`);
      const { createJobQueue } = await import('./queue.ts');
      const queue = createJobQueue(
        t.database.kind === 'pglite' ? { pglite: t.database.pglite! } : { connectionString: t.database.url! },
      );
      queue.work('assistantReply', (job, attempt) =>
        t.app.services.assistant.replyTo(job, attempt).then(() => {}),
      );
      await queue.start();
      try {
        await expect.poll(() => repliesOf(t, '730000001'), { timeout: 15_000 }).toEqual(['old saw 1']);
        const { rows } = await t.db.execute(
          sql`select 1 from information_schema.schemata where schema_name = 'pgboss'`,
        );
        expect(rows).toHaveLength(0);
      } finally {
        await queue.stop();
      }
    } finally {
      await t.close();
    }
  }, 40_000);
});
