import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertAppointment, insertEmployee } from '../../../test/factories.ts';
import { appointments, clients, mailOutbox } from '../../db/schema.ts';
import { reminderEmail } from '../reminders/reminder-messages.ts';

// Wednesday 25 November 2026, 10:00 in Madrid; the appointments are three weeks later.
const NOW = new Date('2026-11-25T09:00:00Z').getTime();
let ticks = 0;
const clock = () => new Date(NOW + ticks++);

let t: TestContext;
let headers: Record<string, string>;
let employee: { id: string };
beforeAll(async () => {
  t = await buildTestApp({ clock });
  ({ headers } = await t.signIn());
  employee = await insertEmployee(t.db, { name: 'Carlos Ruiz', username: 'carlos-lang' });
});
afterAll(() => t.close());

let hour = 9;
async function clientWithAppointment(name: string, phone: string, email: string) {
  // Each at its own hour of the same day: one professional, one appointment at a time.
  const start = hour++;
  const [client] = await t.db
    .insert(clients)
    .values({ name, phone, email, status: 'active', source: 'whatsapp' })
    .returning();
  const appointment = await insertAppointment(t.db, {
    employeeId: employee.id,
    employeeName: 'Carlos Ruiz',
    clientId: client!.id,
    clientName: name,
    clientEmail: email,
    clientPhone: phone,
    localDate: '2026-12-16',
    startTime: `${start + 1}:00`,
    endTime: `${start + 1}:30`,
    startsAt: new Date(`2026-12-16T${String(start).padStart(2, '0')}:00:00Z`),
  });
  return { id: client!.id, appointmentId: appointment.id };
}

/** The client writes in the simulator, as staff let it play that client (a verified identity). */
const say = (text: string, sessionId: string, clientId?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/chats/simulator',
    headers,
    payload: { text, sessionId, ...(clientId ? { clientId } : {}) },
  });

const languageOf = async (id: string) =>
  (await t.db.select({ language: clients.language }).from(clients).where(eq(clients.id, id)))[0]!.language;

const mailsTo = (email: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.createdAt));

describe("a client's language", () => {
  it('is the one they write to us in, and what their emails are written in', async () => {
    const ana = await clientWithAppointment('Ana Gil', '+34 622 100 200', 'ana@example.com');
    expect(await languageOf(ana.id)).toBeNull();

    await say('/new', 'lang-ana', ana.id);
    const asked = (await say('hola, quiero cancelar mi cita', 'lang-ana', ana.id)).json();
    expect(asked.replies.join('\n')).toContain('¿Cancelo tu cita');
    expect(await languageOf(ana.id)).toBe('es');
    const done = (await say('sí', 'lang-ana', ana.id)).json();
    expect(done.replies.join('\n')).toContain('está cancelada');
    const [appointment] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, ana.appointmentId));
    expect(appointment!.status).toBe('cancelled');

    const [mail] = await mailsTo('ana@example.com');
    expect(mail!.subject).toBe(
      'Tu cita con Carlos Ruiz del miércoles, 16 de diciembre de 2026 está cancelada',
    );
    expect(mail!.text).toContain('Hola, Ana Gil:');
    expect(mail!.text).toContain('No se pagó nada por internet, así que no hay nada que devolver.');
    expect(mail!.text).not.toContain('Your appointment');
  });

  it('changes when they change language; a message too short to tell keeps it', async () => {
    const tom = await clientWithAppointment('Tom Hart', '+44 7700 900123', 'tom@example.com');
    await say('/new', 'lang-tom', tom.id);
    await say('hola, ¿cuándo es mi cita?', 'lang-tom', tom.id);
    expect(await languageOf(tom.id)).toBe('es');
    await say('sorry, could you tell me in English when my appointment is?', 'lang-tom', tom.id);
    expect(await languageOf(tom.id)).toBe('en');
    await say('ok', 'lang-tom', tom.id);
    expect(await languageOf(tom.id)).toBe('en');
  });

  it("never changes from words a visitor types: only a verified client's messages count", async () => {
    const eva = await clientWithAppointment('Eva Sanz', '+34 633 300 400', 'eva@example.com');
    // The simulator's session id is the victim's number, but staff did not pick the client.
    await say('/new', '34633300400');
    await say('hola, quiero cancelar mi cita del miércoles', '34633300400');
    expect(await languageOf(eva.id)).toBeNull();
  });
});

describe("the manage page's language", () => {
  const manageRead = async (appointmentId: string) => {
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, appointmentId));
    const read = await t.app.inject({ method: 'GET', url: `/api/booking/${row!.manageToken}` });
    expect(read.statusCode, read.body).toBe(200);
    return read.json().language;
  };

  it("is the client's: Spanish for a client who speaks it, English when we do not know", async () => {
    const rosa = await clientWithAppointment('Rosa Vidal', '+34 644 400 500', 'rosa@example.com');
    const noel = await clientWithAppointment('Noel Park', '+44 7700 900456', 'noel@example.com');
    expect(await manageRead(rosa.appointmentId)).toBe('en');
    await t.db.update(clients).set({ language: 'es' }).where(eq(clients.id, rosa.id));
    expect(await manageRead(rosa.appointmentId)).toBe('es');
    expect(await manageRead(noel.appointmentId)).toBe('en');
  });
});

describe('the reminder email', () => {
  const facts = {
    clientName: 'Ana Gil',
    employeeName: 'Carlos Ruiz',
    serviceName: 'Entrenamiento personal',
    companyName: 'Entrena Studio',
    startsAt: new Date('2026-12-16T09:00:00Z'),
    timeZone: 'Europe/Madrid',
    language: 'en' as const,
    manageUrl: 'http://localhost:3000/booking/abc',
    to: 'ana@example.com',
  };

  it("is in the client's language, whatever the business's (whose the WhatsApp templates follow)", () => {
    const spanish = reminderEmail({ ...facts, clientLanguage: 'es' });
    expect(spanish.subject).toBe(
      'Recordatorio: tu cita con Carlos Ruiz el miércoles, 16 de diciembre, 10:00',
    );
    expect(spanish.text).toContain('Para cancelar o cambiar la cita: http://localhost:3000/booking/abc');
    expect(spanish.text).toContain('Qué: Entrenamiento personal');
  });

  it('is in English for a client whose language we do not know', () => {
    const unknown = reminderEmail({ ...facts, language: 'es', clientLanguage: null });
    expect(unknown.subject).toBe(
      'Reminder: your appointment with Carlos Ruiz on Wednesday, December 16 at 10:00 AM',
    );
    expect(unknown.text).toContain('To cancel or reschedule: http://localhost:3000/booking/abc');
  });
});
