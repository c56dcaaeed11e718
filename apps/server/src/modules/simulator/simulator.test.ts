import { CHAT_MESSAGES } from '@chatdesk/contract/chats';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertEmployee } from '../../../test/factories.ts';
import { chats } from '../../db/schema.ts';

let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  ({ headers } = await t.signIn());
  await insertEmployee(t.db, {
    name: 'Carlos Ruiz',
    username: 'carlos-sim',
    title: 'Personal Trainer',
    locations: ['Madrid'],
  });
});
afterAll(() => t.close());

const say = (text: string, sessionId = 'session-a') =>
  t.app.inject({ method: 'POST', url: '/api/chats/simulator', payload: { text, sessionId } });

describe('chat simulator', () => {
  it('plays a customer: the assistant answers, and staff see the chat named as the simulator', async () => {
    const opened = await say('/new');
    expect(opened.statusCode).toBe(200);
    expect(opened.json().reply).toMatch(/Hello|Hola/);
    const answer = (await say('Hola, busco un entrenador personal en Madrid')).json();
    expect(answer.reply).toContain('Carlos Ruiz');
    expect(answer.reply).toContain('/schedule/carlos-sim');
    const list = (await t.app.inject({ url: '/api/chats', headers })).json();
    const chat = list.find((c: { id: string }) => c.id === answer.chatId);
    expect(chat.name).toMatch(/^Chat simulator/);
    expect(chat.channel).toBe('simulator');
  });

  it("'/new' deletes the conversation and starts over", async () => {
    const first = (await say('hola', 'session-b')).json();
    const restarted = (await say('/new', 'session-b')).json();
    expect(restarted.chatId).not.toBe(first.chatId);
    expect(await t.db.select().from(chats).where(eq(chats.id, first.chatId))).toEqual([]);
  });

  it('after a handoff the assistant stays quiet', async () => {
    await say('/new', 'session-c');
    const handed = (await say('Quiero hablar con una persona', 'session-c')).json();
    expect(handed.assignedTo).toBe('human');
    const quiet = (await say('¿Hola?', 'session-c')).json();
    expect(quiet).toMatchObject({ replies: [], reply: null, assignedTo: 'human' });
  });

  it('refuses an empty message', async () => {
    const response = await say('   ');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`text: ${CHAT_MESSAGES.textRequired}`);
  });
});

describe('with SIMULATOR_ENABLED=false', () => {
  it('answers 404', async () => {
    const off = await buildTestApp({ env: { SIMULATOR_ENABLED: 'false' } });
    const response = await off.app.inject({
      method: 'POST',
      url: '/api/chats/simulator',
      payload: { text: 'hola' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: CHAT_MESSAGES.simulatorDisabled });
    await off.close();
  });
});
