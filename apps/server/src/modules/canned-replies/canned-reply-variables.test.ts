import { randomUUID } from 'node:crypto';
import { CHAT_MESSAGES } from '@chatdesk/contract/chats';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertAppointment, insertEmployee } from '../../../test/factories.ts';
import { clients, employees } from '../../db/schema.ts';
import { appointmentWhen } from './canned-replies.service.ts';

// Sunday 22 November 2026, 11:00 in Madrid.
const NOW = new Date('2026-11-22T10:00:00Z');
const PUBLIC_URL = 'https://citas.entrena.example';

let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => NOW, env: { PUBLIC_URL } });
  ({ headers } = await t.signIn());
  await setLanguage('es');
});
afterAll(() => t.close());

async function setLanguage(language: 'es' | 'en') {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/company',
    headers,
    payload: { name: 'Entrena', information: 'Entrenadores personales', timeZone: 'Europe/Madrid', language },
  });
  expect(response.statusCode, response.body).toBe(200);
}

let nextPhone = 677_000_000;
/** A customer writes on WhatsApp from a number of their own. */
async function whatsappChat(name = 'Nuria Soler', phone = String(++nextPhone)) {
  const { chatId } = await t.app.services.chats.receiveInbound({
    prefix: '34',
    phone,
    name,
    text: 'Hola',
    channel: 'whatsapp',
  });
  return { chatId, phone: `+34 ${phone}` };
}

async function client(name: string, phone: string, assignedEmployeeId: string | null = null) {
  const [row] = await t.db
    .insert(clients)
    .values({ name, phone, status: 'active', source: 'whatsapp', assignedEmployeeId })
    .returning();
  return row!;
}

const variables = (chatId: string, as: Record<string, string> = headers) =>
  t.app.inject({ url: `/api/chats/${chatId}/canned-reply-variables`, headers: as });

async function valuesOf(chatId: string) {
  const response = await variables(chatId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().values as Record<string, string | null>;
}

const trainer = (name: string) => insertEmployee(t.db, { name, username: `pro-${randomUUID().slice(0, 8)}` });

describe('canned reply variables', () => {
  it("fill a client's first name, next appointment on the business's clock in Spanish, professional and booking page", async () => {
    const carlos = await trainer('Carlos Ruiz');
    const laura = await trainer('Laura Martín');
    const { chatId, phone } = await whatsappChat('Nuri 🌸');
    const nuria = await client('Nuria Soler Vidal', phone, laura.id);
    // The soonest scheduled one counts: not a later one, not a cancelled one, not a past one.
    await insertAppointment(t.db, {
      employeeId: laura.id,
      employeeName: laura.name,
      clientId: nuria.id,
      clientName: nuria.name,
      startsAt: new Date('2026-12-09T16:00:00Z'),
    });
    await insertAppointment(t.db, {
      employeeId: laura.id,
      employeeName: laura.name,
      clientId: nuria.id,
      clientName: nuria.name,
      status: 'cancelled',
      startsAt: new Date('2026-11-24T08:00:00Z'),
    });
    await insertAppointment(t.db, {
      employeeId: laura.id,
      employeeName: laura.name,
      clientId: nuria.id,
      clientName: nuria.name,
      status: 'completed',
      startsAt: new Date('2026-11-20T08:00:00Z'),
    });
    await insertAppointment(t.db, {
      employeeId: carlos.id,
      employeeName: carlos.name,
      clientId: nuria.id,
      clientName: nuria.name,
      startsAt: new Date('2026-12-01T09:00:00Z'),
    });

    expect(await valuesOf(chatId)).toEqual({
      first_name: 'Nuria',
      name: 'Nuria Soler Vidal',
      professional: 'Carlos Ruiz',
      next_appointment: 'martes 1 de diciembre a las 10:00',
      booking_link: `${PUBLIC_URL}/schedule/${carlos.username}`,
    });
  });

  it('write the next appointment in English when the business speaks English', async () => {
    const carlos = await trainer('Carlos Ruiz');
    const { chatId, phone } = await whatsappChat('Tom Baker');
    // Booked on the public page with this number, by someone who is no client yet.
    await insertAppointment(t.db, {
      employeeId: carlos.id,
      employeeName: carlos.name,
      clientPhone: phone,
      startsAt: new Date('2026-12-01T16:30:00Z'),
    });
    await setLanguage('en');
    try {
      const values = await valuesOf(chatId);
      expect(values.next_appointment).toBe('Tuesday, December 1 at 5:30 PM');
      expect(values.first_name).toBe('Tom');
      expect(values.professional).toBe('Carlos Ruiz');
    } finally {
      await setLanguage('es');
    }
  });

  it('say "a la 1:30", not "a las 1:30"', () => {
    expect(appointmentWhen(new Date('2026-12-01T00:30:00Z'), 'Europe/Madrid', 'es')).toBe(
      'martes 1 de diciembre a la 1:30',
    );
    expect(appointmentWhen(new Date('2026-12-01T12:00:00Z'), 'Europe/Madrid', 'es')).toBe(
      'martes 1 de diciembre a las 13:00',
    );
  });

  it("without an appointment ahead, name the client's usual professional, then the last one they saw", async () => {
    const usual = await trainer('Inés Romero');
    const last = await trainer('Pablo Núñez');
    const assigned = await whatsappChat('Ana');
    await client('Ana Gómez', assigned.phone, usual.id);
    expect(await valuesOf(assigned.chatId)).toMatchObject({
      first_name: 'Ana',
      professional: 'Inés Romero',
      next_appointment: null,
      booking_link: `${PUBLIC_URL}/schedule/${usual.username}`,
    });

    const returning = await whatsappChat('Luis');
    const luis = await client('Luis Peña', returning.phone);
    await insertAppointment(t.db, {
      employeeId: last.id,
      employeeName: last.name,
      clientId: luis.id,
      clientName: luis.name,
      status: 'completed',
      startsAt: new Date('2026-10-01T08:00:00Z'),
    });
    expect(await valuesOf(returning.chatId)).toMatchObject({
      professional: 'Pablo Núñez',
      next_appointment: null,
      booking_link: `${PUBLIC_URL}/schedule/${last.username}`,
    });
  });

  it('give no booking link for a professional customers cannot book', async () => {
    const manager = await trainer('Laura Martín');
    await t.db.update(employees).set({ takesBookings: false }).where(eq(employees.id, manager.id));
    const { chatId, phone } = await whatsappChat('Marta');
    await client('Marta Vidal', phone, manager.id);
    expect(await valuesOf(chatId)).toMatchObject({ professional: 'Laura Martín', booking_link: null });
  });

  it("leave what a stranger's chat does not tell as null, and greet by the contact name when it is one", async () => {
    const named = await whatsappChat('Sofía Díaz');
    expect(await valuesOf(named.chatId)).toEqual({
      first_name: 'Sofía',
      name: 'Sofía Díaz',
      professional: null,
      next_appointment: null,
      // Many professionals take bookings here: which page is theirs is not known.
      booking_link: null,
    });
    const numberOnly = await whatsappChat('+34 677 123 456');
    expect(await valuesOf(numberOnly.chatId)).toMatchObject({ first_name: null, name: null });
  });

  it('in the simulator, are those of the client staff play', async () => {
    const carlos = await trainer('Carlos Ruiz');
    const played = await client('Elena Castillo', `+34 ${++nextPhone}`, carlos.id);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chats/simulator',
      headers,
      payload: { text: 'Hola', sessionId: randomUUID().replace(/-/g, ''), clientId: played.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await valuesOf(response.json().chatId)).toMatchObject({
      first_name: 'Elena',
      name: 'Elena Castillo',
      professional: 'Carlos Ruiz',
    });
  });

  it('answer 404 with a message for an unknown chat, 400 for a malformed id, 401 without a session', async () => {
    const unknown = await variables('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: CHAT_MESSAGES.notFound });
    const malformed = await variables('nope');
    expect(malformed.statusCode).toBe(400);
    expect(typeof malformed.json().message).toBe('string');
    const { chatId } = await whatsappChat();
    expect((await variables(chatId, {})).statusCode).toBe(401);
  });
});
