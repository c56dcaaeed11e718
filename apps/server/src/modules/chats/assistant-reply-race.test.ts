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

  it('is refused when a message of the same millisecond was not seen, and stored once it was', async () => {
    frozen = new Date(Date.UTC(2026, 10, 23, 12));
    try {
      const write = writer('race2');
      const first = await write('hola');
      const [seen] = (await t.app.services.chats.conversation(first.chatId, 5))!.history;
      await write('y otra cosa');
      expect(
        await t.app.services.chats.postAssistantReply(first.chatId, 'respuesta a hola', seen!.createdAt, [
          seen!.id,
        ]),
      ).toBeNull();
      const { history } = (await t.app.services.chats.conversation(first.chatId, 5))!;
      const reply = await t.app.services.chats.postAssistantReply(
        first.chatId,
        'respuesta a todo',
        history.at(-1)!.createdAt,
        history.map((m) => m.id),
      );
      expect(reply?.text).toBe('respuesta a todo');
    } finally {
      frozen = null;
    }
  });
});
