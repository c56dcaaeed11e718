import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertAppointment, insertEmployee } from '../../../test/factories.ts';
import { appointments, chats, clients, services } from '../../db/schema.ts';

// Monday 23 November 2026, 10:00 in Madrid; the appointments are later that week.
const NOW = new Date('2026-11-23T09:00:00Z').getTime();
let ticks = 0;
const clock = () => new Date(NOW + ticks++);

let t: TestContext;
let headers: Record<string, string>;
let employee: { id: string };
beforeAll(async () => {
  t = await buildTestApp({ clock });
  ({ headers } = await t.signIn());
  // Every day 09:00–20:00, so a move has somewhere to go.
  const day: Array<[string, string]> = [['09:00', '20:00']];
  employee = await insertEmployee(t.db, {
    name: 'Carlos Ruiz',
    username: 'carlos-several',
    availability: {
      monday: day,
      tuesday: day,
      wednesday: day,
      thursday: day,
      friday: day,
      saturday: day,
      sunday: day,
    },
  });
});
afterAll(() => t.close());

/** A client with an appointment on Thursday 26 and one on Saturday 28 November, at `hour`. */
async function clientWithTwo(name: string, phone: string, hour: number) {
  const [client] = await t.db
    .insert(clients)
    .values({ name, phone, status: 'active', source: 'whatsapp' })
    .returning();
  const at = (localDate: string) =>
    insertAppointment(t.db, {
      employeeId: employee.id,
      employeeName: 'Carlos Ruiz',
      clientId: client!.id,
      clientName: name,
      clientPhone: phone,
      localDate,
      startTime: `${hour}:00`,
      endTime: `${hour}:30`,
      startsAt: new Date(`${localDate}T${String(hour - 1).padStart(2, '0')}:00:00Z`),
    });
  const thursday = await at('2026-11-26');
  const saturday = await at('2026-11-28');
  return { id: client!.id, thursday: thursday.id, saturday: saturday.id };
}

/** The client writes in the simulator, as staff let it play that client (a verified identity). */
const say = async (text: string, sessionId: string, clientId: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/chats/simulator',
    headers,
    payload: { text, sessionId, clientId },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().replies as string[]).join('\n');
};

const statuses = async (...ids: string[]) =>
  Object.fromEntries(
    (await t.db.select().from(appointments).where(inArray(appointments.id, ids))).map((a) => [
      a.id,
      a.status,
    ]),
  );

describe('"cancela las dos" in chat', () => {
  it('asks once for both, changes nothing before the yes, and the yes cancels each', async () => {
    const ana = await clientWithTwo('Ana Gil', '+34 622 100 201', 11);
    await say('/new', 'several-ana', ana.id);
    const asked = await say('hola, cancela las dos citas porfa, me he lesionado', 'several-ana', ana.id);
    expect(asked).toContain('¿Cancelo estas 2 citas?');
    expect(asked).toContain('jueves 26 de noviembre a las 11:00 con Carlos Ruiz');
    expect(asked).toContain('sábado 28 de noviembre a las 11:00 con Carlos Ruiz');
    expect(await statuses(ana.thursday, ana.saturday)).toEqual({
      [ana.thursday]: 'scheduled',
      [ana.saturday]: 'scheduled',
    });
    const done = await say('sí', 'several-ana', ana.id);
    expect(done.match(/está cancelada/g)).toHaveLength(2);
    expect(await statuses(ana.thursday, ana.saturday)).toEqual({
      [ana.thursday]: 'cancelled',
      [ana.saturday]: 'cancelled',
    });
  });

  it('"solo la del jueves" before the yes leaves the other one booked', async () => {
    const eva = await clientWithTwo('Eva Sanz', '+34 633 300 401', 12);
    await say('/new', 'several-eva', eva.id);
    await say('cancela las dos', 'several-eva', eva.id);
    const narrowed = await say('uy espera, solo la del jueves', 'several-eva', eva.id);
    expect(narrowed).toContain('¿Cancelo tu cita del jueves 26 de noviembre');
    await say('sí', 'several-eva', eva.id);
    expect(await statuses(eva.thursday, eva.saturday)).toEqual({
      [eva.thursday]: 'cancelled',
      [eva.saturday]: 'scheduled',
    });
  });

  it('a yes after staff cancelled one of them meanwhile cancels the other and says so; alone, says so too', async () => {
    const leo = await clientWithTwo('Leo Mar', '+34 644 500 402', 13);
    await say('/new', 'several-leo', leo.id);
    await say('cancel both please', 'several-leo', leo.id);
    // Staff cancel Saturday's before the client answers.
    await t.db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, leo.saturday));
    const answered = await say('yes', 'several-leo', leo.id);
    expect(answered).toContain(
      'Done: your appointment on Thursday 26 November at 13:00 with Carlos Ruiz is cancelled.',
    );
    expect(answered).toContain('One of those appointments is no longer booked in your name');
    expect(await statuses(leo.thursday)).toEqual({ [leo.thursday]: 'cancelled' });

    // The first of the two gone: the yes still cancels the other.
    const ona = await clientWithTwo('Ona Rius', '+34 677 800 405', 16);
    await say('/new', 'several-ona', ona.id);
    await say('cancela las dos', 'several-ona', ona.id);
    await t.db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, ona.thursday));
    const rest = await say('sí', 'several-ona', ona.id);
    expect(rest).toContain(
      'Hecho: tu cita del sábado 28 de noviembre a las 16:00 con Carlos Ruiz está cancelada.',
    );
    expect(rest).toContain('Una de esas citas ya no está reservada a tu nombre');
    expect(await statuses(ona.saturday)).toEqual({ [ona.saturday]: 'cancelled' });

    const mia = await clientWithTwo('Mía Sol', '+34 655 600 403', 14);
    await say('/new', 'several-mia', mia.id);
    await say('cancela la del jueves', 'several-mia', mia.id);
    await t.db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, mia.thursday));
    expect(await say('sí', 'several-mia', mia.id)).toBe(
      'Esa cita ya no está reservada a tu nombre, así que no he cambiado nada en ella.',
    );
    expect(await statuses(mia.saturday)).toEqual({ [mia.saturday]: 'scheduled' });
  });
});

describe('"muévelas ambas" in chat', () => {
  it('asks once for both moves, changes nothing before the yes, and the yes moves each', async () => {
    const ivo = await clientWithTwo('Ivo Paz', '+34 666 700 404', 15);
    await say('/new', 'several-ivo', ivo.id);
    const asked = await say('muévelas ambas una hora más tarde porfa', 'several-ivo', ivo.id);
    expect(asked).toContain('¿Cambio estas 2 citas?');
    expect(asked).toContain('al jueves 26 de noviembre a las 16:00');
    expect(asked).toContain('al sábado 28 de noviembre a las 16:00');
    const before = await t.db
      .select()
      .from(appointments)
      .where(inArray(appointments.id, [ivo.thursday, ivo.saturday]));
    expect(before.map((a) => a.startTime)).toEqual(['15:00', '15:00']);
    // What waits on the chat is the change's terms only, not the appointments they were read from.
    const waiting = (await t.db.select({ pending: chats.pendingChange }).from(chats)).find((row) =>
      JSON.stringify(row.pending ?? null).includes(ivo.saturday),
    );
    expect(waiting?.pending).toMatchObject({
      kind: 'reschedule',
      also: [{ appointmentId: ivo.saturday, date: '2026-11-28', time: '16:00' }],
    });
    expect(JSON.stringify(waiting?.pending)).not.toContain('employeeName');
    const done = await say('sí', 'several-ivo', ivo.id);
    expect(done.match(/Hecho: tu cita con Carlos Ruiz queda/g)).toHaveLength(2);
    const after = await t.db
      .select()
      .from(appointments)
      .where(inArray(appointments.id, [ivo.thursday, ivo.saturday]));
    expect(after.map((a) => `${a.localDate} ${a.startTime} ${a.status}`).sort()).toEqual([
      '2026-11-26 16:00 scheduled',
      '2026-11-28 16:00 scheduled',
    ]);
  });
});

describe('an appointment named by its service in chat', () => {
  it('"la pedicura" picks the pedicure of two, says the service, and only a yes cancels it', async () => {
    const made = await t.db
      .insert(services)
      .values(
        ['Manicura', 'Pedicura'].map((name) => ({
          name,
          durationMinutes: 30,
          priceAmount: 1500,
          currency: 'eur',
        })),
      )
      .returning();
    const [client] = await t.db
      .insert(clients)
      .values({ name: 'Noelia Campos', phone: '+34600222040', status: 'active', source: 'whatsapp' })
      .returning();
    const book = (service: (typeof made)[number], startTime: string, hour: number) =>
      insertAppointment(t.db, {
        employeeId: employee.id,
        employeeName: 'Carlos Ruiz',
        clientId: client!.id,
        clientName: 'Noelia Campos',
        clientPhone: '+34600222040',
        serviceId: service.id,
        serviceName: service.name,
        localDate: '2026-11-26',
        startTime,
        endTime: `${hour}:30`,
        startsAt: new Date(`2026-11-26T${String(hour - 1).padStart(2, '0')}:${startTime.slice(3)}:00Z`),
      });
    const manicure = await book(made[0]!, '17:00', 17);
    const pedicure = await book(made[1]!, '18:00', 18);
    const session = 'service-named';

    const listed = await say('hola, tengo mani y pedi el jueves verdad?', session, client!.id);
    expect(listed).toContain('(Manicura)');
    expect(listed).toContain('(Pedicura)');

    const asked = await say('uf. la pedicura cancelamela, solo me hago las manos', session, client!.id);
    expect(asked).toContain('18:00');
    expect(asked).toContain('(Pedicura)');
    expect(asked).not.toContain('(Manicura)');
    expect(await statuses(manicure.id, pedicure.id)).toEqual({
      [manicure.id]: 'scheduled',
      [pedicure.id]: 'scheduled',
    });

    await say('sí', session, client!.id);
    expect(await statuses(manicure.id, pedicure.id)).toEqual({
      [manicure.id]: 'scheduled',
      [pedicure.id]: 'cancelled',
    });
    // "¿y la manicura a qué hora era?": the one left, by its service.
    expect(await say('y la manicura a que hora era al final?', session, client!.id)).toContain('17:00');
  });

  it('an appointment of the default service is told without a service name', async () => {
    const { id } = await clientWithTwo('Pablo Sanz', '+34600222041', 19);
    const listed = await say('¿qué citas tengo?', 'default-service', id);
    expect(listed).toContain('19:00 con Carlos Ruiz');
    expect(listed).not.toContain('(Appointment)');
  });
});
