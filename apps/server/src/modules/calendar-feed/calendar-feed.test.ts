import { EMPLOYEE_MESSAGES } from '@chatdesk/contract/employees';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertAppointment, insertEmployee } from '../../../test/factories.ts';
import { parseCalendar } from '../../../test/ical.ts';
import { appointments, employees } from '../../db/schema.ts';
import { TEST_CARDS } from '../../integrations/payments/local-payment-provider.ts';

// Sunday 22 November 2026, 11:00 in Madrid.
const now = new Date('2026-11-22T10:00:00Z');
const PUBLIC_URL = 'https://desk.example.com';
let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now, env: { PUBLIC_URL } });
  ({ headers } = await t.signIn());
  const company = await t.app.inject({
    method: 'PUT',
    url: '/api/company',
    headers,
    payload: { name: 'Estudio Norte', information: 'A gym in Madrid.', timeZone: 'Europe/Madrid' },
  });
  expect(company.statusCode, company.body).toBe(200);
});
afterAll(() => t.close());

const at = (iso: string) => new Date(iso);
const feedPath = (url: string) => new URL(url).pathname;

async function feedOf(employeeId: string) {
  const response = await t.app.inject({ url: `/api/employees/${employeeId}/calendar-feed`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { url: string; webcalUrl: string };
}

async function readFeed(url: string) {
  const response = await t.app.inject({ url: feedPath(url) });
  expect(response.statusCode, response.body).toBe(200);
  return { response, calendar: parseCalendar(response.body) };
}

let visitorNumber = 0;
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.8.0.${++visitorNumber}` });

/** The public page's way: open a payment, pay with the test card, book. */
async function bookThroughThePage(employeeId: string, date: string, timeSlot: string) {
  const intent = (await post('/api/payments/intent', { employeeId, date, timeSlot })).json();
  await post('/api/payments/local/confirm', {
    clientSecret: intent.clientSecret,
    card: { number: TEST_CARDS.success, expMonth: 12, expYear: 2030, cvc: '123' },
  });
  const booked = await post('/api/schedule/book', {
    employeeId,
    date,
    timeSlot,
    day: 'Monday',
    clientInfo: { name: 'Lucía Prieto', email: 'lucia@example.com', phone: '+34 600 222 333' },
    payment: { id: intent.paymentIntentId, amount: 1000, currency: 'eur', status: 'succeeded' },
  });
  expect(booked.statusCode, booked.body).toBe(200);
  return booked.json().appointment as { id: string };
}

describe('calendar feed', () => {
  it("serves the employee's live appointments as a valid iCalendar file, in UTC, with stable UIDs", async () => {
    const employee = await insertEmployee(t.db, { name: 'Carla Ruiz' });
    const other = await insertEmployee(t.db);
    const mine = { employeeId: employee.id, employeeName: employee.name };
    const first = await insertAppointment(t.db, {
      ...mine,
      clientName: 'Ana López',
      clientPhone: '+34 600 000 001',
      notes: 'First visit; knee injury',
      startsAt: at('2026-11-24T08:00:00Z'),
      endsAt: at('2026-11-24T08:30:00Z'),
    });
    const past = await insertAppointment(t.db, {
      ...mine,
      status: 'completed',
      startsAt: at('2026-10-01T15:00:00Z'),
      endsAt: at('2026-10-01T15:30:00Z'),
    });
    const cancelled = await insertAppointment(t.db, {
      ...mine,
      status: 'cancelled',
      startsAt: at('2026-11-25T08:00:00Z'),
      endsAt: at('2026-11-25T08:30:00Z'),
    });
    const tooOld = await insertAppointment(t.db, { ...mine, startsAt: at('2026-09-01T08:00:00Z') });
    const tooFar = await insertAppointment(t.db, { ...mine, startsAt: at('2027-12-01T08:00:00Z') });
    const someoneElses = await insertAppointment(t.db, {
      employeeId: other.id,
      employeeName: other.name,
      startsAt: at('2026-11-24T09:00:00Z'),
    });

    const feed = await feedOf(employee.id);
    expect(feed.url).toMatch(/^https:\/\/desk\.example\.com\/api\/calendar\/[A-Za-z0-9_-]{32,}\.ics$/);
    expect(feed.webcalUrl).toBe(feed.url.replace('https:', 'webcal:'));

    const { response, calendar } = await readFeed(feed.url);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    expect(calendar.name).toBe('Carla Ruiz · Estudio Norte');
    expect(calendar.method).toBe('PUBLISH');
    const uids = calendar.events.map((event) => event.uid);
    expect(uids).toEqual([`${past.id}@chatdesk`, `${first.id}@chatdesk`]);
    for (const absent of [cancelled, tooOld, tooFar, someoneElses]) {
      expect(uids).not.toContain(`${absent.id}@chatdesk`);
    }
    const event = calendar.events[1]!;
    expect(event).toMatchObject({
      summary: 'Appointment with Ana López',
      start: first.startsAt,
      end: first.endsAt,
      utc: true,
      lastModified: new Date(Math.floor(first.updatedAt.getTime() / 1000) * 1000),
    });
    expect(event.description).toContain('+34 600 000 001');
    expect(event.description).toContain('First visit; knee injury');
    expect(calendar.events[0]!.description).toContain('Status: completed');

    // Read again: the same events under the same UIDs, so a calendar app updates rather than duplicates.
    expect((await readFeed(feed.url)).calendar.events.map((e) => e.uid)).toEqual(uids);
  });

  it('follows the calendar: a new booking appears, a cancelled one goes, a moved one moves', async () => {
    const employee = await insertEmployee(t.db, {
      availability: { monday: [['09:00', '12:00']] },
    });
    const feed = await feedOf(employee.id);
    expect((await readFeed(feed.url)).calendar.events).toEqual([]);

    const booked = await bookThroughThePage(employee.id, '2026-11-23', '10:00');
    const [event] = (await readFeed(feed.url)).calendar.events;
    expect(event).toMatchObject({
      uid: `${booked.id}@chatdesk`,
      summary: 'Appointment with Lucía Prieto',
      start: at('2026-11-23T09:00:00Z'),
      end: at('2026-11-23T09:30:00Z'),
    });

    await t.db
      .update(appointments)
      .set({ startsAt: at('2026-11-23T10:00:00Z'), endsAt: at('2026-11-23T10:30:00Z') })
      .where(eq(appointments.id, booked.id));
    const [moved] = (await readFeed(feed.url)).calendar.events;
    expect(moved).toMatchObject({ uid: `${booked.id}@chatdesk`, start: at('2026-11-23T10:00:00Z') });

    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${booked.id}/status`,
      headers,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await readFeed(feed.url)).calendar.events).toEqual([]);
  });

  it('regenerating gives a new URL at once; the old one answers 404', async () => {
    const employee = await insertEmployee(t.db);
    const before = await feedOf(employee.id);
    const regenerated = await t.app.inject({
      method: 'POST',
      url: `/api/employees/${employee.id}/calendar-feed/regenerate`,
      headers,
    });
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const after = regenerated.json();
    expect(after.url).not.toBe(before.url);
    expect(await feedOf(employee.id)).toEqual(after);

    const old = await t.app.inject({ url: feedPath(before.url) });
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ message: EMPLOYEE_MESSAGES.calendarFeedNotFound });
    await readFeed(after.url);
  });

  it('answers 404 for an unknown secret and for a deactivated employee', async () => {
    const unknown = await t.app.inject({ url: '/api/calendar/not-a-real-secret.ics' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: EMPLOYEE_MESSAGES.calendarFeedNotFound });

    const employee = await insertEmployee(t.db);
    const feed = await feedOf(employee.id);
    await t.db.update(employees).set({ isActive: false }).where(eq(employees.id, employee.id));
    expect((await t.app.inject({ url: feedPath(feed.url) })).statusCode).toBe(404);
  });

  it('gives every employee a different, long secret, also those made before feeds existed', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/employees',
      headers,
      payload: {
        name: 'Nuevo',
        email: 'nuevo@example.com',
        username: `nuevo${Date.now()}`,
        password: 'nuevo-password',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const fromTheService = (await feedOf(created.json().id)).url;
    // The factory inserts rows as the migration found them: the column's default gives them a secret.
    const fromTheDefault = (await feedOf((await insertEmployee(t.db)).id)).url;
    const secrets = [fromTheService, fromTheDefault].map((url) => feedPath(url).split('/').pop()!);
    expect(secrets[0]).toMatch(/^[A-Za-z0-9_-]{32}\.ics$/);
    expect(secrets[1]).toMatch(/^[0-9a-f]{64}\.ics$/);
    const rows = await t.db.select({ secret: employees.calendarSecret }).from(employees);
    expect(new Set(rows.map((row) => row.secret)).size).toBe(rows.length);
  });

  it('only staff may read or regenerate a feed URL', async () => {
    const employee = await insertEmployee(t.db);
    const read = await t.app.inject({ url: `/api/employees/${employee.id}/calendar-feed` });
    expect(read.statusCode).toBe(401);
    const regenerate = await t.app.inject({
      method: 'POST',
      url: `/api/employees/${employee.id}/calendar-feed/regenerate`,
    });
    expect(regenerate.statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/employees/${employee.id}/calendar-feed/regenerate`,
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('answers 404 for the feed URL of an unknown employee', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const read = await t.app.inject({ url: `/api/employees/${missing}/calendar-feed`, headers });
    expect(read.statusCode).toBe(404);
    const regenerate = await t.app.inject({
      method: 'POST',
      url: `/api/employees/${missing}/calendar-feed/regenerate`,
      headers,
    });
    expect(regenerate.statusCode).toBe(404);
  });
});
