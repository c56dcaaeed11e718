import { CHAT_MESSAGES } from '@chatdesk/contract/chats';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertAppointment, insertEmployee } from '../../../test/factories.ts';
import { appointments, chats, clients, employees } from '../../db/schema.ts';
import { simulatorPhone } from './simulator.service.ts';

// Wednesday 25 November 2026, 10:00 in Madrid; the victim's appointment is three weeks later.
const NOW = new Date('2026-11-25T09:00:00Z').getTime();
let ticks = 0;
const clock = () => new Date(NOW + ticks++);

let t: TestContext;
let headers: Record<string, string>;
let victim: { id: string; appointmentId: string };
const VICTIM_PHONE = '+34 611 223 344';
beforeAll(async () => {
  t = await buildTestApp({ clock });
  ({ headers } = await t.signIn());
  const employee = await insertEmployee(t.db, {
    name: 'Carlos Ruiz',
    username: 'carlos-sim',
    title: 'Personal Trainer',
    locations: ['Madrid'],
  });
  const [client] = await t.db
    .insert(clients)
    .values({ name: 'Marta Vidal', phone: VICTIM_PHONE, status: 'active', source: 'whatsapp' })
    .returning();
  const appointment = await insertAppointment(t.db, {
    employeeId: employee.id,
    employeeName: 'Carlos Ruiz',
    clientId: client!.id,
    clientName: 'Marta Vidal',
    clientPhone: VICTIM_PHONE,
    localDate: '2026-12-16',
    startTime: '10:00',
    endTime: '10:30',
    startsAt: new Date('2026-12-16T09:00:00Z'),
  });
  victim = { id: client!.id, appointmentId: appointment.id };
});
afterAll(() => t.close());

const say = (text: string, sessionId = 'session-a', extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/chats/simulator',
    headers,
    payload: { text, sessionId, ...extra },
  });
const statusOfVictim = async () =>
  (await t.db.select().from(appointments).where(eq(appointments.id, victim.appointmentId)))[0]!;

describe('chat simulator', () => {
  it('plays a customer: the assistant answers, and staff see the chat named as the simulator', async () => {
    const opened = await say('/new');
    expect(opened.statusCode).toBe(200);
    expect(opened.json().reply).toMatch(/Hello|Hola/);
    expect(opened.json().playingAs).toBeNull();
    const answer = (await say('Hola, busco un entrenador personal en Madrid')).json();
    expect(answer.reply).toContain('Carlos Ruiz');
    expect(answer.reply).toContain('/schedule/carlos-sim');
    const list = (await t.app.inject({ url: '/api/chats', headers })).json();
    const chat = list.find((c: { id: string }) => c.id === answer.chatId);
    expect(chat.name).toMatch(/^Chat simulator/);
    expect(chat.channel).toBe('simulator');
  });

  it("'/new' deletes the conversation and starts over", async () => {
    const first = (await say('hola', 'session-b')).json();
    const restarted = (await say('/new', 'session-b')).json();
    expect(restarted.chatId).not.toBe(first.chatId);
    expect(await t.db.select().from(chats).where(eq(chats.id, first.chatId))).toEqual([]);
  });

  it('after a handoff the assistant stays quiet', async () => {
    await say('/new', 'session-c');
    const handed = (await say('Quiero hablar con una persona', 'session-c')).json();
    expect(handed.assignedTo).toBe('human');
    const quiet = (await say('¿Hola?', 'session-c')).json();
    expect(quiet).toMatchObject({ replies: [], reply: null, assignedTo: 'human' });
  });

  it('refuses an empty message', async () => {
    const response = await say('   ');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`text: ${CHAT_MESSAGES.textRequired}`);
  });
});

describe('nobody can act as a client through the simulator', () => {
  it('answers 401 without a staff session, whatever the session id', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chats/simulator',
      payload: { text: '¿cuándo es mi cita?', sessionId: '34611223344' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it("a session id that is the victim's number sees, moves and cancels nothing", async () => {
    for (const sessionId of ['34611223344', '+34 611 223 344', '611223344']) {
      await say('/new', sessionId);
      const when = (await say('¿cuándo es mi cita?', sessionId)).json();
      const said = when.replies.join('\n');
      expect(said).not.toContain('16');
      expect(said).not.toContain('Marta');
      const cancel = (await say('quiero cancelar mi cita', sessionId)).json();
      expect(cancel.replies.join('\n')).not.toContain('Marta');
      await say('sí', sessionId);
      await say('me la puedes pasar al 17/12 a las 11:00?', sessionId);
      await say('sí', sessionId);
    }
    expect(await statusOfVictim()).toMatchObject({ status: 'scheduled', localDate: '2026-12-16' });
  });

  it("the simulator's own number has no digits, so it never matches a client's phone", () => {
    for (const session of ['34611223344', '', 'x'.repeat(64)]) {
      const phone = simulatorPhone('any-staff-id', session);
      expect(phone).toMatch(/^[a-p]{12}$/);
    }
    expect(simulatorPhone('a', 's')).not.toBe(simulatorPhone('b', 's'));
  });

  it('plays a client only when staff pick that client, and says so', async () => {
    const opened = (await say('/new', 'session-d', { clientId: victim.id })).json();
    expect(opened.playingAs).toEqual({ id: victim.id, name: 'Marta Vidal' });
    const [chat] = await t.db.select().from(chats).where(eq(chats.id, opened.chatId));
    expect(chat!.simulatedClientId).toBe(victim.id);
    const when = (await say('¿cuándo es mi cita?', 'session-d', { clientId: victim.id })).json();
    expect(when.replies.join('\n')).toMatch(/16/);
    expect(when.replies.join('\n')).toContain('Carlos Ruiz');

    // Choosing nobody again starts over as nobody: the played client is not kept.
    const anonymous = (await say('¿cuándo es mi cita?', 'session-d')).json();
    expect(anonymous.chatId).not.toBe(opened.chatId);
    expect(anonymous.playingAs).toBeNull();
    expect(anonymous.replies.join('\n')).not.toContain('Carlos Ruiz');
  });

  it('an unknown or malformed client is refused before anything is written', async () => {
    const before = await t.db.select().from(chats);
    const unknown = await say('hola', 'session-e', { clientId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toEqual(expect.any(String));
    const malformed = await say('hola', 'session-e', { clientId: 'not-a-client' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(`clientId: ${CHAT_MESSAGES.simulatorClientInvalid}`);
    expect(await t.db.select().from(chats)).toHaveLength(before.length);
  });
});

describe('the assistant reads the business afresh', () => {
  it('a professional added in Employees is offered in the very next reply', async () => {
    const ask = () => say('Hola, busco un entrenador personal en Sevilla', 'session-fresh');
    await say('/new', 'session-fresh');
    expect((await ask()).json().replies.join('\n')).not.toContain('Rocío Marín');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/employees',
      headers,
      payload: {
        name: 'Rocío Marín',
        email: 'rocio.marin@example.com',
        username: 'rocio-sim',
        title: 'Personal Trainer',
        locations: ['Sevilla'],
        availability: { monday: [['09:00', '13:00']] },
        password: 'password123',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await ask()).json().replies.join('\n')).toContain('Rocío Marín');
  });

  it("another instance's change reaches this one's assistant through the bus", async () => {
    await say('/new', 'session-bus');
    const ask = () => say('Hola, busco un entrenador personal en Sevilla', 'session-bus');
    expect((await ask()).json().replies.join('\n')).toContain('Rocío Marín');
    // Written by another instance: straight to the database, then its event.
    await t.db.update(employees).set({ isActive: false }).where(eq(employees.username, 'rocio-sim'));
    await t.events.publish({ type: 'business.changed' });
    await expect
      .poll(async () => (await ask()).json().replies.join('\n'), { timeout: 5_000 })
      .not.toContain('Rocío Marín');
  });
});

describe('with SIMULATOR_ENABLED=false', () => {
  it('answers 404', async () => {
    const off = await buildTestApp({ env: { SIMULATOR_ENABLED: 'false' } });
    const { headers: staff } = await off.signIn();
    const response = await off.app.inject({
      method: 'POST',
      url: '/api/chats/simulator',
      headers: staff,
      payload: { text: 'hola' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: CHAT_MESSAGES.simulatorDisabled });
    await off.close();
  });
});
