import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BOOKING_MESSAGES } from '@chatdesk/contract/schedule';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertEmployee } from '../../../test/factories.ts';
import { notifications } from '../../db/schema.ts';

// Sunday 22 November 2026, 11:00 in Madrid.
let now = new Date('2026-11-22T10:00:00Z');
const MONDAY = '2026-11-23';

/** A professional's calendar as Google serves it: what it answers is set by each test. */
const feed = { status: 200, body: '', etag: '"v1"', requests: 0, conditional: 0 };
const calendarWith = (
  events: Array<{ start: string; end: string; summary: string; transparent?: boolean }>,
) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    ...events.flatMap((event, i) => [
      'BEGIN:VEVENT',
      `UID:event-${i}@google.com`,
      'DTSTAMP:20261120T090000Z',
      `DTSTART;TZID=Europe/Madrid:${event.start}`,
      `DTEND;TZID=Europe/Madrid:${event.end}`,
      `SUMMARY:${event.summary}`,
      ...(event.transparent ? ['TRANSP:TRANSPARENT'] : []),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

let server: http.Server;
let feedUrl: string;
let t: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    feed.requests++;
    if (request.headers['if-none-match']) feed.conditional++;
    if (feed.status === 200 && request.headers['if-none-match'] === feed.etag) {
      response.writeHead(304).end();
      return;
    }
    response.writeHead(feed.status, { 'content-type': 'text/calendar', etag: feed.etag }).end(feed.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendar/private-abc/basic.ics`;
  // The feed is on this machine: a real install refuses such addresses unless told otherwise.
  t = await buildTestApp({ clock: () => now, env: { CALENDAR_ALLOW_PRIVATE_ADDRESSES: 'true' } });
  ({ headers } = await t.signIn());
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

const staff = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const mondayTimes = async (username: string) =>
  (
    (await t.app.inject({ url: `/api/schedule/${username}` })).json().slots as Array<{
      date: string;
      times: string[];
    }>
  ).find((day) => day.date === MONDAY)?.times ?? [];

describe("an employee's own calendar", () => {
  it('hides the times of its busy events everywhere, follows its changes, and keeps the last good copy', async () => {
    const employee = await insertEmployee(t.db, { availability: { monday: [['09:00', '13:00']] } as never });
    feed.body = calendarWith([
      { start: '20261123T100000', end: '20261123T113000', summary: 'Dentist' },
      { start: '20261123T120000', end: '20261123T130000', summary: 'Free lunch', transparent: true },
    ]);
    const added = await staff('POST', `/api/employees/${employee.id}/calendars`, {
      url: feedUrl,
      label: 'Google',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ label: 'Google', lastError: null, busyCount: 1 });
    const calendarId = added.json().id as string;

    // 10:00–11:30 is busy: the 30-minute slots from 10:00 to 11:00 are gone; the free lunch blocks nothing.
    expect(await mondayTimes(employee.username)).toEqual(['09:00', '09:30', '11:30', '12:00', '12:30']);
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/payments/intent',
      payload: { employeeId: employee.id, date: MONDAY, timeSlot: '10:30' },
    });
    expect(intent.statusCode).toBe(409);
    expect(intent.json()).toEqual({ message: BOOKING_MESSAGES.slotUnavailable });

    // Unchanged, the next read asks only for a change.
    const before = feed.conditional;
    expect(
      (await staff('POST', `/api/employees/${employee.id}/calendars/${calendarId}/refresh`)).statusCode,
    ).toBe(200);
    expect(feed.conditional).toBe(before + 1);

    // The event moves to 12:00: within one refresh the page follows.
    feed.etag = '"v2"';
    feed.body = calendarWith([{ start: '20261123T120000', end: '20261123T130000', summary: 'Dentist' }]);
    await staff('POST', `/api/employees/${employee.id}/calendars/${calendarId}/refresh`);
    expect(await mondayTimes(employee.username)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
    ]);

    // The feed breaks: its last copy still holds, staff are told once, and the error is shown.
    feed.status = 500;
    for (let i = 0; i < 2; i++) {
      const refreshed = await staff('POST', `/api/employees/${employee.id}/calendars/${calendarId}/refresh`);
      expect(refreshed.json().lastError).toMatch(/500/);
    }
    expect(await mondayTimes(employee.username)).not.toContain('12:00');
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Calendar could not be read'));
    expect(told).toHaveLength(1);
    expect(told[0]!.link).toBe(`/employee/${employee.id}`);

    // Mended, the scheduled pass reads it again after 15 minutes.
    feed.status = 200;
    feed.etag = '"v3"';
    feed.body = calendarWith([]);
    now = new Date(now.getTime() + 16 * 60_000);
    await t.app.services.calendars.refreshDue();
    const [listed] = (await staff('GET', `/api/employees/${employee.id}/calendars`)).json();
    expect(listed).toMatchObject({ lastError: null, busyCount: 0 });
    expect(await mondayTimes(employee.username)).toContain('12:00');

    expect((await staff('DELETE', `/api/employees/${employee.id}/calendars/${calendarId}`)).statusCode).toBe(
      200,
    );
    expect((await staff('GET', `/api/employees/${employee.id}/calendars`)).json()).toEqual([]);
  });

  it('refuses an address that is no web address, and says so', async () => {
    const employee = await insertEmployee(t.db);
    const response = await staff('POST', `/api/employees/${employee.id}/calendars`, {
      url: 'file:///etc/passwd',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/https:\/\/ or webcal:\/\//);
    const missing = await staff('POST', '/api/employees/00000000-0000-4000-8000-000000000000/calendars', {
      url: feedUrl,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('by default', () => {
  it("refuses to read an address on the server's own network, and tells staff why", async () => {
    const strict = await buildTestApp({ clock: () => now });
    try {
      const { headers: signedIn } = await strict.signIn();
      const employee = await insertEmployee(strict.db);
      const requests = feed.requests;
      const added = await strict.app.inject({
        method: 'POST',
        url: `/api/employees/${employee.id}/calendars`,
        headers: signedIn,
        payload: { url: feedUrl },
      });
      expect(added.statusCode).toBe(201);
      expect(added.json().lastError).toMatch(/private|local|internal/i);
      expect(feed.requests).toBe(requests);
    } finally {
      await strict.close();
    }
  });
});
