import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import type { BusEvent } from './event-bus.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t.close());

describe('the event bus', () => {
  it('delivers one event, and several published together, in order, through the database', async () => {
    const seen: BusEvent[] = [];
    const unsubscribe = t.events.subscribe((event) => seen.push(event));
    try {
      await t.events.publish({ type: 'notifications.changed' });
      await t.events.publish(
        { type: 'messages.changed', chatId: 'a' },
        { type: 'chats.changed', chatId: 'a' },
        { type: 'chats.changed', chatId: 'b' },
      );
      await expect.poll(() => seen.length).toBe(4);
      expect(seen).toEqual([
        { type: 'notifications.changed' },
        { type: 'messages.changed', chatId: 'a' },
        { type: 'chats.changed', chatId: 'a' },
        { type: 'chats.changed', chatId: 'b' },
      ]);
    } finally {
      unsubscribe();
    }
  });

  it('events sent inside a statement arrive once it commits, and not at all if it rolls back', async () => {
    const seen: BusEvent[] = [];
    const unsubscribe = t.events.subscribe((event) => seen.push(event));
    try {
      const send = (chatId: string) =>
        sql`with n as (${t.events.inStatement({ type: 'chats.changed', chatId })}) select count(*) from n`;
      await t.db
        .transaction(async (tx) => {
          await tx.execute(send('rolled-back'));
          throw new Error('roll back');
        })
        .catch(() => {});
      await t.db.execute(send('committed'));
      await expect.poll(() => seen.length).toBe(1);
      expect(seen).toEqual([{ type: 'chats.changed', chatId: 'committed' }]);
    } finally {
      unsubscribe();
    }
  });

  it("a customer's message reaches dashboards as a message change and a chat change", async () => {
    const seen: BusEvent[] = [];
    const unsubscribe = t.events.subscribe((event) => seen.push(event));
    try {
      const { chatId } = await t.app.services.chats.receiveInbound({
        prefix: '34',
        phone: '740000001',
        name: 'Eventos',
        channel: 'simulator',
        text: 'hola',
      });
      await expect
        .poll(() => seen)
        .toEqual(
          expect.arrayContaining([
            { type: 'messages.changed', chatId },
            { type: 'chats.changed', chatId },
          ]),
        );
    } finally {
      unsubscribe();
    }
  });
});
