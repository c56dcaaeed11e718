import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { startJsonServer } from '../../test/fake-servers.ts';
import { messages } from '../db/schema.ts';

let t: TestContext;
let graph: Awaited<ReturnType<typeof startJsonServer>>;
const sends: string[] = [];
/** How many of the next sends the channel refuses with a 503. */
let refuse = 0;
/** The channel's message ids, unique across the tests as WhatsApp's are. */
let sent = 0;
beforeAll(async () => {
  graph = await startJsonServer(({ path, body }) => {
    if (!path.endsWith('/messages')) return { status: 200, body: { data: [] } };
    if (refuse > 0) {
      refuse--;
      return { status: 503, body: { error: { message: 'Service temporarily unavailable', code: 2 } } };
    }
    sends.push((body as { text: { body: string } }).text.body);
    return { status: 200, body: { messages: [{ id: `wamid.${++sent}` }] } };
  });
  t = await buildTestApp({
    withQueue: true,
    env: { WHATSAPP_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '1', WHATSAPP_API_URL: graph.url },
  });
}, 60_000);
afterAll(async () => {
  await t.close();
  await graph.close();
});
beforeEach(() => {
  sends.length = 0;
  refuse = 0;
});

const queuedSends = async () =>
  Number(
    (
      (await t.db.execute(sql`select count(*) as n from jobs.job where name = 'whatsapp.send'`)).rows[0] as {
        n: string;
      }
    ).n,
  );
const replyOf = async (chatId: string) =>
  (await t.db.select().from(messages).where(eq(messages.chatId, chatId))).find(
    (m) => m.sender === 'assistant',
  );
const customerWrites = (phone: string) =>
  t.app.services.chats.receiveInbound({
    prefix: '34',
    phone,
    name: 'Cliente',
    text: 'hola',
    channel: 'whatsapp',
  });

describe("the assistant's reply on WhatsApp", () => {
  it('is sent by the reply job itself, once, with no second job behind it', async () => {
    const before = await queuedSends();
    const { chatId } = await customerWrites('611777666');
    await expect
      .poll(async () => (await replyOf(chatId))?.status, { timeout: 20_000, interval: 100 })
      .toBe('sent');
    expect(sends).toHaveLength(1);
    expect((await replyOf(chatId))?.externalId).toBe(`wamid.${sent}`);
    expect(await queuedSends()).toBe(before);
  }, 40_000);

  it('goes to the durable send when the first try fails, which retries it', async () => {
    refuse = 1;
    const before = await queuedSends();
    const { chatId } = await customerWrites('611777555');
    await expect
      .poll(async () => (await replyOf(chatId))?.status, { timeout: 20_000, interval: 100 })
      .toBe('sent');
    expect(await queuedSends()).toBe(before + 1);
    expect(sends).toHaveLength(1);
    expect(refuse).toBe(0);
  }, 40_000);

  it("is handed to the durable send by the reply job's retry when its process died before sending", async () => {
    // As a crashed run leaves it: the customer's message answered by a stored reply never sent.
    const { chatId, messageId } = await t.app.services.chats.receiveInbound({
      prefix: '34',
      phone: '611777444',
      name: 'Cliente',
      text: 'hola',
      channel: 'simulator',
    });
    await t.db
      .insert(messages)
      .values({ chatId, text: 'Hola, ¿en qué te ayudo?', sender: 'assistant', status: 'sending' });
    await t.db.execute(sql`update chats set channel = 'whatsapp' where id = ${chatId}`);
    const before = await queuedSends();

    // A first run (not a retry) finds the customer answered and leaves it: a send may be under way.
    await t.app.services.assistant.replyTo({ chatId, messageId: messageId! }, { isLast: false });
    expect(await queuedSends()).toBe(before);

    await t.app.services.assistant.replyTo(
      { chatId, messageId: messageId! },
      { isLast: false, retried: true },
    );
    await expect
      .poll(async () => (await replyOf(chatId))?.status, { timeout: 20_000, interval: 100 })
      .toBe('sent');
    expect(sends).toEqual(['Hola, ¿en qué te ayudo?']);
  }, 40_000);
});
