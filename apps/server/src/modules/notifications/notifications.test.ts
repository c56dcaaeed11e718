import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertNotification } from '../../../test/factories.ts';
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
    const list = response.json();
    expect(list.map((n: { title: string }) => n.title)).toEqual(['Newer', 'Older']);
    expect(list[0]).toEqual({
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
        .map((n: { title: string }) => n.title)
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
    expect((await get('/api/notifications')).json()).toHaveLength(2);
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
    expect((await get('/api/notifications?type=success')).json()[0].id).toBe(created.id);
    expect((await get('/api/notifications/unread-count')).json()).toEqual({ count: 1 });
  });
});
