import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertEmployee } from '../../../test/factories.ts';
import { completion, startJsonServer } from '../../../test/fake-servers.ts';
import { chats, messages, notifications } from '../../db/schema.ts';
import { HANDOFF_MESSAGE } from './handoff.ts';

/** The next answers of the fake LLM server, in order; 'fail' answers 500. */
let script: Array<Parameters<typeof completion>[0] | 'fail'> = [];
let llm: Awaited<ReturnType<typeof startJsonServer>>;
let t: TestContext;
beforeAll(async () => {
  llm = await startJsonServer(({ path }) => {
    if (!path.endsWith('/chat/completions')) return { status: 404, body: {} };
    const next = script.shift();
    if (!next || next === 'fail') return { status: 500, body: { error: { message: 'model crashed' } } };
    return { status: 200, body: completion(next) };
  });
  t = await buildTestApp({
    env: { LLM_BASE_URL: `${llm.url}/v1`, LLM_MODEL: 'test-model', PUBLIC_URL: 'https://book.example' },
  });
  await insertEmployee(t.db, {
    name: 'Carlos Ruiz',
    username: 'carlos-llm',
    title: 'Personal Trainer',
    locations: ['Madrid'],
  });
});
afterAll(async () => {
  await t.close();
  await llm.close();
});

let phone = 700_000_000;
const write = (text: string) =>
  t.app.services.chats.receiveInbound({
    prefix: '34',
    phone: String(++phone),
    name: 'Cliente',
    text,
    channel: 'whatsapp',
  });
const thread = (chatId: string) =>
  t.db.select().from(messages).where(eq(messages.chatId, chatId)).orderBy(messages.createdAt);
const chat = async (chatId: string) => (await t.db.select().from(chats).where(eq(chats.id, chatId)))[0]!;

describe('the LLM assistant', () => {
  it('answers with the model, which sees the company, the directory and the tools', async () => {
    script = [{ text: '¡Hola! Carlos Ruiz entrena en Madrid: https://book.example/schedule/carlos-llm' }];
    const { chatId } = await write('Hola, busco entrenador en Madrid');
    const replies = (await thread(chatId)).filter((m) => m.sender === 'assistant');
    expect(replies.map((m) => m.text)).toEqual([
      '¡Hola! Carlos Ruiz entrena en Madrid: https://book.example/schedule/carlos-llm',
    ]);
    const request = llm.received.at(-1)!.body as {
      messages: Array<{ role: string; content: string }>;
      tools: Array<{ function: { name: string } }>;
    };
    expect(request.messages[0]!.content).toContain('Carlos Ruiz (username carlos-llm)');
    expect(request.messages[0]!.content).toContain('https://book.example/subscription/carlos-llm');
    expect(request.tools.map((tool) => tool.function.name).sort()).toEqual([
      'find_professionals',
      'handoff_to_human',
      'list_open_slots',
      'share_links',
    ]);
  });

  it('runs tools and answers with what they returned', async () => {
    script = [{ tool: 'share_links', args: { username: 'carlos-llm' } }, { text: 'Aquí tienes el enlace.' }];
    const { chatId } = await write('¿Me pasas el enlace de Carlos?');
    expect((await thread(chatId)).at(-1)!.text).toBe('Aquí tienes el enlace.');
    const second = llm.received.at(-1)!.body as { messages: Array<{ role: string; content: unknown }> };
    const toolResult = second.messages.find((m) => m.role === 'tool');
    expect(JSON.stringify(toolResult)).toContain('https://book.example/schedule/carlos-llm');
  });

  it('hands the chat to a person when the model decides to, telling the customer and staff', async () => {
    script = [{ tool: 'handoff_to_human', args: { reason: 'Customer wants to discuss a refund' } }];
    const { chatId } = await write('I want a refund for my last session');
    expect((await chat(chatId)).assignedTo).toBe('human');
    expect((await thread(chatId)).at(-1)!.text).toBe(HANDOFF_MESSAGE.en);
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/chat/${chatId}`));
    expect(notice).toMatchObject({ type: 'warning', title: 'Chat needs a person' });
    expect(notice!.message).toContain('Customer wants to discuss a refund');
  });

  it('an LLM failure keeps the message, gives the chat to a person and raises an error notification', async () => {
    script = ['fail', 'fail'];
    const { chatId } = await write('Hola, ¿tenéis clases de yoga?');
    const rows = await thread(chatId);
    expect(rows[0]).toMatchObject({ sender: 'customer', text: 'Hola, ¿tenéis clases de yoga?' });
    expect(rows.at(-1)!.text).toBe(HANDOFF_MESSAGE.es);
    expect((await chat(chatId)).assignedTo).toBe('human');
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/chat/${chatId}`));
    expect(notice!.type).toBe('error');
  });

  it('never replies after a person took the chat', async () => {
    script = [{ text: 'late reply' }];
    const { chatId, messageId } = await t.app.services.chats.receiveInbound({
      prefix: '34',
      phone: String(++phone),
      name: 'Cliente',
      text: 'first',
      channel: 'whatsapp',
    });
    await t.app.services.chats.toggleAi(chatId);
    script = [{ text: 'should not be sent' }];
    expect(await t.app.services.assistant.replyTo({ chatId, messageId: messageId! })).toEqual([]);
    expect((await thread(chatId)).map((m) => m.text)).not.toContain('should not be sent');
  });

  it('reads history only after the last /new', async () => {
    script = [{ text: 'one' }, { text: 'two' }];
    const first = await write('old question');
    await t.app.services.chats.receiveInbound({
      prefix: '34',
      phone: String(phone),
      name: 'Cliente',
      text: '/new',
      channel: 'whatsapp',
    });
    const request = llm.received.at(-1)!.body as { messages: Array<{ role: string; content: string }> };
    expect(request.messages.map((m) => m.content)).not.toContain('old question');
    expect(first.chatId).toBeDefined();
  });
});

describe('a customer who writes again while the assistant is answering', () => {
  it('gets one answer that saw both messages, never a stale one after it', async () => {
    const seen: number[] = [];
    let meanwhile: (() => Promise<unknown>) | null = null;
    const app = await buildTestApp({
      integrations: {
        assistant: {
          name: 'rules',
          async respond(history) {
            const customerTurns = history.filter((turn) => turn.role === 'customer').length;
            seen.push(customerTurns);
            const interrupt = meanwhile;
            meanwhile = null;
            await interrupt?.();
            return { replies: [`saw ${customerTurns}`], handoff: null };
          },
        },
      },
    });
    try {
      const customer = { prefix: '34', phone: '799000001', name: 'Rápida', channel: 'whatsapp' as const };
      meanwhile = () => app.app.services.chats.receiveInbound({ ...customer, text: 'y otra cosa' });
      const { chatId } = await app.app.services.chats.receiveInbound({ ...customer, text: 'hola' });
      const texts = (
        await app.db.select().from(messages).where(eq(messages.chatId, chatId)).orderBy(messages.createdAt)
      ).map((m) => m.text);
      expect(texts).toEqual(['hola', 'y otra cosa', 'saw 2']);
      expect(seen).toEqual([1, 2]);
    } finally {
      await app.close();
    }
  });
});

describe('a person who takes over', () => {
  it('never sees an assistant message stored after the switch, even one that passed the re-check', async () => {
    const app = await buildTestApp({
      integrations: {
        assistant: {
          name: 'rules',
          async respond() {
            return { replies: ['an answer that must not arrive'], handoff: null };
          },
        },
      },
    });
    try {
      const { signIn } = app;
      const { headers } = await signIn();
      const chatsService = app.app.services.chats;
      const conversation = chatsService.conversation;
      let calls = 0;
      let switchedChat: string | null = null;
      // The assistant reads the conversation twice: before asking the engine and right before
      // storing. Staff switch the AI off just after that second read, the narrowest window there is.
      chatsService.conversation = async (chatId, limit) => {
        const result = await conversation(chatId, limit);
        calls++;
        if (calls === 2) {
          const toggled = await app.app.inject({
            method: 'PUT',
            url: `/api/chats/${chatId}/toggle-ai`,
            headers,
          });
          expect(toggled.json().assignedTo).toBe('human');
          switchedChat = chatId;
        }
        return result;
      };
      const { chatId } = await chatsService.receiveInbound({
        prefix: '34',
        phone: '799000002',
        name: 'Tarde',
        text: 'hola',
        channel: 'whatsapp',
      });
      chatsService.conversation = conversation;
      expect(switchedChat).toBe(chatId);
      const texts = (await app.db.select().from(messages).where(eq(messages.chatId, chatId))).map(
        (m) => m.text,
      );
      expect(texts).toEqual(['hola']);
    } finally {
      await app.close();
    }
  });
});
