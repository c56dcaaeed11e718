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

/** A one-hour service of that price, offered by the professionals given (name, username, Monday's hours). */
async function aServiceWith(
  name: string,
  priceAmount: number,
  people: Array<[string, string, string, string]>,
) {
  const created = await staff('POST', '/api/services', {
    name,
    durationMinutes: 60,
    priceAmount,
    currency: 'eur',
  });
  expect(created.statusCode, created.body).toBe(201);
  const service = created.json() as Service;
  const employees = [];
  for (const [employeeName, username, from, until] of people) {
    const employee = await insertEmployee(t.db, {
      name: employeeName,
      username,
      availability: { monday: [[from, until]] } as never,
    });
    await staff('PUT', `/api/employees/${employee.id}/services`, { serviceIds: [service.id] });
    employees.push(employee);
  }
  return { service, employees };
}

/** Another client's booking of the service with that professional on Monday the 23rd at 10:00. */
async function bookedByAnother(serviceId: string, employeeId: string, name: string, phone: string) {
  const booked = await staff('POST', '/api/appointments', {
    clientId: await aClient(name, phone, null),
    employeeId,
    serviceId,
    date: '2026-11-23',
    timeSlot: '10:00',
  });
  expect(booked.statusCode, booked.body).toBe(201);
}

describe('a taken one-to-one time asked for in chat', () => {
  it('is said taken with the other times, and a client who says yes is put in its line once', async () => {
    const { service, employees } = await aServiceWith('Entreno personal', 3000, [
      ['Gorka Arana', 'gorka', '09:00', '13:00'],
    ]);
    await bookedByAnother(service.id, employees[0]!.id, 'Otro Cliente', '+34 622 300 001');

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

  it('is not joined when the professional was removed between the question and the yes, and says so', async () => {
    const { service, employees } = await aServiceWith('Entreno en pareja', 3000, [
      ['Unai Ibarra', 'unai', '09:00', '13:00'],
    ]);
    await bookedByAnother(service.id, employees[0]!.id, 'Tercer Cliente', '+34 622 300 011');
    const email = 'nerea.espera@example.com';
    const clientId = await aClient('Nerea Espera', '+34 622 300 012', email);
    const say = async (text: string) => {
      const response = await staff('POST', '/api/chats/simulator', { text, sessionId: 'removed', clientId });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().replies as string[]).join('\n');
    };

    await say('/new');
    expect(await say('tiene unai hueco el lunes a las 10 para entreno en pareja?')).toMatch(
      /¿Quieres que te apunte a la lista de espera de las 10:00\?/,
    );
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/employees/${employees[0]!.id}`,
      headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const answer = await say('si');
    // Not "I need your email": they have one; the line is gone with the professional.
    expect(answer).toMatch(/No he podido apuntarte a la lista de espera/);
    expect(answer).not.toMatch(/correo|email/i);
    const rows = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, email));
    expect(rows).toEqual([]);
  });
});

describe('a time taken with everyone who offers the service, asked for in chat with nobody named', () => {
  it("is waited for in one line, 'anyone available''s: a client's yes joins it with no professional fixed; a visitor is sent to the business's page", async () => {
    const { service, employees } = await aServiceWith('Masaje deportivo', 4000, [
      ['Iker Olano', 'iker', '09:00', '13:00'],
      ['Nerea Sáez', 'nerea', '10:00', '12:00'],
    ]);
    for (const [index, employee] of employees.entries())
      await bookedByAnother(
        service.id,
        employee.id,
        `Otra Clienta ${index + 1}`,
        `+34 622 310 00${index + 1}`,
      );
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
