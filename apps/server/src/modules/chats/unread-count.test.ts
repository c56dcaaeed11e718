import { UNREAD_CHATS_COUNT_LIMIT } from '@chatdesk/contract/chats';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';

// Its own database: the count is of every chat there is.
let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  ({ headers } = await t.signIn());
});
afterAll(() => t.close());

const unreadCount = async () => {
  const response = await t.app.inject({ url: '/api/chats/unread', headers });
  expect(response.statusCode).toBe(200);
  return (response.json() as { count: number }).count;
};

/**
 * Rows written here bypass the chats service, which announces every change it makes; so does this,
 * and waits until the change is heard, as the dashboards' shared reads are (events/shared-reads.ts).
 */
async function announceChange() {
  const heard = new Promise<void>((resolve) => {
    const stop = t.events.subscribe((event) => {
      if (event.type !== 'chats.changed') return;
      stop();
      resolve();
    });
  });
  await t.events.publish({ type: 'chats.changed' });
  await heard;
}

/** Chats of other customers, `unread` of them with a message nobody has read, as at volume. */
async function insertChats(count: number, unread: boolean) {
  const first = 700_000_000 + Math.floor(Math.random() * 90_000_000);
  await t.db.execute(sql`
    insert into contacts (name, prefix, phone)
    select 'Cliente ' || g, '34', (${first}::bigint + g)::text from generate_series(1, ${count}::int) g`);
  await t.db.execute(sql`
    insert into chats (contact_id, assigned_to, channel, last_message_at, last_message_text,
                       last_message_sender, unread_count, search_text)
    select ct.id, 'human', 'whatsapp', now(), 'hola', 'customer', ${unread ? 1 : 0}, ct.search_text
      from contacts ct where not exists (select 1 from chats c where c.contact_id = ct.id)`);
  await announceChange();
}

describe('the count of unread chats', () => {
  it('counts every chat with unread messages, not a page of them, up to the 100 the header shows as 99+', async () => {
    expect(await unreadCount()).toBe(0);
    await insertChats(40, false);
    await insertChats(3, true);
    expect(await unreadCount()).toBe(3);

    // More than a page of the list (100 chats), all unread.
    await insertChats(150, true);
    expect(await unreadCount()).toBe(UNREAD_CHATS_COUNT_LIMIT);
  });

  it('a chat read by staff leaves the count', async () => {
    await t.db.execute(sql`update chats set unread_count = 0`);
    await announceChange();
    const writes = (phone: string) =>
      t.app.services.chats.receiveInbound({
        prefix: '34',
        phone,
        name: 'Ana',
        text: 'Hola',
        channel: 'whatsapp',
      });
    const { chatId } = await writes('611000001');
    await writes('611000002');
    expect(await unreadCount()).toBe(2);
    const read = await t.app.inject({ method: 'POST', url: `/api/chats/${chatId}/read`, headers });
    expect(read.statusCode).toBe(200);
    expect(await unreadCount()).toBe(1);
  });

  it('asks for a sign-in', async () => {
    expect((await t.app.inject({ url: '/api/chats/unread' })).statusCode).toBe(401);
  });
});
