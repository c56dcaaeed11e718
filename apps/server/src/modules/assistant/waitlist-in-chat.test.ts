import type { Service } from '@chatdesk/contract/services';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertEmployee } from '../../../test/factories.ts';
import { waitlistEntries } from '../../db/schema.ts';

// A client in chat asks for a professional's time another client booked (a one-to-one service):
// the assistant says so with the day's other times and asks whether to put them in its line, as
// the booking page offers; their yes joins it through the waitlist service. Friday 20 November
// 2026, 11:00 in Madrid (the test app's zone); the time is on Monday the 23rd.
const now = new Date('2026-11-20T10:00:00Z');
let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  ({ headers } = await t.signIn());
});
afterAll(() => t.close());

const staff = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers, payload });

async function aClient(name: string, phone: string, email: string | null) {
  const response = await staff('POST', '/api/clients', { name, phone, ...(email ? { email } : {}) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

describe('a taken one-to-one time asked for in chat', () => {
  it('is said taken with the other times, and a client who says yes is put in its line once', async () => {
    const created = await staff('POST', '/api/services', {
      name: 'Entreno personal',
      durationMinutes: 60,
      priceAmount: 3000,
      currency: 'eur',
    });
    expect(created.statusCode, created.body).toBe(201);
    const service = created.json() as Service;
    const employee = await insertEmployee(t.db, {
      name: 'Gorka Arana',
      username: 'gorka',
      availability: { monday: [['09:00', '13:00']] } as never,
    });
    await staff('PUT', `/api/employees/${employee.id}/services`, { serviceIds: [service.id] });
    const booked = await staff('POST', '/api/appointments', {
      clientId: await aClient('Otro Cliente', '+34 622 300 001', null),
      employeeId: employee.id,
      serviceId: service.id,
      date: '2026-11-23',
      timeSlot: '10:00',
    });
    expect(booked.statusCode, booked.body).toBe(201);

    const email = 'leire.espera@example.com';
    const clientId = await aClient('Leire Espera', '+34 622 300 002', email);
    const say = async (text: string) => {
      const response = await staff('POST', '/api/chats/simulator', {
        text,
        sessionId: 'taken-time',
        clientId,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().replies as string[]).join('\n');
    };
    const line = () =>
      t.db
        .select({ email: waitlistEntries.email, status: waitlistEntries.status })
        .from(waitlistEntries)
        .where(eq(waitlistEntries.email, email));

    await say('/new');
    const asked = await say('tiene gorka hueco el lunes a las 10 para entreno personal?');
    expect(asked).toMatch(/A las 10:00 no está libre/);
    expect(asked).toMatch(/09:00/);
    expect(asked).toMatch(/¿Quieres que te apunte a la lista de espera de las 10:00\?/);
    expect(await line()).toEqual([]);
    expect(await say('vale si')).toMatch(
      /Hecho: estás en la lista de espera del lunes 23 de noviembre a las 10:00, con el número 1/,
    );
    expect(await line()).toEqual([{ email, status: 'waiting' }]);
    // Asked again: already in line, nobody added twice.
    await say('tiene gorka hueco el lunes a las 10 para entreno personal?');
    expect(await say('sí')).toMatch(/Ya estás en la lista de espera del lunes 23 de noviembre a las 10:00/);
    expect(await line()).toHaveLength(1);
  });
});

describe('a time taken with everyone who offers the service, asked for in chat with nobody named', () => {
  it("is waited for in one line, 'anyone available''s: a client's yes joins it with no professional fixed; a visitor is sent to the business's page", async () => {
    const created = await staff('POST', '/api/services', {
      name: 'Masaje deportivo',
      durationMinutes: 60,
      priceAmount: 4000,
      currency: 'eur',
    });
    expect(created.statusCode, created.body).toBe(201);
    const service = created.json() as Service;
    const iker = await insertEmployee(t.db, {
      name: 'Iker Olano',
      username: 'iker',
      availability: { monday: [['09:00', '13:00']] } as never,
    });
    const nerea = await insertEmployee(t.db, {
      name: 'Nerea Sáez',
      username: 'nerea',
      availability: { monday: [['10:00', '12:00']] } as never,
    });
    let n = 0;
    for (const employee of [iker, nerea]) {
      await staff('PUT', `/api/employees/${employee.id}/services`, { serviceIds: [service.id] });
      const booked = await staff('POST', '/api/appointments', {
        clientId: await aClient(`Otra Clienta ${++n}`, `+34 622 310 00${n}`, null),
        employeeId: employee.id,
        serviceId: service.id,
        date: '2026-11-23',
        timeSlot: '10:00',
      });
      expect(booked.statusCode, booked.body).toBe(201);
    }
    const email = 'maite.espera@example.com';
    const clientId = await aClient('Maite Espera', '+34 622 310 009', email);
    const sayAs = (who: string | null, sessionId: string) => async (text: string) => {
      const response = await staff('POST', '/api/chats/simulator', {
        text,
        sessionId,
        ...(who ? { clientId: who } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().replies as string[]).join('\n');
    };
    const line = () =>
      t.db
        .select({
          employeeId: waitlistEntries.employeeId,
          anyProfessional: waitlistEntries.anyProfessional,
          status: waitlistEntries.status,
        })
        .from(waitlistEntries)
        .where(eq(waitlistEntries.email, email));

    const say = sayAs(clientId, 'taken-with-everyone');
    await say('/new');
    const asked = await say('hay hueco el lunes a las 10 para masaje deportivo?');
    // Each one's other times, and one question, last: not one line per professional.
    expect(asked).toMatch(/Iker tiene hueco a las 09:00, 11:00/);
    expect(asked).toMatch(/Nerea tiene hueco a las 11:00/);
    expect(asked.match(/lista de espera/g)).toHaveLength(1);
    expect(asked).toMatch(
      /¿Quieres que te apunte a la lista de espera de las 10:00, con quien quede libre antes\?[^\n]*$/,
    );
    expect(await line()).toEqual([]);
    expect(await say('si porfa')).toMatch(
      /estás en la lista de espera del lunes 23 de noviembre a las 10:00, con el número 1/,
    );
    expect(await line()).toEqual([{ employeeId: null, anyProfessional: true, status: 'waiting' }]);

    // Someone whose number is nobody's: the business's page, where the line with anyone is.
    const visitor = sayAs(null, 'taken-with-everyone-visitor');
    await visitor('/new');
    const told = await visitor('is anyone free on Monday at 10 for a masaje deportivo?');
    expect(told).toMatch(
      new RegExp(`join its waitlist on the booking page: \\S*/book\\?service=${service.id}`),
    );
    expect(told).not.toMatch(/Shall I put you/);
  });
});
