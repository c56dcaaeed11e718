import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertEmployee, insertNotification } from '../../../test/factories.ts';
import { TEST_CARDS } from '../../integrations/payments/local-payment-provider.ts';

// Sunday 22 November 2026, 11:00 in Madrid; the appointment is on Monday at 09:00.
let now = new Date('2026-11-22T10:00:00Z');
let t: TestContext;
let headers: Record<string, string>;
let staffName: string;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now, env: { SESSION_TTL_HOURS: '2000' } });
  const signedIn = await t.signIn();
  headers = signedIn.headers;
  staffName = signedIn.employee.name;
}, 60_000);
afterAll(() => t.close());

const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + randomInt(26))).join('');

/** A person no other test writes: a unique surname, address and number. */
function person() {
  const tag = letters(8);
  const national = `6${String(randomInt(10_000_000, 99_999_999))}`;
  return {
    name: `Zoraida Quintero ${tag[0]!.toUpperCase()}${tag.slice(1)}`,
    email: `zoraida.${tag}@example.com`,
    phone: `+34 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`,
    national,
    digits: `34${national}`,
  };
}
type Person = ReturnType<typeof person>;

let visitorNumber = 0;
const post = (url: string, payload: object, withHeaders = false) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    ...(withHeaders ? { headers } : {}),
    remoteAddress: `10.${20 + Math.floor(++visitorNumber / 250)}.${visitorNumber % 250}.1`,
  });

async function newEmployee() {
  return insertEmployee(t.db, {
    name: 'Carlos Ruiz',
    title: 'Personal Trainer',
    availability: { monday: [['09:00', '12:00']], tuesday: [['09:00', '12:00']] },
  });
}

/** A paid booking through the public page, as a visitor makes it: intent, card, booking. */
async function bookPaid(employeeId: string, who: Person, date = '2026-11-23', timeSlot = '09:00') {
  const intent = await post('/api/payments/intent', { employeeId, date, timeSlot, clientInfo: who });
  expect(intent.statusCode, intent.body).toBe(200);
  const { clientSecret, paymentIntentId } = intent.json();
  const paid = await post('/api/payments/local/confirm', {
    clientSecret,
    card: { number: TEST_CARDS.success, expMonth: 12, expYear: 2030, cvc: '123' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const booked = await post('/api/schedule/book', {
    employeeId,
    date,
    timeSlot,
    day: 'Monday',
    clientInfo: { name: who.name, email: who.email, phone: who.phone },
    payment: { id: paymentIntentId, amount: 1000, currency: 'eur', status: 'succeeded' },
  });
  expect(booked.statusCode, booked.body).toBe(200);
  return booked.json();
}

async function clientIdOf(who: Person) {
  const list = await t.app.inject({ url: `/api/clients?search=${encodeURIComponent(who.email)}`, headers });
  const [client] = list.json().items;
  expect(client, `client ${who.email}`).toBeDefined();
  return client.id as string;
}

const erase = (id: string, confirm: unknown) => post(`/api/clients/${id}/erase`, { confirm }, true);

/** Every row of every table of the public schema, as text, lower case: what the erasure is judged by. */
async function everyRowAsText() {
  const tables = await t.db.execute(sql`
    select table_name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const names = (tables.rows as Array<{ table_name: string }>).map((row) => row.table_name);
  expect(names).toEqual(expect.arrayContaining(['clients', 'messages', 'mail_outbox', 'privacy_requests']));
  const found: Array<{ table: string; text: string }> = [];
  for (const table of names) {
    const rows = await t.db.execute(sql`select t::text as text from ${sql.identifier(table)} t`);
    for (const row of rows.rows as Array<{ text: string }>)
      found.push({ table, text: row.text.toLowerCase() });
  }
  return found;
}

/** The rows anywhere that still name, address or number the person. */
async function tracesOf(who: Person) {
  const needles = [who.name, who.name.split(' ').at(-1)!, who.email, who.phone, who.digits, who.national].map(
    (needle) => needle.toLowerCase(),
  );
  const rows = await everyRowAsText();
  return rows.filter((row) => needles.some((needle) => row.text.includes(needle)));
}

const paymentTotals = async () => {
  const result = await t.db.execute(
    sql`select currency, sum(amount)::int as total, count(*)::int as n from payments group by currency order by currency`,
  );
  return result.rows;
};

describe('a client’s data, exported and erased', () => {
  let who: Person;
  let clientId: string;
  let employee: Awaited<ReturnType<typeof newEmployee>>;
  let subscriptionId: string;

  beforeAll(async () => {
    who = person();
    employee = await newEmployee();
    await bookPaid(employee.id, who);
    clientId = await clientIdOf(who);
    // The booking stamps when its time was chosen with the database's clock, which is not the
    // test's: put it at the booking, as it would be, or no reminder would ever be due after it.
    await t.db.execute(sql`update appointments set slot_chosen_at = ${now} where client_id = ${clientId}`);

    // Their WhatsApp chat, through the chats service as the webhook stores it; the assistant answers.
    await t.app.services.chats.receiveInbound({
      prefix: '34',
      phone: who.national,
      name: who.name,
      text: `Hola, soy ${who.name} (${who.email}), ¿a qué hora es mi cita?`,
      channel: 'whatsapp',
      externalId: `wamid.${letters(16)}`,
    });

    // Staff notes that would break a page if they were not escaped.
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/clients/${clientId}`,
      headers,
      payload: {
        name: who.name,
        phone: who.phone,
        email: who.email,
        status: 'active',
        source: 'website',
        address: { street: 'Calle Mayor 5', city: 'Madrid' },
        notes: `<script>alert("x")</script> & prefers ${who.phone}`,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const subscription = await post(
      '/api/subscriptions',
      {
        clientId,
        paymentMethodId: 'pm_card_visa',
        planId: null,
        planName: 'Premium',
        amount: 19.99,
        currency: 'usd',
        interval: 'month',
      },
      true,
    );
    expect(subscription.statusCode, subscription.body).toBe(201);
    subscriptionId = subscription.json().id;

    // Monday 07:00 in Madrid: the reminder two hours before goes out by WhatsApp and email.
    now = new Date('2026-11-23T06:00:00Z');
    await t.app.services.reminders.sendDue();
  }, 60_000);

  it('exports everything as JSON: details, chats with messages, appointments with history, money, emails', async () => {
    const response = await t.app.inject({ url: `/api/clients/${clientId}/export`, headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="client-data-.*\.json"$/);
    expect(response.headers['content-disposition']).not.toContain('Zoraida');
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json();
    expect(data.client).toMatchObject({ id: clientId, name: who.name, email: who.email, phone: who.phone });
    expect(data.client.address).toMatchObject({ city: 'Madrid' });
    expect(data.contacts).toEqual([
      expect.objectContaining({ name: who.name, phone: `+34 ${who.national}` }),
    ]);
    expect(data.chats).toHaveLength(1);
    const said = data.chats[0].messages as Array<{ sender: string; text: string }>;
    expect(said.find((m) => m.sender === 'customer')?.text).toContain(who.email);
    expect(said.some((m) => m.sender === 'assistant')).toBe(true);
    expect(data.chats[0].conversations).toHaveLength(1);
    expect(data.appointments).toHaveLength(1);
    const [appointment] = data.appointments;
    expect(appointment).toMatchObject({
      date: '2026-11-23',
      startTime: '09:00',
      professional: 'Carlos Ruiz',
      bookedAs: { name: who.name, email: who.email, phone: who.phone },
    });
    expect(appointment.history.map((h: { kind: string }) => h.kind)).toContain('booked');
    expect(appointment.reminders.length).toBeGreaterThan(0);
    expect(data.payments).toHaveLength(2);
    expect(data.payments.map((p: { amount: number }) => p.amount).sort()).toEqual([1000, 1999]);
    expect(data.subscriptions).toEqual([expect.objectContaining({ id: subscriptionId, plan: 'Premium' })]);
    expect(data.emails.length).toBeGreaterThanOrEqual(2);
    expect(data.emails.every((m: { to: string }) => m.to === who.email)).toBe(true);
  });

  it('exports a readable page with every value escaped', async () => {
    const response = await t.app.inject({ url: `/api/clients/${clientId}/export/html`, headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="client-data-.*\.html"$/);
    const html = response.body;
    expect(html).toContain(`Personal data of ${who.name}`);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; prefers');
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(/<link|<img|src=/);
    for (const section of ['Details', 'Chats', 'Appointments', 'Payments', 'Subscriptions', 'Emails sent'])
      expect(html).toContain(`<h2>${section}</h2>`);
  });

  it('logs each export with who made it, for the client and in the whole log', async () => {
    const log = await t.app.inject({ url: `/api/privacy-requests?clientId=${clientId}`, headers });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().items).toEqual([
      expect.objectContaining({
        kind: 'export',
        client: { id: clientId, name: who.name },
        details: { format: 'html' },
      }),
      expect.objectContaining({ kind: 'export', staff: expect.objectContaining({ name: staffName }) }),
    ]);
  });

  it('refuses, naming them, while an appointment is to come or a subscription is live', async () => {
    const response = await erase(clientId, who.name);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toMatch(/2026-11-23 at 09:00 with Carlos Ruiz/);
    expect(response.json().message).toMatch(/Premium subscription \(active/);
    expect(await clientIdOf(who)).toBe(clientId);
  });

  it('refuses a confirmation that is not the client’s name, and a missing one', async () => {
    expect((await erase(clientId, 'Someone Else')).statusCode).toBe(400);
    const missing = await erase(clientId, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: expect.any(String) });
    expect((await erase('00000000-0000-4000-8000-000000000000', 'x')).statusCode).toBe(404);
    expect((await erase('not-an-id', 'x')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ url: '/api/clients/00000000-0000-4000-8000-000000000000/export', headers }))
        .statusCode,
    ).toBe(404);
  });

  it('is all or nothing: a failure at the last statement leaves every record as it was', async () => {
    // The subscription ends and the appointment is past, so only the injected failure stops it.
    const cancel = await post(
      `/api/subscriptions/${subscriptionId}/cancel`,
      { cancelImmediately: true },
      true,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    now = new Date('2026-11-23T12:00:00Z');
    const before = (await tracesOf(who)).length;
    await t.db.execute(sql`create function privacy_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`);
    await t.db.execute(sql`create trigger privacy_test_fail before insert on privacy_requests
      for each row when (new.kind = 'erase') execute function privacy_test_fail()`);
    try {
      const response = await erase(clientId, who.name);
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('injected');
    } finally {
      await t.db.execute(sql`drop trigger privacy_test_fail on privacy_requests`);
      await t.db.execute(sql`drop function privacy_test_fail()`);
    }
    expect(await clientIdOf(who)).toBe(clientId);
    expect((await tracesOf(who)).length).toBe(before);
  });

  it('erases: no table holds their name, email or phone, and the money adds up as before', async () => {
    const feed = (await t.app.inject({ url: `/api/employees/${employee.id}/calendar-feed`, headers })).json();
    const feedPath = new URL(feed.url).pathname;
    expect((await t.app.inject({ url: feedPath })).body).toContain(who.name);
    const money = await paymentTotals();
    expect((await tracesOf(who)).map((row) => row.table)).toEqual(
      expect.arrayContaining([
        'clients',
        'contacts',
        'messages',
        'appointments',
        'mail_outbox',
        'notifications',
      ]),
    );

    const response = await erase(clientId, `  ${who.name.toUpperCase()} `);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({
      anonymousId: expect.stringMatching(/^erased-[a-z]{12}$/),
      kept: { payments: 2, subscriptions: 1, appointments: 1 },
      erased: { chats: 1 },
      providerForgotten: true,
      providerMessage: null,
    });
    expect(result.erased.messages).toBeGreaterThan(1);
    expect(result.erased.emails).toBeGreaterThanOrEqual(2);

    expect(await tracesOf(who)).toEqual([]);
    expect(await paymentTotals()).toEqual(money);
    const kept = await t.db.execute(
      sql`select count(*)::int as n from payments where anonymous_client_id = ${result.anonymousId} and client_id is null`,
    );
    expect(kept.rows[0]).toEqual({ n: 2 });

    // The employee's calendar keeps the appointment, naming no one.
    const ics = (await t.app.inject({ url: feedPath })).body;
    expect(ics).toContain('Erased client');
    expect(ics).not.toContain('Zoraida');

    // The subscription stays listed, under the anonymous id.
    const subscription = (
      await t.app.inject({ url: `/api/subscriptions/${subscriptionId}`, headers })
    ).json();
    expect(subscription).toMatchObject({
      client: null,
      anonymousClientId: result.anonymousId,
      amount: 19.99,
    });

    // The log names no one now: the erasure and the earlier exports carry the anonymous id.
    const log = (await t.app.inject({ url: '/api/privacy-requests', headers })).json().items;
    const theirs = log.filter(
      (line: { anonymousId: string | null }) => line.anonymousId === result.anonymousId,
    );
    expect(theirs.map((line: { kind: string }) => line.kind)).toEqual(['erase', 'export', 'export']);
    expect(theirs[0]).toMatchObject({
      client: null,
      staff: { name: staffName },
      details: { paymentsKept: 2 },
    });
  });

  it('answers a second erasure, and a late export, with a clear 404', async () => {
    const again = await erase(clientId, who.name);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/erased client is gone/);
    expect((await t.app.inject({ url: `/api/clients/${clientId}/export`, headers })).statusCode).toBe(404);
  });

  it('a customer who writes again from that number is a new chat, linked to no one', async () => {
    await t.app.services.chats.receiveInbound({
      prefix: '34',
      phone: who.national,
      name: 'Z',
      text: 'Hola otra vez',
      channel: 'whatsapp',
    });
    const chats = (await t.app.inject({ url: `/api/chats?search=${who.digits}`, headers })).json();
    const list = Array.isArray(chats) ? chats : chats.items;
    expect(list).toHaveLength(1);
    expect(list[0].clientId ?? null).toBeNull();
  });
});

describe('what an erasure leaves alone', () => {
  it('other people’s words: a longer name or number, a first name alone in a notification about someone else', async () => {
    const suffix = letters(6);
    const name = `Ana Beltrán ${suffix}`;
    const created = await post(
      '/api/clients',
      { name, phone: '+34 699 111 222', email: `ana.${suffix}@example.com` },
      true,
    );
    expect(created.statusCode, created.body).toBe(201);
    const about = await insertNotification(t.db, {
      title: 'Booking cancelled',
      message: `${name} cancelled`,
    });
    const others = await Promise.all(
      [
        `Anabel Beltrán ${suffix}x booked`,
        'Ana asked for a call',
        'Call back +34 699 111 2223',
        `ana.${suffix}@example.company wrote`,
      ].map((message) => insertNotification(t.db, { title: 'Something happened', message })),
    );
    const erased = await erase(created.json().id, name);
    expect(erased.statusCode, erased.body).toBe(200);
    const messageOf = async (id: string) =>
      (
        (await t.db.execute(sql`select message from notifications where id = ${id}`)).rows[0] as {
          message: string;
        }
      ).message;
    expect(await messageOf(about.id)).toBe('[erased] cancelled');
    for (const other of others) expect(await messageOf(other.id)).toBe(other.message);
  });
});

describe('erasing at once', () => {
  it('two erasures of one client at the same time: one erases, the other finds nothing', async () => {
    const who = person();
    const created = await post('/api/clients', { name: who.name, phone: who.phone, email: who.email }, true);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const statuses = (await Promise.all([erase(id, who.name), erase(id, who.name)])).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([200, 404]);
    expect(await tracesOf(who)).toEqual([]);
  });

  it('staff only', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/clients/00000000-0000-4000-8000-000000000000/erase',
      payload: { confirm: 'x' },
    });
    expect(response.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/privacy-requests' })).statusCode).toBe(401);
  });
});
