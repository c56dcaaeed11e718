import { CANNED_REPLY_MESSAGES } from '@chatdesk/contract/canned-replies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';

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
