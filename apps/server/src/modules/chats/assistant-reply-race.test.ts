import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';

let ticks = 0;
/** While set, every message is stamped this (messages arriving in the same millisecond). */
let frozen: Date | null = null;
const clock = () => frozen ?? new Date(Date.UTC(2026, 10, 23, 9) + ticks++ * 1000);
let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ clock });
}, 60_000);
afterAll(() => t.close());

/** A customer writing on the simulator from this number. */
const writer = (phone: string) => (text: string) =>
  t.app.services.chats.receiveInbound({ prefix: 'sim', phone, name: 'Race', text, channel: 'simulator' });

describe("the assistant's reply and a customer who writes again", () => {
  it('is refused when a customer message came after the one it answered, and stored otherwise', async () => {
    const write = writer('race1');
    const first = await write('hola');
    const [seen] = (await t.app.services.chats.conversation(first.chatId, 5))!.history;
    await write('y otra cosa');
    // Answering only the first: the second would look answered by it.
    expect(
      await t.app.services.chats.postAssistantReply(first.chatId, 'respuesta a hola', seen!.createdAt),
    ).toBeNull();
    const { history } = (await t.app.services.chats.conversation(first.chatId, 5))!;
    expect(history.map((m) => m.sender)).toEqual(['customer', 'customer']);
    const reply = await t.app.services.chats.postAssistantReply(
      first.chatId,
      'respuesta a todo',
      history.at(-1)!.createdAt,
    );
    expect(reply?.text).toBe('respuesta a todo');
  });

  it('stamps messages of the same millisecond one after the other, so a reply to the first is refused', async () => {
    frozen = new Date(Date.UTC(2026, 10, 23, 12));
    try {
      const write = writer('race2');
      const first = await write('hola');
      const [seen] = (await t.app.services.chats.conversation(first.chatId, 5))!.history;
      await write('y otra cosa');
      expect(
        await t.app.services.chats.postAssistantReply(first.chatId, 'respuesta a hola', seen!.createdAt),
      ).toBeNull();
      const { history } = (await t.app.services.chats.conversation(first.chatId, 5))!;
      expect(history.map((m) => m.text)).toEqual(['hola', 'y otra cosa']);
      expect(history[1]!.createdAt.getTime()).toBe(history[0]!.createdAt.getTime() + 1);
      const reply = await t.app.services.chats.postAssistantReply(
        first.chatId,
        'respuesta a todo',
        history.at(-1)!.createdAt,
      );
      expect(reply?.text).toBe('respuesta a todo');
      expect(reply!.timestamp > history[1]!.createdAt.toISOString()).toBe(true);
    } finally {
      frozen = null;
    }
  });

  it('puts a message carrying an earlier time after the reply already sent, so it is still answered', async () => {
    // WhatsApp stamps a message to the second, and a retried webhook comes late: stored at its
    // own time, a message written just before the reply went out sat above it, and the customer
    // looked answered (a run found the assistant had spoken last, and did nothing).
    const first = await writer('race3')('hola');
    const [hola] = (await t.app.services.chats.conversation(first.chatId, 5))!.history;
    const reply = await t.app.services.chats.postAssistantReply(
      first.chatId,
      'Hola, ¿en qué te ayudo?',
      hola!.createdAt,
    );
    expect(reply).not.toBeNull();
    await t.app.services.chats.receiveInbound({
      prefix: 'sim',
      phone: 'race3',
      name: 'Race',
      text: 'quiero reservar',
      channel: 'simulator',
      at: new Date(hola!.createdAt.getTime() + 1),
    });
    const { history } = (await t.app.services.chats.conversation(first.chatId, 5))!;
    expect(history.map((m) => m.sender)).toEqual(['customer', 'assistant', 'customer']);
    expect(history[2]!.createdAt > history[1]!.createdAt).toBe(true);
    expect((await t.app.services.chats.latest(first.chatId))?.sender).toBe('customer');
  });
});
