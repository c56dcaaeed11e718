import { APPOINTMENT_MESSAGES } from '@chatdesk/contract/appointments';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertAppointment, insertEmployee } from '../../../test/factories.ts';
import { appointments as appointmentsTable, mailOutbox } from '../../db/schema.ts';

let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  ({ headers } = await t.signIn());
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(appointmentsTable);
});

const day = (n: number) => `2026-12-${String(n).padStart(2, '0')}`;
const at = (n: number) => new Date(`${day(n)}T09:00:00Z`);

describe('appointments', () => {
  it('lists newest first, 10 a page, with the pagination the page needs', async () => {
    for (let n = 1; n <= 23; n++) await insertAppointment(t.db, { localDate: day(n), startsAt: at(n) });
    const first = (await t.app.inject({ url: '/api/appointments', headers })).json();
    expect(first.pagination).toEqual({ page: 1, limit: 10, total: 23, pages: 3 });
    expect(first.appointments).toHaveLength(10);
    expect(first.appointments[0].date).toBe(day(23));
    const last = (await t.app.inject({ url: '/api/appointments?page=3', headers })).json();
    expect(last.appointments.map((a: { date: string }) => a.date)).toEqual([day(3), day(2), day(1)]);
  });

  it('every page, by status and dates too, is the slice of the whole list it names, the last as well', async () => {
    // Several a day at different times and statuses, and days with none, so pages start mid-day.
    const statuses = ['scheduled', 'completed', 'cancelled', 'no-show'] as const;
    let k = 0;
    for (let n = 1; n <= 28; n += n % 3 === 0 ? 2 : 1)
      for (let slot = 0; slot < 1 + (n % 4); slot++)
        await insertAppointment(t.db, {
          localDate: day(n),
          startsAt: new Date(`${day(n)}T${String(8 + slot).padStart(2, '0')}:00:00Z`),
          status: statuses[k++ % statuses.length],
        });
    for (const filter of [
      '',
      'status=completed',
      `startDate=${day(4)}&endDate=${day(20)}`,
      `status=scheduled&startDate=${day(10)}`,
    ]) {
      const whole = (await t.app.inject({ url: `/api/appointments?limit=100&${filter}`, headers })).json();
      const ids = whole.appointments.map((a: { id: string }) => a.id) as string[];
      expect(ids.length, filter).toBe(whole.pagination.total);
      // Newest first: by day, then by time.
      const keys = whole.appointments.map(
        (a: { date: string; startTime: string }) => `${a.date} ${a.startTime}`,
      );
      expect(keys, filter).toEqual([...keys].sort().reverse());
      for (const limit of [3, 7]) {
        const paged: string[] = [];
        for (let page = 1; page <= Math.ceil(ids.length / limit) + 1; page++) {
          const body = (
            await t.app.inject({ url: `/api/appointments?limit=${limit}&page=${page}&${filter}`, headers })
          ).json();
          paged.push(...body.appointments.map((a: { id: string }) => a.id));
        }
        expect(paged, `${filter} by ${limit}`).toEqual(ids);
      }
    }
  });

  it('filters by status and by a date range, inclusive', async () => {
    await insertAppointment(t.db, { localDate: day(1), startsAt: at(1), status: 'completed' });
    await insertAppointment(t.db, { localDate: day(5), startsAt: at(5), status: 'cancelled' });
    await insertAppointment(t.db, { localDate: day(9), startsAt: at(9), status: 'no-show' });
    const dates = async (query: string) =>
      (await t.app.inject({ url: `/api/appointments?${query}`, headers }))
        .json()
        .appointments.map((a: { date: string }) => a.date);
    expect(await dates('status=cancelled')).toEqual([day(5)]);
    expect(await dates('status=no-show')).toEqual([day(9)]);
    expect(await dates(`startDate=${day(5)}`)).toEqual([day(9), day(5)]);
    expect(await dates(`startDate=${day(2)}&endDate=${day(5)}`)).toEqual([day(5)]);
    expect(await dates('status=&startDate=&endDate=')).toHaveLength(3);
    const bad = await t.app.inject({ url: '/api/appointments?status=done', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^status: /);
  });

  it('filters by service, archived ones too, with an exact total; a service that is no id is refused', async () => {
    const services = (await t.app.inject({ url: '/api/services?archived=true', headers })).json() as Array<{
      id: string;
    }>;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers,
      payload: { name: 'Colour', durationMinutes: 90, priceAmount: 5500, currency: 'eur', employeeIds: [] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const colour = created.json().id as string;
    const standard = services[0]!.id;
    await insertAppointment(t.db, {
      localDate: day(1),
      startsAt: at(1),
      serviceId: colour,
      serviceName: 'Colour',
    });
    await insertAppointment(t.db, {
      localDate: day(2),
      startsAt: at(2),
      serviceId: colour,
      serviceName: 'Colour',
    });
    await insertAppointment(t.db, { localDate: day(3), startsAt: at(3), serviceId: standard });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/services/${colour}/archive`, headers })).statusCode,
    ).toBe(200);
    const list = async (query: string) =>
      (await t.app.inject({ url: `/api/appointments?${query}`, headers })).json();
    const colours = await list(`serviceId=${colour}`);
    expect(colours.pagination.total).toBe(2);
    expect(colours.appointments.map((a: { date: string }) => a.date)).toEqual([day(2), day(1)]);
    expect((await list(`serviceId=${colour}&startDate=${day(2)}`)).pagination.total).toBe(1);
    expect((await list(`serviceId=${standard}`)).pagination.total).toBe(1);
    expect((await list('serviceId=')).pagination.total).toBe(3);
    const bad = await t.app.inject({ url: '/api/appointments?serviceId=colour', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(APPOINTMENT_MESSAGES.serviceInvalid);
  });

  it('keeps the total exact through bookings, status changes, moved dates and deletions', async () => {
    const ids: string[] = [];
    for (let n = 1; n <= 12; n++)
      ids.push((await insertAppointment(t.db, { localDate: day((n % 4) + 1), startsAt: at(n) })).id);
    const [a, b, c] = ids as [string, string, string];
    await t.db.update(appointmentsTable).set({ status: 'completed' }).where(eq(appointmentsTable.id, a));
    await t.db
      .update(appointmentsTable)
      .set({ status: 'cancelled', localDate: day(20) })
      .where(eq(appointmentsTable.id, b));
    await t.db.update(appointmentsTable).set({ notes: 'only a note' }).where(eq(appointmentsTable.id, c));
    await t.db.delete(appointmentsTable).where(inArray(appointmentsTable.id, ids.slice(9)));

    // The truth, counted from the rows themselves.
    const rows = await t.db.select().from(appointmentsTable);
    const expected = (keep: (row: (typeof rows)[number]) => boolean) => rows.filter(keep).length;
    const total = async (query: string) =>
      (await t.app.inject({ url: `/api/appointments?${query}`, headers })).json().pagination.total;

    expect(await total('')).toBe(9);
    expect(await total('status=scheduled')).toBe(expected((row) => row.status === 'scheduled'));
    expect(await total('status=completed')).toBe(1);
    expect(await total('status=cancelled')).toBe(1);
    expect(await total(`startDate=${day(2)}&endDate=${day(3)}`)).toBe(
      expected((row) => row.localDate >= day(2) && row.localDate <= day(3)),
    );
    expect(await total(`startDate=${day(10)}`)).toBe(1);
    expect(await total(`status=scheduled&endDate=${day(1)}`)).toBe(
      expected((row) => row.status === 'scheduled' && row.localDate <= day(1)),
    );
  });

  it('answers 400, not 500, for a filter date the calendar does not have', async () => {
    for (const query of ['startDate=2026-02-30', 'endDate=2027-02-29', 'startDate=2026-13-01']) {
      const response = await t.app.inject({ url: `/api/appointments?${query}`, headers });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBe(`${query.split('=')[0]}: ${APPOINTMENT_MESSAGES.dateInvalid}`);
    }
    const leap = await t.app.inject({ url: '/api/appointments?startDate=2028-02-29', headers });
    expect(leap.statusCode).toBe(200);
  });

  it('shows one appointment with client and employee', async () => {
    const employee = await insertEmployee(t.db, { name: 'Carlos Ruiz', email: 'carlos@example.com' });
    const row = await insertAppointment(t.db, {
      employeeId: employee.id,
      employeeName: 'Carlos Ruiz',
      employeeEmail: 'carlos@example.com',
      clientName: 'Ana García',
      clientEmail: 'ana@example.com',
      notes: 'Bring trainers',
    });
    const response = await t.app.inject({ url: `/api/appointments/${row.id}`, headers });
    expect(response.json()).toMatchObject({
      id: row.id,
      date: '2026-12-01',
      startTime: '10:00',
      endTime: '10:30',
      status: 'scheduled',
      notes: 'Bring trainers',
      client: { name: 'Ana García', email: 'ana@example.com' },
      employee: { id: employee.id, name: 'Carlos Ruiz', email: 'carlos@example.com' },
    });
  });

  it('changes status both ways, but a revived appointment cannot take a slot booked since', async () => {
    const employee = await insertEmployee(t.db);
    const original = await insertAppointment(t.db, { employeeId: employee.id });
    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${original.id}/status`,
      headers,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.json().status).toBe('cancelled');
    const plain = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${original.id}/status`,
      headers,
      payload: { status: 'scheduled' },
    });
    expect(plain.statusCode).toBe(409);
    expect(plain.json()).toEqual({ message: APPOINTMENT_MESSAGES.reopenNeeded });
    const reopened = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${original.id}/status`,
      headers,
      payload: { status: 'scheduled', reopen: true },
    });
    expect(reopened.json().status).toBe('scheduled');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${original.id}/status`,
      headers,
      payload: { status: 'cancelled' },
    });
    await insertAppointment(t.db, { employeeId: employee.id });
    const revived = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${original.id}/status`,
      headers,
      payload: { status: 'scheduled', reopen: true },
    });
    expect(revived.statusCode).toBe(409);
    expect(revived.json()).toEqual({ message: APPOINTMENT_MESSAGES.slotTaken });
    const completed = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${original.id}/status`,
      headers,
      payload: { status: 'no-show', reopen: true },
    });
    expect(completed.statusCode).toBe(409);
  });

  it('a customer cancelling an unpaid appointment while staff delete it: no 5xx, at most one email', async () => {
    for (let round = 0; round < 20; round++) {
      const email = `race-${round}-${Date.now()}@example.com`;
      const row = await insertAppointment(t.db, { clientEmail: email });
      const [customer, staff] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/api/booking/${row.manageToken}/cancel`,
          payload: { refundExpected: 0 },
          remoteAddress: `10.9.${round}.1`,
        }),
        t.app.inject({ method: 'DELETE', url: `/api/appointments/${row.id}`, headers }),
      ]);
      expect(staff.statusCode, staff.body).toBe(200);
      expect([200, 404, 409], customer.body).toContain(customer.statusCode);
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      expect(mails.length).toBeLessThanOrEqual(1);
    }
  });

  it('deletes, and answers 404 for what is not there', async () => {
    const row = await insertAppointment(t.db);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/appointments/${row.id}`, headers })).statusCode,
    ).toBe(200);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/appointments/${row.id}`, headers });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: APPOINTMENT_MESSAGES.notFound });
    expect((await t.app.inject({ url: `/api/appointments/${row.id}`, headers })).statusCode).toBe(404);
  });
});
