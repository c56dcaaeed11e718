import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { startJsonServer } from '../../test/fake-servers.ts';
import { messages } from '../db/schema.ts';

let t: TestContext;
let graph: Awaited<ReturnType<typeof startJsonServer>>;
const sends: number[] = [];
beforeAll(async () => {
  graph = await startJsonServer(({ path }) => {
    if (path.endsWith('/messages')) sends.push(Date.now());
    return { status: 200, body: { messages: [{ id: `wamid.${sends.length}` }] } };
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

describe("the assistant's reply on WhatsApp", () => {
  it('is sent by the reply job itself, once, with the durable send only behind it', async () => {
    const { chatId } = await t.app.services.chats.receiveInbound({
      prefix: '34',
      phone: '611777666',
      name: 'Cliente',
      text: 'hola',
      channel: 'whatsapp',
    });
    const reply = async () =>
      (await t.db.select().from(messages).where(eq(messages.chatId, chatId))).find(
        (m) => m.sender === 'assistant',
      );
    await expect.poll(async () => (await reply())?.status, { timeout: 20_000, interval: 100 }).toBe('sent');
    // Sent in the reply's own job: the queued send is due 30 s later and has not run.
    expect(sends).toHaveLength(1);
    expect((await reply())?.externalId).toBe('wamid.1');
    const [queued] = (
      await t.db.execute(
        sql`select start_after, created_on, state from jobs.job where name = 'whatsapp.send'`,
      )
    ).rows as Array<{ start_after: string; created_on: string; state: string }>;
    expect(queued?.state).toBe('created');
    expect(Date.parse(queued!.start_after) - Date.parse(queued!.created_on)).toBeGreaterThanOrEqual(29_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sends).toHaveLength(1);
  }, 40_000);
});
