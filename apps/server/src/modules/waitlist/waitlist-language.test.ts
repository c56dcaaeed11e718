import type { Service } from '@chatdesk/contract/services';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertEmployee } from '../../../test/factories.ts';
import { appointments, clients, mailOutbox } from '../../db/schema.ts';

// Friday 20 November 2026, 11:00 in Madrid (the test app's zone); the classes are on Monday.
const START = new Date('2026-11-20T10:00:00Z');
const MONDAY = '2026-11-23';
let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => START });
  ({ headers } = await t.signIn());
});
afterAll(() => t.close());

let serial = 0;
const staff = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers, payload });
/** Each call from another visitor on a network of its own, as on the real page. */
const visit = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    remoteAddress: `10.${90 + Math.floor(++serial / 250)}.${serial % 250}.1`,
  });

/** A free class of two seats on Monday at 10:00, both taken at the desk: answers what to join and how to free a seat. */
async function aFullClass() {
  const created = await staff('POST', '/api/services', {
    name: `Yoga ${++serial}`,
    durationMinutes: 60,
    priceAmount: 0,
    currency: 'eur',
    seats: 2,
  });
  expect(created.statusCode, created.body).toBe(201);
  const service = created.json() as Service;
  const employee = await insertEmployee(t.db, {
    name: 'Lucía Pérez',
    availability: { monday: [['09:00', '13:00']] } as never,
  });
  await staff('PUT', `/api/employees/${employee.id}/services`, { serviceIds: [service.id] });
  const slot = { employeeId: employee.id, serviceId: service.id };
  let seat: { manageToken: string } | undefined;
  for (const _ of [1, 2]) {
    const client = await staff('POST', '/api/clients', {
      name: `Alumno ${++serial}`,
      phone: `+34 622 200 ${String(serial).padStart(3, '0')}`,
    });
    const booked = await staff('POST', '/api/appointments', {
      clientId: client.json().id,
      ...slot,
      date: MONDAY,
      timeSlot: '10:00',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    [seat] = await t.db.select().from(appointments).where(eq(appointments.id, booked.json().id));
  }
  return {
    slot,
    free: async () =>
      expect(
        (await visit('POST', `/api/booking/${seat!.manageToken}/cancel`, { refundExpected: 0 })).statusCode,
      ).toBe(200),
  };
}

async function lastMail(to: string, subject: string) {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), sql`${mailOutbox.subject} like ${`${subject}%`}`))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

describe("the waitlist's emails, in the client's language", () => {
  it('a client who speaks Spanish is offered the place, and told it is booked, in Spanish', async () => {
    const email = `marta-${++serial}@example.com`;
    // Written by the assistant from the client's own messages (client-language.test.ts).
    await t.db.insert(clients).values({
      name: 'Marta Gil',
      phone: '+34 633 300 001',
      email: email.toUpperCase(),
      status: 'active',
      source: 'whatsapp',
      language: 'es',
    });
    const { slot, free } = await aFullClass();
    const joined = await visit('POST', '/api/book/waitlist', {
      ...slot,
      date: MONDAY,
      timeSlot: '10:00',
      name: 'Marta Gil',
      email,
    });
    expect(joined.statusCode, joined.body).toBe(201);
    await free();
    await t.app.services.waitlist.tellOffers();

    const offer = await lastMail(email, 'Hay una plaza libre');
    expect(offer, 'a Spanish offer').toBeDefined();
    expect(offer!.subject).toContain('lunes, 23 de noviembre');
    expect(offer!.text).toContain('Hola, Marta Gil:');
    expect(offer!.text).toContain('con Lucía Pérez el lunes, 23 de noviembre');
    expect(offer!.text).toContain('Te la guardamos hasta las 11:30');
    expect(offer!.text).toContain('A partir de las 11:30 pasa a la siguiente persona de la lista.');
    expect(await lastMail(email, 'A place is free')).toBeUndefined();

    const token = /\/waitlist\/([\w-]+)/.exec(offer!.text)![1]!;
    const confirmed = await visit('POST', `/api/waitlist/${token}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const booked = await lastMail(email, 'Reservada');
    expect(booked?.text).toContain('La plaza que esperabas es tuya');
    expect(booked?.text).toContain('Gratis');
    expect(booked?.text).toMatch(/Para cancelarla: \S+\/booking\//);
  });

  it('a visitor we know no language of is offered the place in English', async () => {
    const email = `dana-${++serial}@example.com`;
    const { slot, free } = await aFullClass();
    const joined = await visit('POST', '/api/book/waitlist', {
      ...slot,
      date: MONDAY,
      timeSlot: '10:00',
      name: 'Dana Smith',
      email,
    });
    expect(joined.statusCode, joined.body).toBe(201);
    await free();
    await t.app.services.waitlist.tellOffers();

    const offer = await lastMail(email, 'A place is free');
    expect(offer?.subject).toContain('Monday, November 23');
    expect(offer?.text).toContain('Hello Dana Smith,');
    expect(offer?.text).toContain('We are holding it for you until 11:30.');
    expect(await lastMail(email, 'Hay una plaza libre')).toBeUndefined();
  });
});
