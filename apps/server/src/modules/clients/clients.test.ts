import { randomUUID } from 'node:crypto';
import { CLIENT_MESSAGES } from '@chatdesk/contract/clients';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertAppointment, insertEmployee } from '../../../test/factories.ts';
import { forgedCursor, readAllPages } from '../../../test/paging.ts';
import { clients } from '../../db/schema.ts';

let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  ({ headers } = await t.signIn());
});
afterAll(() => t.close());

const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/clients', headers, payload });

describe('clients', () => {
  it('a new client needs only name and phone, and is a lead from whatsapp', async () => {
    const response = await create({ name: ' Pilar Soto ', phone: '+34 699 000 111' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Pilar Soto',
      phone: '+34 699 000 111',
      email: null,
      status: 'lead',
      source: 'whatsapp',
      assignedEmployee: null,
      address: {},
      chatId: null,
    });
  });

  it('validates with messages naming the field', async () => {
    expect((await create({ phone: '1' })).json().message).toBe(`name: ${CLIENT_MESSAGES.nameRequired}`);
    expect((await create({ name: 'A', phone: ' ' })).json().message).toBe(
      `phone: ${CLIENT_MESSAGES.phoneRequired}`,
    );
    expect((await create({ name: 'A', phone: '1', email: 'x' })).json().message).toBe(
      `email: ${CLIENT_MESSAGES.emailInvalid}`,
    );
    expect((await create({ name: 'A', phone: '1', status: 'vip' })).statusCode).toBe(400);
    const ghost = await create({
      name: 'A',
      phone: '1',
      assignedEmployeeId: '00000000-0000-4000-8000-000000000000',
    });
    expect(ghost.json().message).toBe(`assignedEmployeeId: ${CLIENT_MESSAGES.employeeNotFound}`);
  });

  it('edits every field and shows the assigned employee', async () => {
    const employee = await insertEmployee(t.db, { name: 'Javier Moreno' });
    const { id } = (await create({ name: 'Raúl', phone: '600' })).json();
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/clients/${id}`,
      headers,
      payload: {
        name: 'Raúl Díaz',
        phone: '600 111 222',
        email: 'raul@example.com',
        status: 'active',
        source: 'referral',
        assignedEmployeeId: employee.id,
        address: { street: 'Calle Mayor 1', city: 'Valencia', state: '', zipCode: '46001', country: 'Spain' },
        notes: 'Prefers mornings',
      },
    });
    expect(updated.json()).toMatchObject({
      name: 'Raúl Díaz',
      status: 'active',
      source: 'referral',
      assignedEmployee: { id: employee.id, name: 'Javier Moreno' },
      address: { street: 'Calle Mayor 1', city: 'Valencia', zipCode: '46001', country: 'Spain' },
      notes: 'Prefers mornings',
    });
  });

  it('searches name, email and phone and filters by status', async () => {
    const { id } = (
      await create({
        name: 'Olga Vera',
        phone: '+34 611 222 333',
        email: 'olga@vera.example',
        status: 'former',
      })
    ).json();
    const ids = async (query: string) =>
      (await t.app.inject({ url: `/api/clients?${query}`, headers }))
        .json()
        .items.map((c: { id: string }) => c.id);
    expect(await ids('search=olga')).toEqual([id]);
    expect(await ids('search=vera.example')).toEqual([id]);
    expect(await ids('search=611222333')).toEqual([id]);
    expect(await ids(`search=${encodeURIComponent('611-222-333')}`)).toEqual([id]);
    expect(await ids('status=former')).toContain(id);
    expect(await ids('status=inactive')).not.toContain(id);
  });

  it('shows appointments, payments and the subscription on the detail, and records a manual payment', async () => {
    const { id } = (await create({ name: 'Eva', phone: '+34 622 333 444' })).json();
    await insertAppointment(t.db, {
      clientId: id,
      clientName: 'Eva',
      status: 'completed',
      employeeName: 'Carlos',
    });
    const payment = await t.app.inject({
      method: 'POST',
      url: `/api/clients/${id}/payments`,
      headers,
      payload: { amount: 45.5, currency: 'eur', paymentMethod: 'cash', description: 'Pack of 3 sessions' },
    });
    expect(payment.statusCode).toBe(201);
    expect(payment.json()).toMatchObject({
      amount: 4550,
      currency: 'eur',
      status: 'completed',
      paymentMethod: 'cash',
    });
    const detail = (await t.app.inject({ url: `/api/clients/${id}`, headers })).json();
    expect(detail.appointments).toHaveLength(1);
    expect(detail.appointments[0]).toMatchObject({ status: 'completed', employee: { name: 'Carlos' } });
    expect(detail.payments).toHaveLength(1);
    expect(detail.subscription).toBeNull();
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/clients/${id}/payments`,
      headers,
      payload: { amount: -1, currency: 'eur' },
    });
    expect(bad.json().message).toBe(`amount: ${CLIENT_MESSAGES.amountInvalid}`);
  });

  it('deletes, and answers 404 after', async () => {
    const { id } = (await create({ name: 'Temp', phone: '1' })).json();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/clients/${id}`, headers })).statusCode).toBe(
      200,
    );
    const gone = await t.app.inject({ url: `/api/clients/${id}`, headers });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: CLIENT_MESSAGES.notFound });
  });
});

type Listed = { id: string; name: string; status: string };

/** Clients made at exact instants (microseconds), named with a token only they carry. */
async function insertClientsAt(token: string, rows: Array<{ at: string; status?: 'lead' | 'active' }>) {
  const made = [];
  for (const [index, row] of rows.entries()) {
    const [client] = await t.db
      .insert(clients)
      .values({
        name: `Paging ${token} ${index}`,
        phone: '+34 600 000 000',
        status: row.status ?? 'lead',
        createdAt: sql`${row.at}::timestamptz`,
      })
      .returning({ id: clients.id });
    made.push({ id: client!.id, at: row.at, status: row.status ?? 'lead' });
  }
  // The list's order: newest first, the id breaking ties.
  return made.sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1));
}

const token = () => `tk${randomUUID().slice(0, 8)}`;

describe('client list pages', () => {
  it('follow each other newest first, without overlap or gaps, even within one millisecond', async () => {
    const tk = token();
    const made = await insertClientsAt(tk, [
      { at: '2026-03-01T10:00:00.000300Z' },
      { at: '2026-03-01T10:00:00.000200Z' },
      { at: '2026-03-01T10:00:00.000200Z' },
      { at: '2026-03-01T10:00:00.000100Z' },
      { at: '2026-02-01T09:00:00.000000Z' },
    ]);
    for (const limit of [1, 2]) {
      const pages = await readAllPages<Listed>(t.app, `/api/clients?search=${tk}&limit=${limit}`, headers);
      expect(pages.every((page) => page.length <= limit)).toBe(true);
      expect(pages.flat().map((c) => c.id)).toEqual(made.map((c) => c.id));
    }
  });

  it('cover the whole list, in the order of one big page', async () => {
    await insertClientsAt(
      token(),
      Array.from({ length: 7 }, () => ({ at: '2026-01-01T00:00:00.000001Z' })),
    );
    const whole = (await t.app.inject({ url: '/api/clients?limit=100', headers })).json();
    expect(whole.nextCursor).toBeNull();
    const pages = await readAllPages<Listed>(t.app, '/api/clients?limit=3', headers);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.flat().map((c) => c.id)).toEqual(whole.items.map((c: Listed) => c.id));
  });

  it('hold 50 clients unless asked for 1 to 100', async () => {
    const tk = token();
    await t.db
      .insert(clients)
      .values(Array.from({ length: 55 }, (_, index) => ({ name: `Many ${tk} ${index}`, phone: '1' })));
    const first = (await t.app.inject({ url: `/api/clients?search=${tk}`, headers })).json();
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.any(String));
    const rest = (
      await t.app.inject({ url: `/api/clients?search=${tk}&cursor=${first.nextCursor}`, headers })
    ).json();
    expect(rest).toMatchObject({ nextCursor: null });
    expect(rest.items).toHaveLength(5);
    expect(
      (await t.app.inject({ url: `/api/clients?search=${tk}&limit=100`, headers })).json().items,
    ).toHaveLength(55);
    for (const limit of ['0', '101', '-1', '2.5', 'ten']) {
      const response = await t.app.inject({ url: `/api/clients?limit=${limit}`, headers });
      expect(response.statusCode, limit).toBe(400);
      expect(response.json().message, limit).toMatch(/^limit: /);
    }
  });

  it('refuse a cursor they did not write with a 400 that says so', async () => {
    const id = randomUUID();
    for (const cursor of [
      '!!!',
      'abc',
      forgedCursor({}),
      forgedCursor(['2026-03-01T10:00:00.000300Z']),
      forgedCursor(['2026-03-01T10:00:00.000300Z', 'not-an-id']),
      forgedCursor(['2026-02-30T10:00:00.000000Z', id]),
      forgedCursor(['0000-01-01T00:00:00.000000Z', id]),
      forgedCursor(['yesterday', id]),
      forgedCursor([12, id]),
    ]) {
      const response = await t.app.inject({
        url: `/api/clients?cursor=${encodeURIComponent(cursor)}`,
        headers,
      });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().message, cursor).toBe('cursor: Invalid cursor');
    }
  });

  it('keep the filters from page to page', async () => {
    const tk = token();
    const made = await insertClientsAt(tk, [
      { at: '2026-04-01T10:00:00.000005Z', status: 'active' },
      { at: '2026-04-01T10:00:00.000004Z', status: 'lead' },
      { at: '2026-04-01T10:00:00.000003Z', status: 'active' },
      { at: '2026-04-01T10:00:00.000002Z', status: 'lead' },
      { at: '2026-04-01T10:00:00.000001Z', status: 'active' },
    ]);
    const pages = await readAllPages<Listed>(
      t.app,
      `/api/clients?search=${tk}&status=active&limit=1`,
      headers,
    );
    expect(pages).toHaveLength(3);
    expect(pages.flat().map((c) => c.id)).toEqual(made.filter((c) => c.status === 'active').map((c) => c.id));
  });

  it('search ignores case and accents, on both sides', async () => {
    const lucia = (await create({ name: 'Lucía Fernández', phone: '+34 633 100 200' })).json().id;
    const upper = (await create({ name: 'LUCÍA PRIETO', phone: '+34 633 100 201' })).json().id;
    const garcia = (await create({ name: 'Tomás Garcia', phone: '+34 633 100 202' })).json().id;
    const ids = async (search: string) =>
      (await t.app.inject({ url: `/api/clients?search=${encodeURIComponent(search)}`, headers }))
        .json()
        .items.map((c: { id: string }) => c.id)
        .sort();
    expect(await ids('lucia')).toEqual([lucia, upper].sort());
    expect(await ids('LUCIA')).toEqual([lucia, upper].sort());
    expect(await ids('fernandez')).toEqual([lucia]);
    expect(await ids('garcía')).toEqual([garcia]);
    expect(await ids('tomas garcia')).toEqual([garcia]);
    expect(await ids('%')).toEqual([]);
  });
});
