import { APPOINTMENT_MESSAGES } from '@chatdesk/contract/appointments';
import { type ClientPack, PACK_MESSAGES, type Pack } from '@chatdesk/contract/packs';
import type { Service } from '@chatdesk/contract/services';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertEmployee } from '../../../test/factories.ts';
import { clientPacks, clients, mailOutbox, packLedger, payments } from '../../db/schema.ts';

// Friday 20 November 2026, 11:00 in Madrid: Monday's and Tuesday's times are more than the
// policy's 24 hours away, so cancelling them is in time until the clock is moved.
const FRIDAY = new Date('2026-11-20T10:00:00Z');
const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';
let now = FRIDAY;
let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  ({ headers } = await t.signIn());
});
afterAll(() => t.close());

const staff = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const salonHours = { monday: [['09:00', '13:00']], tuesday: [['09:00', '13:00']] } as never;
let serial = 0;

async function createService(): Promise<Service> {
  const response = await staff('POST', '/api/services', {
    name: `Entrenamiento ${++serial}`,
    durationMinutes: 30,
    priceAmount: 4000,
    currency: 'eur',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function professional(service: Service) {
  const employee = await insertEmployee(t.db, { availability: salonHours });
  const set = await staff('PUT', `/api/employees/${employee.id}/services`, { serviceIds: [service.id] });
  expect(set.statusCode, set.body).toBe(200);
  return employee;
}

async function createClient() {
  const response = await staff('POST', '/api/clients', {
    name: `Cliente ${++serial}`,
    phone: `+34 600 000 ${String(serial).padStart(3, '0')}`,
    email: `cliente-${serial}@example.com`,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

async function createPack(service: Service, overrides: Record<string, unknown> = {}): Promise<Pack> {
  const response = await staff('POST', '/api/packs', {
    serviceId: service.id,
    name: 'Bono 10 sesiones',
    sessions: 10,
    priceAmount: 35000,
    validityDays: 90,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function sell(clientId: string, pack: Pack, method = 'cash'): Promise<ClientPack> {
  const response = await staff('POST', `/api/clients/${clientId}/packs`, { packId: pack.id, method });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const packsOf = async (clientId: string): Promise<ClientPack[]> =>
  (await staff('GET', `/api/clients/${clientId}/packs`)).json();
const left = async (clientId: string) => (await packsOf(clientId)).map((pack) => pack.sessionsLeft);

const bookWithPack = (
  clientId: string,
  employeeId: string,
  serviceId: string,
  timeSlot: string,
  date = MONDAY,
) => staff('POST', '/api/appointments', { clientId, employeeId, serviceId, date, timeSlot, payment: 'pack' });

/** The texts of the emails the client was sent, oldest first. */
async function mailsTo(clientId: string) {
  const [client] = await t.db.select({ email: clients.email }).from(clients).where(eq(clients.id, clientId));
  const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, client!.email!));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((row) => row.text);
}

/** Every client pack's balance is the sum of its ledger: nothing moved a session without a row. */
async function expectBalancesAreLedgerSums() {
  const result = await t.db.execute(sql`
    select p.id, p.sessions_left as "left", coalesce(sum(l.sessions), 0)::int as "sum"
      from client_packs p left join pack_ledger l on l.client_pack_id = p.id
     group by p.id, p.sessions_left`);
  const rows = result.rows as Array<{ id: string; left: number; sum: number }>;
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row.left, row.id).toBe(row.sum);
}

describe('pack definitions', () => {
  it('are added, listed, edited and archived by staff, in the service currency', async () => {
    const service = await createService();
    const pack = await createPack(service);
    expect(pack).toMatchObject({
      serviceId: service.id,
      serviceName: service.name,
      name: 'Bono 10 sesiones',
      sessions: 10,
      priceAmount: 35000,
      currency: 'eur',
      validityDays: 90,
      archivedAt: null,
    });
    const edited = await staff('PUT', `/api/packs/${pack.id}`, {
      serviceId: service.id,
      name: 'Bono 5',
      sessions: 5,
      priceAmount: 19000,
      validityDays: 60,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Bono 5', sessions: 5, validityDays: 60 });

    const archived = await staff('POST', `/api/packs/${pack.id}/archive`);
    expect(archived.json().archivedAt).not.toBeNull();
    const listed = (await staff('GET', '/api/packs')).json() as Pack[];
    expect(listed.map((p) => p.id)).not.toContain(pack.id);
    const all = (await staff('GET', '/api/packs?archived=true')).json() as Pack[];
    expect(all.map((p) => p.id)).toContain(pack.id);
    // An archived pack is not sold.
    const clientId = await createClient();
    const refused = await staff('POST', `/api/clients/${clientId}/packs`, {
      packId: pack.id,
      method: 'card',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: PACK_MESSAGES.archived });
    expect((await staff('POST', `/api/packs/${pack.id}/restore`)).json().archivedAt).toBeNull();
  });

  it('refuse bad input with a 4xx and a message', async () => {
    const service = await createService();
    const base = { serviceId: service.id, name: 'Bono', sessions: 10, priceAmount: 100, validityDays: 30 };
    for (const [change, message] of [
      [{ sessions: 0 }, PACK_MESSAGES.sessionsInvalid],
      [{ sessions: 101 }, PACK_MESSAGES.sessionsInvalid],
      [{ sessions: 2.5 }, PACK_MESSAGES.sessionsInvalid],
      [{ priceAmount: -1 }, PACK_MESSAGES.priceInvalid],
      [{ validityDays: 0 }, PACK_MESSAGES.validityInvalid],
      [{ name: '  ' }, PACK_MESSAGES.nameRequired],
      [{ serviceId: 'nope' }, PACK_MESSAGES.serviceRequired],
    ] as const) {
      const response = await staff('POST', '/api/packs', { ...base, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().message, JSON.stringify(change)).toContain(message);
    }
    const unknown = await staff('POST', '/api/packs', {
      ...base,
      serviceId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await staff('PUT', '/api/packs/00000000-0000-4000-8000-000000000000', base)).statusCode).toBe(
      404,
    );
    expect((await staff('POST', '/api/packs/00000000-0000-4000-8000-000000000000/archive')).statusCode).toBe(
      404,
    );
    const clientId = await createClient();
    const badMethod = await staff('POST', `/api/clients/${clientId}/packs`, {
      packId: (await createPack(service)).id,
      method: 'bitcoin',
    });
    expect(badMethod.statusCode).toBe(400);
    expect(badMethod.json().message).toContain(PACK_MESSAGES.methodInvalid);
    const noClient = await staff('POST', '/api/clients/00000000-0000-4000-8000-000000000000/packs', {
      packId: (await createPack(service)).id,
      method: 'cash',
    });
    expect(noClient.statusCode).toBe(404);
    expect((await staff('GET', '/api/clients/00000000-0000-4000-8000-000000000000/packs')).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: '/api/packs' })).statusCode).toBe(401);
  });
});

describe("a client's pack", () => {
  it('is sold at the desk with its payment, used by a staff booking and given back by a cancellation in time', async () => {
    const service = await createService();
    const employee = await professional(service);
    const clientId = await createClient();
    const pack = await createPack(service);
    const sold = await sell(clientId, pack, 'card');
    expect(sold).toMatchObject({
      name: 'Bono 10 sesiones',
      serviceId: service.id,
      sessionsTotal: 10,
      sessionsLeft: 10,
      priceAmount: 35000,
      currency: 'eur',
      method: 'card',
      expiresAt: new Date(FRIDAY.getTime() + 90 * 86_400_000).toISOString(),
      expired: false,
    });
    const [paid] = await t.db.select().from(payments).where(eq(payments.clientId, clientId));
    expect(paid).toMatchObject({
      amount: 35000,
      currency: 'eur',
      status: 'completed',
      paymentMethod: 'Card at the desk',
    });

    const booked = await bookWithPack(clientId, employee.id, service.id, '10:00');
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({
      payment: null,
      pack: { clientPackId: sold.id, name: 'Bono 10 sesiones', returned: false },
    });
    expect(await left(clientId)).toEqual([9]);
    // The confirmation says how it was paid, not "to pay at your appointment".
    expect((await mailsTo(clientId)).at(-1)).toContain(
      'Paid with your pack: Bono 10 sesiones (9 sessions left)',
    );
    const id = booked.json().id as string;
    // The list says so too, and a pack-paid appointment keeps its trail: no delete.
    const list = (await staff('GET', `/api/appointments?clientId=${clientId}`)).json();
    expect(list.appointments[0].pack).toMatchObject({ clientPackId: sold.id, returned: false });
    const deleted = await staff('DELETE', `/api/appointments/${id}`);
    expect(deleted.statusCode).toBe(409);

    // The customer cancels on their link in time: the session comes back.
    const history = (await staff('GET', `/api/appointments/${id}/history`)).json();
    const token = (history.manageUrl as string).split('/').pop();
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${token}/cancel`,
      payload: { refundExpected: 0 },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await left(clientId)).toEqual([10]);
    expect((await staff('GET', `/api/appointments/${id}`)).json().pack.returned).toBe(true);
    expect((await mailsTo(clientId)).at(-1)).toContain('The session goes back to your pack.');
    // Reopening it cannot take back a session that is the client's again.
    const reopened = await staff('PATCH', `/api/appointments/${id}/status`, {
      status: 'scheduled',
      reopen: true,
    });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json()).toEqual({ message: PACK_MESSAGES.sessionReturned });

    const ledger = (await staff('GET', `/api/clients/${clientId}/packs/${sold.id}/ledger`)).json();
    expect(ledger.entries.map((e: { kind: string; sessions: number }) => [e.kind, e.sessions])).toEqual([
      ['sale', 10],
      ['use', -1],
      ['return', 1],
    ]);
    expect(ledger.entries[0]).toMatchObject({ amount: 35000, currency: 'eur', actor: 'staff' });
    expect(ledger.entries[2]).toMatchObject({ appointmentId: id, actor: 'customer' });
    await expectBalancesAreLedgerSums();
  });

  it('keeps the session used for a late cancel and a no-show, and gives it back when staff cancel in time', async () => {
    const service = await createService();
    const employee = await professional(service);
    const clientId = await createClient();
    await sell(clientId, await createPack(service, { sessions: 5 }));

    const inTime = (await bookWithPack(clientId, employee.id, service.id, '11:00', TUESDAY)).json().id;
    const late = (await bookWithPack(clientId, employee.id, service.id, '09:00')).json().id;
    const missed = (await bookWithPack(clientId, employee.id, service.id, '09:30')).json().id;
    expect(await left(clientId)).toEqual([2]);

    // Staff cancel in time, saying nothing about it: the policy gives the session back.
    const staffCancel = await staff('PATCH', `/api/appointments/${inTime}/status`, { status: 'cancelled' });
    expect(staffCancel.statusCode, staffCancel.body).toBe(200);
    expect(await left(clientId)).toEqual([3]);

    // Sunday 10:00 UTC: Monday's times are less than 24 hours away.
    now = new Date('2026-11-22T10:00:00Z');
    try {
      const token = ((await staff('GET', `/api/appointments/${late}/history`)).json().manageUrl as string)
        .split('/')
        .pop();
      const lateCancel = await t.app.inject({
        method: 'POST',
        url: `/api/booking/${token}/cancel`,
        payload: { refundExpected: 0 },
      });
      expect(lateCancel.statusCode, lateCancel.body).toBe(200);
      expect(await left(clientId)).toEqual([3]);
      expect((await mailsTo(clientId)).at(-1)).toContain(
        'The pack session stays used under the cancellation policy.',
      );
      const noShow = await staff('PATCH', `/api/appointments/${missed}/status`, { status: 'no-show' });
      expect(noShow.statusCode, noShow.body).toBe(200);
      expect(await left(clientId)).toEqual([3]);
    } finally {
      now = FRIDAY;
    }
    await expectBalancesAreLedgerSums();
  });

  it('is refused with a 409 when no pack has a session left, and past its date it has none to use', async () => {
    const service = await createService();
    const employee = await professional(service);
    const clientId = await createClient();
    const none = await bookWithPack(clientId, employee.id, service.id, '09:00');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ message: PACK_MESSAGES.noSessionLeft });

    await sell(clientId, await createPack(service, { sessions: 3, validityDays: 1 }));
    // Saturday: the one-day pack ran out on Friday night.
    now = new Date('2026-11-21T12:00:00Z');
    try {
      const expired = await bookWithPack(clientId, employee.id, service.id, '09:00');
      expect(expired.statusCode).toBe(409);
      expect(expired.json()).toEqual({ message: PACK_MESSAGES.noSessionLeft });
      // Noticed when listed: what was left is written off as an expiry row, once.
      const [pack] = await packsOf(clientId);
      expect(pack).toMatchObject({ sessionsLeft: 0, expired: true });
      await packsOf(clientId);
      const rows = await t.db.select().from(packLedger).where(eq(packLedger.clientPackId, pack!.id));
      expect(rows.map((row) => [row.kind, row.sessions])).toEqual([
        ['sale', 3],
        ['expiry', -3],
      ]);
    } finally {
      now = FRIDAY;
    }
    // A service the pack is not for is no use either.
    const other = await createService();
    const otherEmployee = await professional(other);
    await sell(clientId, await createPack(service, { sessions: 2 }));
    expect((await bookWithPack(clientId, otherEmployee.id, other.id, '09:00')).statusCode).toBe(409);
    await expectBalancesAreLedgerSums();
  });

  it('the database refuses a balance below zero or above what was sold, whatever the code does', async () => {
    const service = await createService();
    const clientId = await createClient();
    const sold = await sell(clientId, await createPack(service, { sessions: 2 }));
    for (const value of [-1, 3]) {
      await expect(
        t.db.update(clientPacks).set({ sessionsLeft: value }).where(eq(clientPacks.id, sold.id)),
      ).rejects.toMatchObject({ cause: { code: '23514' } });
    }
  });
});

describe("a client's erasure", () => {
  it('keeps their packs and ledger as money records, naming no one', async () => {
    const service = await createService();
    const response = await staff('POST', '/api/clients', {
      name: 'Erika Borrada',
      phone: '+34 600 999 111',
      email: 'erika.borrada@example.com',
    });
    const clientId = response.json().id as string;
    const sold = await sell(clientId, await createPack(service, { sessions: 3 }));
    const erased = await staff('POST', `/api/clients/${clientId}/erase`, { confirm: 'Erika Borrada' });
    expect(erased.statusCode, erased.body).toBe(200);
    const [kept] = await t.db.select().from(clientPacks).where(eq(clientPacks.id, sold.id));
    expect(kept).toMatchObject({ clientId: null, sessionsLeft: 3 });
    const rows = await t.db.select().from(packLedger).where(eq(packLedger.clientPackId, sold.id));
    expect(rows.map((row) => row.kind)).toEqual(['sale']);
    expect(JSON.stringify([kept, rows])).not.toMatch(/Erika|borrada|999 111/i);
  });
});

describe('racing bookings', () => {
  it('50 concurrent bookings against a 10-session pack use exactly 10 sessions; the other 40 get a clear 409', async () => {
    const service = await createService();
    // Five professionals, so bookings do not simply queue behind one calendar's lock.
    const team = await Promise.all([1, 2, 3, 4, 5].map(() => professional(service)));
    const clientId = await createClient();
    const sold = await sell(clientId, await createPack(service));
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'];
    const attempts = team
      .flatMap((employee) =>
        [MONDAY, TUESDAY].flatMap((date) => times.map((time) => ({ employee, date, time }))),
      )
      .slice(0, 50);
    expect(attempts).toHaveLength(50);
    const responses = await Promise.all(
      attempts.map(({ employee, date, time }) => bookWithPack(clientId, employee.id, service.id, time, date)),
    );
    const won = responses.filter((r) => r.statusCode === 201);
    expect(won).toHaveLength(10);
    for (const lost of responses.filter((r) => r.statusCode !== 201)) {
      expect(lost.statusCode, lost.body).toBe(409);
      expect(lost.json()).toEqual({ message: PACK_MESSAGES.noSessionLeft });
    }
    expect(await left(clientId)).toEqual([0]);
    const uses = await t.db.select().from(packLedger).where(eq(packLedger.clientPackId, sold.id));
    expect(uses.filter((row) => row.kind === 'use')).toHaveLength(10);
    expect(new Set(uses.filter((row) => row.kind === 'use').map((row) => row.appointmentId)).size).toBe(10);
    // Refused bookings left no appointment behind.
    const list = (await staff('GET', `/api/appointments?clientId=${clientId}&limit=100`)).json();
    expect(list.pagination.total).toBe(10);
    await expectBalancesAreLedgerSums();
  });
});

it('an unknown appointment is still a 404 for the desk', async () => {
  expect((await staff('GET', '/api/appointments/00000000-0000-4000-8000-000000000000')).json()).toEqual({
    message: APPOINTMENT_MESSAGES.notFound,
  });
});

describe('the assistant and the packs on sale', () => {
  const ask = async (text: string, sessionId: string) => {
    const response = await staff('POST', '/api/chats/simulator', { text, sessionId });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().replies as string[]).join('\n');
  };

  it('tells a customer of each pack on sale and where it is bought, and forgets one archived at once', async () => {
    const service = await createService();
    const employee = await professional(service);
    const pack = await createPack(service, { name: 'Bono 5 sesiones', sessions: 5, priceAmount: 18000 });
    const told = await ask('hola, ¿hay bonos?', 'packsonsale000001');
    // Other tests' packs are on sale too: this one's line, and its booking page right under it.
    const lines = told.split('\n');
    const at = lines.findIndex((line) => line.includes('Bono 5 sesiones: 5 sesiones de'));
    expect(at, told).toBeGreaterThanOrEqual(0);
    expect(lines[at]).toContain('180,00');
    expect(lines[at + 1]).toContain(`/schedule/${employee.username}`);
    // Off sale: the next customer is not offered it (the assistant's cached facts are read again).
    expect((await staff('POST', `/api/packs/${pack.id}/archive`)).statusCode).toBe(200);
    expect(await ask('hola, ¿hay bonos?', 'packsonsale000002')).not.toContain('Bono 5 sesiones');
  });
});
