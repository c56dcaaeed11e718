import { randomUUID } from 'node:crypto';
import {
  NOTIFICATION_UNDO_WINDOW_MS,
  UNREAD_NOTIFICATIONS_COUNT_LIMIT,
} from '@chatdesk/contract/notifications';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertNotification } from '../../../test/factories.ts';
import { forgedCursor, readAllPages } from '../../../test/paging.ts';
import { notifications as notificationsTable } from '../../db/schema.ts';

let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  ({ headers } = await t.signIn());
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(notificationsTable);
});

const get = (url: string) => t.app.inject({ url, headers });
const post = (url: string) => t.app.inject({ method: 'POST', url, headers });

describe('notifications', () => {
  it('lists newest first with every field', async () => {
    await insertNotification(t.db, { title: 'Older', createdAt: new Date('2026-11-01T10:00:00Z') });
    const newer = await insertNotification(t.db, {
      title: 'Newer',
      message: 'A chat needs you',
      type: 'warning',
      link: '/chat/abc',
      createdAt: new Date('2026-11-02T10:00:00Z'),
    });
    const response = await get('/api/notifications');
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((n: { title: string }) => n.title)).toEqual(['Newer', 'Older']);
    expect(page.items[0]).toEqual({
      id: newer.id,
      title: 'Newer',
      message: 'A chat needs you',
      type: 'warning',
      isRead: false,
      isSolved: false,
      link: '/chat/abc',
      createdAt: '2026-11-02T10:00:00.000Z',
    });
  });

  it('filters by read, solved and type, alone and together', async () => {
    await insertNotification(t.db, { title: 'a', type: 'info', isRead: true, isSolved: false });
    await insertNotification(t.db, { title: 'b', type: 'error', isRead: false, isSolved: true });
    await insertNotification(t.db, { title: 'c', type: 'error', isRead: true, isSolved: true });
    const titles = async (query: string) =>
      (await get(`/api/notifications${query}`))
        .json()
        .items.map((n: { title: string }) => n.title)
        .sort();
    expect(await titles('?isRead=true')).toEqual(['a', 'c']);
    expect(await titles('?isRead=false')).toEqual(['b']);
    expect(await titles('?isSolved=true')).toEqual(['b', 'c']);
    expect(await titles('?type=error')).toEqual(['b', 'c']);
    expect(await titles('?type=error&isRead=true&isSolved=true')).toEqual(['c']);
    expect(await titles('?type=success')).toEqual([]);
  });

  it('refuses unknown filter values with a message naming the filter', async () => {
    const response = await get('/api/notifications?type=urgent');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^type: /);
    expect((await get('/api/notifications?isRead=maybe')).json().message).toMatch(/^isRead: /);
  });

  it('counts unread up to the 100 the badge shows as 99+, however many there are', async () => {
    await t.db.execute(sql`
      insert into notifications (title, message, type)
      select 'Burst', 'one of many', 'info' from generate_series(1, 150)`);
    expect((await get('/api/notifications/unread-count')).json()).toEqual({
      count: UNREAD_NOTIFICATIONS_COUNT_LIMIT,
    });
    expect(UNREAD_NOTIFICATIONS_COUNT_LIMIT).toBe(100);
    await t.db.delete(notificationsTable);
  });

  it('counts unread, marks one read, one solved, all read, and deletes', async () => {
    const first = await insertNotification(t.db);
    const second = await insertNotification(t.db);
    await insertNotification(t.db);
    expect((await get('/api/notifications/unread-count')).json()).toEqual({ count: 3 });

    const read = await post(`/api/notifications/${first.id}/read`);
    expect(read.json()).toMatchObject({ id: first.id, isRead: true, isSolved: false });
    expect((await get('/api/notifications/unread-count')).json()).toEqual({ count: 2 });

    const solved = await post(`/api/notifications/${second.id}/solve`);
    expect(solved.json()).toMatchObject({ id: second.id, isRead: false, isSolved: true });

    expect((await post('/api/notifications/mark-all-read')).json()).toEqual({ updated: 2 });
    expect((await get('/api/notifications/unread-count')).json()).toEqual({ count: 0 });

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/notifications/${first.id}`, headers });
    expect(deleted.statusCode).toBe(200);
    expect((await get('/api/notifications')).json().items).toHaveLength(2);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const url of [`/api/notifications/${unknown}/read`, `/api/notifications/${unknown}/solve`]) {
      const response = await post(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Notification not found' });
    }
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/notifications/${unknown}`, headers });
    expect(deleted.statusCode).toBe(404);
    const malformed = await post('/api/notifications/not-a-uuid/read');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('id: Invalid id');
  });

  it('notify() stores a notification that the list and the count show', async () => {
    const created = await t.app.services.notifications.notify({
      title: 'New booking',
      message: 'Ana booked Carlos',
      type: 'success',
      link: null,
    });
    expect(created).toMatchObject({ title: 'New booking', type: 'success', isRead: false, isSolved: false });
    expect((await get('/api/notifications?type=success')).json().items[0].id).toBe(created.id);
    expect((await get('/api/notifications/unread-count')).json()).toEqual({ count: 1 });
  });
});

const remove = (id: string) => t.app.inject({ method: 'DELETE', url: `/api/notifications/${id}`, headers });
const restore = (id: string) => post(`/api/notifications/${id}/restore`);
const listedIds = async (query = '') =>
  (await get(`/api/notifications${query}`)).json().items.map((n: { id: string }) => n.id);
const unreadCount = async () => (await get('/api/notifications/unread-count')).json().count;
/** Moves a deletion back in time, on the database's clock that stamps and judges it. */
const deletedAgo = (id: string, ms: number) =>
  t.db
    .update(notificationsTable)
    .set({ deletedAt: sql`now() - ${`${ms} milliseconds`}::interval` })
    .where(eq(notificationsTable.id, id));
const stored = async (id: string) =>
  (await t.db.select().from(notificationsTable).where(eq(notificationsTable.id, id)))[0];

describe('deleting a notification', () => {
  it('hides it at once from the list, every filter and the unread count, and keeps it on the server', async () => {
    const kept = await insertNotification(t.db, { type: 'error' });
    const gone = await insertNotification(t.db, { type: 'error' });
    expect(await unreadCount()).toBe(2);

    const response = await remove(gone.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    for (const query of ['', '?type=error', '?isRead=false', '?isSolved=false', '?limit=1']) {
      expect(await listedIds(query), query).toEqual([kept.id]);
    }
    expect(await unreadCount()).toBe(1);
    // Soft: the row is still there, stamped, until the clean-up task purges it.
    expect((await stored(gone.id))?.deletedAt).toBeInstanceOf(Date);
  });

  it('leaves deleted ones alone: marking all read counts only the others, and one cannot be read, solved or deleted again', async () => {
    const kept = await insertNotification(t.db, { link: '/chat/1', title: 'Chat handed over' });
    const gone = await insertNotification(t.db, { link: '/chat/1', title: 'Chat handed over' });
    await remove(gone.id);

    for (const url of [`/api/notifications/${gone.id}/read`, `/api/notifications/${gone.id}/solve`]) {
      const response = await post(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Notification not found' });
    }
    const again = await remove(gone.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Notification not found' });

    expect(
      await t.app.services.notifications.markReadAbout('/chat/1', ['Chat handed over']),
      'opening the chat reads only the notification still shown',
    ).toBe(1);
    await t.db.update(notificationsTable).set({ isRead: false }).where(eq(notificationsTable.id, kept.id));
    expect((await post('/api/notifications/mark-all-read')).json()).toEqual({ updated: 1 });
    expect(await stored(gone.id)).toMatchObject({ isRead: false, isSolved: false });
  });

  it('is undone by a restore within the window: back in the list and the count, as it was', async () => {
    const notification = await insertNotification(t.db, { isSolved: true });
    await remove(notification.id);
    expect(await listedIds()).toEqual([]);
    expect(await unreadCount()).toBe(0);

    const restored = await restore(notification.id);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({
      id: notification.id,
      title: notification.title,
      message: notification.message,
      type: notification.type,
      isRead: false,
      isSolved: true,
      link: null,
      createdAt: notification.createdAt.toISOString(),
    });
    expect(await listedIds()).toEqual([notification.id]);
    expect(await unreadCount()).toBe(1);
    expect((await stored(notification.id))?.deletedAt).toBeNull();
  });

  it('restored twice answers the notification both times (a second Undo or a retry changes nothing)', async () => {
    const notification = await insertNotification(t.db);
    await remove(notification.id);
    const first = await restore(notification.id);
    const second = await restore(notification.id);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await listedIds()).toEqual([notification.id]);
  });

  it(`is refused once the ${NOTIFICATION_UNDO_WINDOW_MS / 1000} s window has passed, with a message saying so, and stays deleted`, async () => {
    const late = await insertNotification(t.db);
    const onTime = await insertNotification(t.db);
    await remove(late.id);
    await remove(onTime.id);
    await deletedAgo(late.id, NOTIFICATION_UNDO_WINDOW_MS + 1_000);
    await deletedAgo(onTime.id, NOTIFICATION_UNDO_WINDOW_MS - 5_000);

    const refused = await restore(late.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'This notification was deleted more than 30 seconds ago and can no longer be restored',
    });
    expect((await restore(onTime.id)).statusCode).toBe(200);
    expect(await listedIds()).toEqual([onTime.id]);
    expect((await stored(late.id))?.deletedAt).toBeInstanceOf(Date);
  });

  it('answers 404 to a restore of an unknown or purged id, and 400 to a malformed one', async () => {
    const unknown = await restore('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Notification not found' });

    const purged = await insertNotification(t.db);
    await remove(purged.id);
    await deletedAgo(purged.id, 25 * 3_600_000);
    await t.app.services.notifications.purgeDeleted();
    expect((await restore(purged.id)).statusCode).toBe(404);

    const malformed = await restore('not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('id: Invalid id');
  });

  it('is purged for good by its scheduled task only a day after the delete', async () => {
    const shown = await insertNotification(t.db);
    const recent = await insertNotification(t.db);
    const old = await insertNotification(t.db);
    await remove(recent.id);
    await remove(old.id);
    await deletedAgo(recent.id, 23 * 3_600_000);
    await deletedAgo(old.id, 24 * 3_600_000 + 60_000);

    const task = t.app.schedules.tasks.find((candidate) => candidate.job === 'scheduleNotificationCleanUp');
    expect(task?.label).toBe('Clean-up of deleted notifications and canned replies');
    expect(await task!.run()).toBe(1);

    expect(await stored(old.id)).toBeUndefined();
    expect((await stored(recent.id))?.deletedAt).toBeInstanceOf(Date);
    expect(await stored(shown.id)).toMatchObject({ deletedAt: null });
    expect(await listedIds()).toEqual([shown.id]);
  });
});

type Listed = { id: string; title: string; isRead: boolean };

/** Notifications made at exact instants (microseconds), in the list's order: newest first, id breaking ties. */
async function insertAt(rows: Array<{ at: string; isRead?: boolean; type?: 'info' | 'error' }>) {
  const made = [];
  for (const [index, row] of rows.entries()) {
    const [notification] = await t.db
      .insert(notificationsTable)
      .values({
        title: `n${index}`,
        message: 'm',
        isRead: row.isRead ?? false,
        type: row.type ?? 'info',
        createdAt: sql`${row.at}::timestamptz`,
      })
      .returning();
    made.push({ ...notification!, at: row.at });
  }
  return made.sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1));
}

describe('notification list pages', () => {
  it('follow each other newest first, without overlap or gaps, even within one millisecond', async () => {
    const made = await insertAt([
      { at: '2026-11-02T10:00:00.000900Z' },
      { at: '2026-11-02T10:00:00.000500Z' },
      { at: '2026-11-02T10:00:00.000500Z' },
      { at: '2026-11-02T10:00:00.000500Z' },
      { at: '2026-11-02T10:00:00.000100Z' },
      { at: '2026-11-01T08:00:00.000000Z' },
    ]);
    for (const limit of [1, 2, 4, 6]) {
      const pages = await readAllPages<Listed>(t.app, `/api/notifications?limit=${limit}`, headers);
      expect(pages).toHaveLength(Math.ceil(made.length / limit));
      expect(pages.flat().map((n) => n.id)).toEqual(made.map((n) => n.id));
    }
  });

  it('hold 50 unless asked for 1 to 100', async () => {
    await t.db.insert(notificationsTable).values(
      Array.from({ length: 51 }, (_, index) => ({
        title: `Bulk ${index}`,
        message: 'm',
        type: 'info' as const,
      })),
    );
    const first = (await get('/api/notifications')).json();
    expect(first.items).toHaveLength(50);
    const last = (await get(`/api/notifications?cursor=${first.nextCursor}`)).json();
    expect(last.items).toHaveLength(1);
    expect(last.nextCursor).toBeNull();
    expect((await get('/api/notifications?limit=100')).json().items).toHaveLength(51);
    for (const limit of ['0', '101']) {
      const response = await get(`/api/notifications?limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
      expect(response.json().message, limit).toMatch(/^limit: /);
    }
  });

  it('keep the filters from page to page', async () => {
    const made = await insertAt([
      { at: '2026-11-03T10:00:00.000006Z', type: 'error' },
      { at: '2026-11-03T10:00:00.000005Z', type: 'error', isRead: true },
      { at: '2026-11-03T10:00:00.000004Z', type: 'info' },
      { at: '2026-11-03T10:00:00.000003Z', type: 'error' },
      { at: '2026-11-03T10:00:00.000002Z', type: 'error' },
    ]);
    const pages = await readAllPages<Listed>(
      t.app,
      '/api/notifications?type=error&isRead=false&limit=2',
      headers,
    );
    expect(pages.map((page) => page.length)).toEqual([2, 1]);
    expect(pages.flat().map((n) => n.id)).toEqual(
      made.filter((n) => n.type === 'error' && !n.isRead).map((n) => n.id),
    );
  });

  it('go on after the row a page ended on is deleted', async () => {
    const made = await insertAt([
      { at: '2026-11-04T10:00:00.000003Z' },
      { at: '2026-11-04T10:00:00.000002Z' },
      { at: '2026-11-04T10:00:00.000001Z' },
    ]);
    const first = (await get('/api/notifications?limit=1')).json();
    await t.db.delete(notificationsTable).where(eq(notificationsTable.id, made[0]!.id));
    const rest = (await get(`/api/notifications?limit=5&cursor=${first.nextCursor}`)).json();
    expect(rest.items.map((n: Listed) => n.id)).toEqual([made[1]!.id, made[2]!.id]);
  });

  it('refuse a cursor they did not write with a 400 that says so', async () => {
    for (const cursor of [
      '%20',
      'not*base64',
      'bm90IGpzb24',
      forgedCursor(['2026-11-02T25:00:00.000000Z', randomUUID()]),
      forgedCursor(['2026-11-02T10:00:00Z', randomUUID()]),
      forgedCursor(['2026-11-02T10:00:00.000000Z', `${randomUUID()}\u0000`]),
    ]) {
      const response = await get(`/api/notifications?cursor=${cursor}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().message, cursor).toBe('cursor: Invalid cursor');
    }
  });
});
