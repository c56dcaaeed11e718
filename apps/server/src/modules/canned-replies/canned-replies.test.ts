import { CANNED_REPLY_MESSAGES, CANNED_REPLY_UNDO_WINDOW_MS } from '@chatdesk/contract/canned-replies';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { cannedReplies } from '../../db/schema.ts';

let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  ({ headers } = await t.signIn());
});
afterAll(() => t.close());

let counter = 0;
/** A name no other test uses, so tests do not depend on each other. */
const uniqueName = (base = 'reply') => `${base}-${++counter}`;

async function create(payload: Record<string, unknown>, as = headers) {
  return t.app.inject({ method: 'POST', url: '/api/canned-replies', headers: as, payload });
}

describe('canned replies', () => {
  it('are created, listed by name, changed and deleted', async () => {
    const zeta = uniqueName('zeta');
    const alpha = uniqueName('Alpha');
    const created = await create({ name: zeta, text: 'Hi {{name}}, we open at 9.' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: zeta, text: 'Hi {{name}}, we open at 9.' });
    await create({ name: alpha, text: 'See you soon' });

    const names = (await t.app.inject({ url: '/api/canned-replies', headers }))
      .json()
      .map((reply: { name: string }) => reply.name);
    expect(names.indexOf(alpha)).toBeLessThan(names.indexOf(zeta));

    const { id } = created.json();
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/canned-replies/${id}`,
      headers,
      payload: { name: zeta, text: '  We open at 10.  ' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id, name: zeta, text: 'We open at 10.' });

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/canned-replies/${id}`, headers });
    expect(removed.json()).toEqual({ ok: true });
    const after = (await t.app.inject({ url: '/api/canned-replies', headers })).json();
    expect(after.some((reply: { id: string }) => reply.id === id)).toBe(false);
  });

  it('are shared by the whole team', async () => {
    const name = uniqueName('shared');
    await create({ name, text: 'One answer for everyone' });
    const { headers: colleague } = await t.signIn();
    const list = (await t.app.inject({ url: '/api/canned-replies', headers: colleague })).json();
    expect(list.map((reply: { name: string }) => reply.name)).toContain(name);
  });

  it('refuse a second reply with the same name in any case, on create and on rename', async () => {
    const name = uniqueName('hours');
    await create({ name, text: 'We open at 9' });
    const duplicate = await create({ name: name.toUpperCase(), text: 'Another' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: CANNED_REPLY_MESSAGES.nameTaken });

    const other = (await create({ name: uniqueName('prices'), text: 'From 30 euros' })).json();
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/canned-replies/${other.id}`,
      headers,
      payload: { name, text: 'From 30 euros' },
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toEqual({ message: CANNED_REPLY_MESSAGES.nameTaken });
  });

  it('keep a reply renamed to its own name in another case', async () => {
    const name = uniqueName('welcome');
    const { id } = (await create({ name, text: 'Welcome!' })).json();
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/canned-replies/${id}`,
      headers,
      payload: { name: name.toUpperCase(), text: 'Welcome!' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe(name.toUpperCase());
  });

  it('let one of two concurrent saves of a name win and tell the other', async () => {
    const name = uniqueName('race');
    const answers = await Promise.all([create({ name, text: 'First' }), create({ name, text: 'Second' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    [{ name: '', text: 'Hi' }, `name: ${CANNED_REPLY_MESSAGES.nameRequired}`],
    [{ name: 'opening hours', text: 'Hi' }, `name: ${CANNED_REPLY_MESSAGES.nameInvalid}`],
    [{ name: '/hours', text: 'Hi' }, `name: ${CANNED_REPLY_MESSAGES.nameInvalid}`],
    [{ name: 'x'.repeat(41), text: 'Hi' }, `name: ${CANNED_REPLY_MESSAGES.nameTooLong}`],
    [{ name: 'hi', text: '   ' }, `text: ${CANNED_REPLY_MESSAGES.textRequired}`],
    [{ name: 'hi', text: 'x'.repeat(1001) }, `text: ${CANNED_REPLY_MESSAGES.textTooLong}`],
    [{ name: 'hi' }, `text: ${CANNED_REPLY_MESSAGES.textRequired}`],
  ])('refuse %j with a 400 naming the field', async (payload, message) => {
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('take a name of 40 characters and a text of 1000', async () => {
    const name = `${uniqueName('n')}`.padEnd(40, 'x');
    const response = await create({ name, text: 'y'.repeat(1000) });
    expect(response.statusCode).toBe(201);
  });

  it('answer 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const payload = { name: uniqueName(), text: 'Hi' };
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/canned-replies/${unknown}`,
      headers,
      payload,
    });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ message: CANNED_REPLY_MESSAGES.notFound });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/canned-replies/${unknown}`, headers });
    expect(del.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'DELETE', url: '/api/canned-replies/nope', headers });
    expect(malformed.statusCode).toBe(400);
  });

  it('are for signed-in staff only', async () => {
    const anonymous = [
      t.app.inject({ url: '/api/canned-replies' }),
      t.app.inject({ method: 'POST', url: '/api/canned-replies', payload: { name: 'x', text: 'y' } }),
      t.app.inject({
        method: 'PUT',
        url: '/api/canned-replies/00000000-0000-4000-8000-000000000000',
        payload: { name: 'x', text: 'y' },
      }),
      t.app.inject({ method: 'DELETE', url: '/api/canned-replies/00000000-0000-4000-8000-000000000000' }),
    ];
    for (const response of await Promise.all(anonymous)) expect(response.statusCode).toBe(401);
    const forged = await t.app.inject({
      url: '/api/canned-replies',
      headers: { authorization: 'Bearer nope' },
    });
    expect(forged.statusCode).toBe(401);
  });
});

const listedIds = async () =>
  (await t.app.inject({ url: '/api/canned-replies', headers }))
    .json()
    .map((reply: { id: string }) => reply.id);
const remove = (id: string) => t.app.inject({ method: 'DELETE', url: `/api/canned-replies/${id}`, headers });
const restore = (id: string) =>
  t.app.inject({ method: 'POST', url: `/api/canned-replies/${id}/restore`, headers });
/** Moves a deletion back in time, on the database's clock that stamps and judges it. */
const deletedAgo = (id: string, ms: number) =>
  t.db
    .update(cannedReplies)
    .set({ deletedAt: sql`now() - ${`${ms} milliseconds`}::interval` })
    .where(eq(cannedReplies.id, id));
const stored = async (id: string) =>
  (await t.db.select().from(cannedReplies).where(eq(cannedReplies.id, id)))[0];
async function createdReply(name = uniqueName('soft')) {
  const response = await create({ name, text: `The answer of ${name}` });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; name: string; text: string; createdAt: string; updatedAt: string };
}

describe('deleting a canned reply', () => {
  it('hides it at once from the list every composer reads, keeps it on the server, and frees its name', async () => {
    const kept = await createdReply();
    const gone = await createdReply();

    const response = await remove(gone.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    const ids = await listedIds();
    expect(ids).toContain(kept.id);
    expect(ids).not.toContain(gone.id);
    // Soft: the row is still there, stamped, until the clean-up task purges it.
    expect((await stored(gone.id))?.deletedAt).toBeInstanceOf(Date);

    // A deleted reply cannot be changed or deleted again…
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/canned-replies/${gone.id}`,
      headers,
      payload: { name: gone.name, text: 'Changed' },
    });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ message: CANNED_REPLY_MESSAGES.notFound });
    const again = await remove(gone.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: CANNED_REPLY_MESSAGES.notFound });

    // …and does not hold its name: the same shortcut can be written again, in any case.
    const recreated = await create({ name: gone.name.toUpperCase(), text: 'A new answer' });
    expect(recreated.statusCode, recreated.body).toBe(201);
    expect(await listedIds()).toContain(recreated.json().id);
  });

  it('is undone by a restore within the window: back in the list, as it was', async () => {
    const reply = await createdReply();
    await remove(reply.id);
    expect(await listedIds()).not.toContain(reply.id);

    const restored = await restore(reply.id);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual(reply);
    expect(await listedIds()).toContain(reply.id);
    expect((await stored(reply.id))?.deletedAt).toBeNull();
  });

  it('restored twice answers the reply both times (a second Undo or a retry changes nothing)', async () => {
    const reply = await createdReply();
    await remove(reply.id);
    const first = await restore(reply.id);
    const second = await restore(reply.id);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
  });

  it(`is refused once the ${CANNED_REPLY_UNDO_WINDOW_MS / 1000} s window has passed, with a message saying so, and stays deleted`, async () => {
    const late = await createdReply();
    const onTime = await createdReply();
    await remove(late.id);
    await remove(onTime.id);
    await deletedAgo(late.id, CANNED_REPLY_UNDO_WINDOW_MS + 1_000);
    await deletedAgo(onTime.id, CANNED_REPLY_UNDO_WINDOW_MS - 5_000);

    const refused = await restore(late.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'This canned reply was deleted more than 30 seconds ago and can no longer be restored',
    });
    expect((await restore(onTime.id)).statusCode).toBe(200);
    const ids = await listedIds();
    expect(ids).toContain(onTime.id);
    expect(ids).not.toContain(late.id);
    expect((await stored(late.id))?.deletedAt).toBeInstanceOf(Date);
  });

  it('is refused with the name taken when a live reply took its name meanwhile', async () => {
    const reply = await createdReply();
    await remove(reply.id);
    const successor = await createdReply(reply.name);

    const refused = await restore(reply.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: CANNED_REPLY_MESSAGES.nameTaken });
    const ids = await listedIds();
    expect(ids).toContain(successor.id);
    expect(ids).not.toContain(reply.id);
  });

  it('answers 404 to a restore of an unknown or purged id, 400 to a malformed one, and 401 without a session', async () => {
    const unknown = await restore('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: CANNED_REPLY_MESSAGES.notFound });

    const purged = await createdReply();
    await remove(purged.id);
    await deletedAgo(purged.id, 25 * 3_600_000);
    await t.app.services.cannedReplies.purgeDeleted();
    expect((await restore(purged.id)).statusCode).toBe(404);

    const malformed = await restore('not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('id: Invalid id');

    const anonymous = await t.app.inject({ method: 'POST', url: `/api/canned-replies/${purged.id}/restore` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is purged for good by the clean-up task only a day after the delete', async () => {
    const shown = await createdReply();
    const recent = await createdReply();
    const old = await createdReply();
    await remove(recent.id);
    await remove(old.id);
    await deletedAgo(recent.id, 23 * 3_600_000);
    await deletedAgo(old.id, 24 * 3_600_000 + 60_000);

    const task = t.app.schedules.tasks.find((candidate) => candidate.job === 'scheduleNotificationCleanUp');
    expect(task?.label).toBe('Clean-up of deleted notifications and canned replies');
    expect(await task!.run()).toBeGreaterThanOrEqual(1);

    expect(await stored(old.id)).toBeUndefined();
    expect((await stored(recent.id))?.deletedAt).toBeInstanceOf(Date);
    expect(await stored(shown.id)).toMatchObject({ deletedAt: null });
  });
});
