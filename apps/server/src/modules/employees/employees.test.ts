import { randomUUID } from 'node:crypto';
import { EMPLOYEE_MESSAGES } from '@chatdesk/contract/employees';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertAppointment, insertEmployee } from '../../../test/factories.ts';
import { forgedCursor, readAllPages } from '../../../test/paging.ts';
import { appointments } from '../../db/schema.ts';

let t: TestContext;
let headers: Record<string, string>;
let me: { id: string };
beforeAll(async () => {
  t = await buildTestApp();
  ({ headers, employee: me } = await t.signIn());
});
afterAll(() => t.close());

// The random parts are hex: base 36 once made a username with "zoe" in it, and the search test's
// 'zoe' found that Irene as well as Zoe (CI, 2026-11-27).
const newEmployee = (overrides: Record<string, unknown> = {}) => ({
  name: 'Irene Ortiz',
  email: `irene-${randomUUID().replaceAll('-', '').slice(0, 12)}@example.com`,
  username: `irene${randomUUID().slice(0, 6)}`,
  password: 'irene-password',
  role: 'Boxing coach',
  title: 'Coach',
  locations: [' Madrid ', 'Toledo', 'madrid', ''],
  availability: { monday: [['09:00', '13:00']], friday: [['15:00', '15:00']] },
  ...overrides,
});

describe('employees', () => {
  it('creates an employee who can sign in, with tidy locations and no password in the answer', async () => {
    const payload = newEmployee();
    const created = await t.app.inject({ method: 'POST', url: '/api/employees', headers, payload });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      name: 'Irene Ortiz',
      role: 'Boxing coach',
      isActive: true,
      locations: ['Madrid', 'Toledo'],
      availability: { monday: [['09:00', '13:00']], friday: [['15:00', '15:00']] },
    });
    expect(created.body).not.toMatch(/password/i);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: payload.username, password: 'irene-password' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('requires a password on creation only; a blank one on edit keeps the current', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/employees',
      headers,
      payload: newEmployee({ password: '' }),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(`password: ${EMPLOYEE_MESSAGES.passwordRequired}`);

    const payload = newEmployee();
    const { id } = (await t.app.inject({ method: 'POST', url: '/api/employees', headers, payload })).json();
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/employees/${id}`,
      headers,
      payload: { ...payload, name: 'Irene O.', password: '' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().name).toBe('Irene O.');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: payload.username, password: 'irene-password' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('takes bookings unless told otherwise, and the switch is saved and read back', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/employees',
      headers,
      payload: newEmployee(),
    });
    expect(created.json().takesBookings).toBe(true);

    const payload = newEmployee({ takesBookings: false });
    const off = await t.app.inject({ method: 'POST', url: '/api/employees', headers, payload });
    expect(off.statusCode).toBe(201);
    const { id } = off.json();
    expect(off.json().takesBookings).toBe(false);
    expect((await t.app.inject({ url: `/api/employees/${id}`, headers })).json().takesBookings).toBe(false);
    const listed = (await t.app.inject({ url: '/api/employees?limit=100', headers })).json();
    expect(listed.items.find((e: { id: string }) => e.id === id).takesBookings).toBe(false);

    const on = await t.app.inject({
      method: 'PUT',
      url: `/api/employees/${id}`,
      headers,
      payload: { ...payload, password: '', takesBookings: true },
    });
    expect(on.json().takesBookings).toBe(true);
    expect((await t.app.inject({ url: `/api/employees/${id}`, headers })).json().takesBookings).toBe(true);
  });

  it('an edit from an older client, without the switch, leaves it as it was', async () => {
    const payload = newEmployee();
    const { id } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/employees',
        headers,
        payload: { ...payload, takesBookings: false },
      })
    ).json();
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/employees/${id}`,
      headers,
      payload: { ...payload, name: 'Irene O.', password: '' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Irene O.', takesBookings: false });
  });

  it('keeps usernames unique, whatever the letter case', async () => {
    const payload = newEmployee();
    await t.app.inject({ method: 'POST', url: '/api/employees', headers, payload });
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/employees',
      headers,
      payload: newEmployee({ username: payload.username.toUpperCase() }),
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: EMPLOYEE_MESSAGES.usernameTaken });
  });

  it.each([
    [{ name: '' }, `name: ${EMPLOYEE_MESSAGES.nameRequired}`],
    [{ email: 'nope' }, `email: ${EMPLOYEE_MESSAGES.emailInvalid}`],
    [{ username: '' }, `username: ${EMPLOYEE_MESSAGES.usernameRequired}`],
    [{ username: 'has space' }, `username: ${EMPLOYEE_MESSAGES.usernameInvalid}`],
    [
      { availability: { monday: [['09:15', '10:00']] } },
      `availability.monday.0.0: ${EMPLOYEE_MESSAGES.timeInvalid}`,
    ],
    [{ availability: { funday: [['09:00', '10:00']] } }, expect.stringMatching(/^availability/)],
  ])('refuses %j naming the field', async (change, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/employees',
      headers,
      payload: newEmployee(change),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(message);
  });

  it('searches name, role and location', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/employees',
      headers,
      payload: newEmployee({ name: 'Zoe Quinn', role: 'Aquagym specialist', locations: ['Cádiz'] }),
    });
    const names = async (search: string) =>
      (await t.app.inject({ url: `/api/employees?search=${encodeURIComponent(search)}`, headers }))
        .json()
        .items.map((e: { name: string }) => e.name);
    expect(await names('zoe')).toEqual(['Zoe Quinn']);
    expect(await names('AQUAGYM')).toEqual(['Zoe Quinn']);
    expect(await names('cádiz')).toEqual(['Zoe Quinn']);
    expect(await names('cadiz')).toEqual(['Zoe Quinn']);
    expect(await names('CÁDIZ')).toEqual(['Zoe Quinn']);
    expect(await names('%')).toEqual([]);
  });

  it('deleting an employee keeps their appointments', async () => {
    const employee = await insertEmployee(t.db, { name: 'Leaving Soon' });
    const appointment = await insertAppointment(t.db, {
      employeeId: employee.id,
      employeeName: employee.name,
    });
    const response = await t.app.inject({ method: 'DELETE', url: `/api/employees/${employee.id}`, headers });
    expect(response.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/employees/${employee.id}`, headers })).statusCode).toBe(404);
    const [kept] = await t.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(kept).toMatchObject({ employeeId: null, employeeName: 'Leaving Soon' });
  });

  it('will not let staff delete or deactivate themselves', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: `/api/employees/${me.id}`, headers });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: EMPLOYEE_MESSAGES.cannotDeleteSelf });
  });

  it('answers 404 for an unknown employee', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ url: `/api/employees/${unknown}`, headers })).json()).toEqual({
      message: EMPLOYEE_MESSAGES.notFound,
    });
  });
});

type Listed = { id: string; name: string };

describe('employee list pages', () => {
  it('follow each other by name, without overlap or gaps, same names included', async () => {
    const tk = `tk${randomUUID().slice(0, 8)}`;
    for (const name of ['Carla', 'Alba', 'Berta', 'Alba', 'Dora']) {
      await insertEmployee(t.db, { name: `${name} ${tk}` });
    }
    const whole = (await t.app.inject({ url: `/api/employees?search=${tk}&limit=100`, headers })).json();
    expect(whole.items.map((e: Listed) => e.name.split(' ')[0])).toEqual([
      'Alba',
      'Alba',
      'Berta',
      'Carla',
      'Dora',
    ]);
    for (const limit of [1, 2]) {
      const pages = await readAllPages<Listed>(t.app, `/api/employees?search=${tk}&limit=${limit}`, headers);
      expect(pages).toHaveLength(Math.ceil(5 / limit));
      expect(pages.flat().map((e) => e.id)).toEqual(whole.items.map((e: Listed) => e.id));
    }
  });

  it('cover every employee, in the order of one big page', async () => {
    for (let index = 0; index < 7; index++) await insertEmployee(t.db, { name: 'Same Name' });
    const whole = (await t.app.inject({ url: '/api/employees?limit=100', headers })).json();
    expect(whole.nextCursor).toBeNull();
    const pages = await readAllPages<Listed>(t.app, '/api/employees?limit=3', headers);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.flat().map((e) => e.id)).toEqual(whole.items.map((e: Listed) => e.id));
  });

  it('search ignoring case and accents, from page to page', async () => {
    const tk = `tk${randomUUID().slice(0, 8)}`;
    const made = [
      await insertEmployee(t.db, { name: `Álvaro Núñez ${tk}` }),
      await insertEmployee(t.db, { name: `ALVARO Ruiz ${tk}` }),
    ];
    await insertEmployee(t.db, { name: `Beatriz ${tk}` });
    const pages = await readAllPages<Listed>(
      t.app,
      `/api/employees?search=${encodeURIComponent(`alvaro`)}&limit=1`,
      headers,
    );
    expect(
      pages
        .flat()
        .map((e) => e.id)
        .sort(),
    ).toEqual(made.map((e) => e.id).sort());
    const nunez = (await t.app.inject({ url: '/api/employees?search=NUNEZ', headers })).json();
    expect(nunez.items.map((e: Listed) => e.id)).toEqual([made[0]!.id]);
  });

  it('refuse a malformed cursor or limit with a 400 that says so', async () => {
    for (const cursor of [
      'abc',
      forgedCursor(['Ana\u0000', randomUUID()]),
      forgedCursor(['Ana', 'x']),
      forgedCursor(['Ana']),
    ]) {
      const response = await t.app.inject({ url: `/api/employees?cursor=${cursor}`, headers });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().message).toBe('cursor: Invalid cursor');
    }
    for (const limit of ['0', '101']) {
      const response = await t.app.inject({ url: `/api/employees?limit=${limit}`, headers });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^limit: /);
    }
  });
});
