import { APPOINTMENT_MESSAGES } from '@chatdesk/contract/appointments';
import { BOOKING_MESSAGES } from '@chatdesk/contract/schedule';
import { SERVICE_MESSAGES, type Service } from '@chatdesk/contract/services';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertEmployee } from '../../../test/factories.ts';
import { parseCalendar } from '../../../test/ical.ts';
import { appointments, clients, mailOutbox, notifications, payments } from '../../db/schema.ts';
import {
  createLocalPaymentProvider,
  TEST_CARDS,
} from '../../integrations/payments/local-payment-provider.ts';

// Sunday 22 November 2026, 11:00 in Madrid.
const now = new Date('2026-11-22T10:00:00Z');
const MONDAY = '2026-11-23';
let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  ({ headers } = await t.signIn());
});
afterAll(() => t.close());

const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvc: '123' });
const visitor = { name: 'Marta Gil', email: 'marta.gil@example.com', phone: '+34 600 111 222' };
let visitorNumber = 0;
/** Each call from another visitor on a network of its own, as the public routes are limited per address. */
const post = (url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: `10.${20 + Math.floor(++visitorNumber / 250)}.${visitorNumber % 250}.1`,
  });

const staff = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function createService(form: Record<string, unknown>): Promise<Service> {
  const response = await staff('POST', '/api/services', { currency: 'eur', ...form });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const salonHours = { monday: [['09:00', '13:00']], tuesday: [['09:00', '13:00']] } as never;

/** A professional offering the default appointment and the services given. */
async function professional(services: Service[]) {
  const employee = await insertEmployee(t.db, { availability: salonHours });
  const current = (await staff('GET', `/api/employees/${employee.id}/services`)).json()
    .serviceIds as string[];
  const set = await staff('PUT', `/api/employees/${employee.id}/services`, {
    serviceIds: [...current, ...services.map((s) => s.id)],
  });
  expect(set.statusCode, set.body).toBe(200);
  return employee;
}

const schedule = async (username: string, serviceId?: string) => {
  const response = await t.app.inject({
    url: `/api/schedule/${username}${serviceId ? `?service=${serviceId}` : ''}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const timesOn = async (username: string, serviceId: string | undefined, date = MONDAY) =>
  ((await schedule(username, serviceId)).slots as Array<{ date: string; times: string[] }>).find(
    (day) => day.date === date,
  )?.times ?? [];

/** Holds, pays and books one time of a service, as the booking page does. */
async function bookThrough(
  employeeId: string,
  serviceId: string | undefined,
  timeSlot: string,
  date = MONDAY,
) {
  const intent = await post('/api/payments/intent', {
    employeeId,
    serviceId,
    date,
    timeSlot,
    clientInfo: visitor,
  });
  if (intent.statusCode !== 200) return intent;
  const { clientSecret, paymentIntentId } = intent.json();
  const paid = await post('/api/payments/local/confirm', { clientSecret, card: card(TEST_CARDS.success) });
  expect(paid.statusCode, paid.body).toBe(200);
  return post('/api/schedule/book', {
    employeeId,
    serviceId,
    date,
    timeSlot,
    clientInfo: visitor,
    payment: { id: paymentIntentId },
  });
}

describe('the catalogue', () => {
  it('every install has the spec appointment as its default service, offered by every employee', async () => {
    const list = await staff('GET', '/api/services');
    expect(list.statusCode).toBe(200);
    const [first] = list.json() as Service[];
    expect(first).toMatchObject({
      name: 'Appointment',
      durationMinutes: 30,
      priceAmount: 1000,
      currency: 'eur',
      isDefault: true,
      archivedAt: null,
    });
    // A new employee offers it, whichever way they were made.
    const employee = await insertEmployee(t.db, { availability: salonHours });
    expect((await staff('GET', `/api/employees/${employee.id}/services`)).json()).toEqual({
      serviceIds: [first!.id],
    });
    // And the page a current business's customers see has not changed.
    const page = await schedule(employee.username);
    expect(page.services).toHaveLength(1);
    expect(page.service).toMatchObject({ name: 'Appointment', durationMinutes: 30 });
    expect(page.payment).toMatchObject({ amount: 1000, currency: 'eur' });
  });

  it('creates, edits, archives and restores a service; the default cannot be archived', async () => {
    const cut = await createService({
      name: 'Corte',
      durationMinutes: 30,
      priceAmount: 1800,
      description: 'Lavar y cortar',
    });
    expect(cut).toMatchObject({
      name: 'Corte',
      durationMinutes: 30,
      priceAmount: 1800,
      horizonDays: 60,
      dailyCap: null,
    });
    const edited = await staff('PUT', `/api/services/${cut.id}`, {
      name: 'Corte de pelo',
      durationMinutes: 45,
      priceAmount: 2000,
      currency: 'eur',
      bufferAfterMinutes: 10,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Corte de pelo',
      durationMinutes: 45,
      bufferAfterMinutes: 10,
    });

    const archived = await staff('POST', `/api/services/${cut.id}/archive`);
    expect(archived.json().archivedAt).not.toBeNull();
    const active = (await staff('GET', '/api/services')).json() as Service[];
    expect(active.map((s) => s.id)).not.toContain(cut.id);
    const all = (await staff('GET', '/api/services?archived=true')).json() as Service[];
    expect(all.map((s) => s.id)).toContain(cut.id);
    expect((await staff('POST', `/api/services/${cut.id}/restore`)).json().archivedAt).toBeNull();

    const defaultId = active.find((s) => s.isDefault)!.id;
    const refused = await staff('POST', `/api/services/${defaultId}/archive`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: SERVICE_MESSAGES.defaultArchived });
  });

  it('refuses a length off the 5-minute steps, a negative price and an unknown currency, with the message', async () => {
    for (const [form, message] of [
      [{ name: 'X', durationMinutes: 7, priceAmount: 0 }, SERVICE_MESSAGES.durationInvalid],
      [{ name: 'X', durationMinutes: 600, priceAmount: 0 }, SERVICE_MESSAGES.durationInvalid],
      [{ name: 'X', durationMinutes: 30, priceAmount: -1 }, SERVICE_MESSAGES.priceInvalid],
      [
        { name: 'X', durationMinutes: 30, priceAmount: 100, currency: 'xyz' },
        SERVICE_MESSAGES.currencyInvalid,
      ],
      [{ name: '  ', durationMinutes: 30, priceAmount: 100 }, SERVICE_MESSAGES.nameRequired],
      [{ name: 'X', durationMinutes: 30, priceAmount: 100, dailyCap: 0 }, SERVICE_MESSAGES.dailyCapInvalid],
    ] as const) {
      const response = await staff('POST', '/api/services', { currency: 'eur', ...form });
      expect(response.statusCode, JSON.stringify(form)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect((await staff('PUT', '/api/services/not-an-id', { name: 'X' })).statusCode).toBe(400);
    const missing = await staff('POST', '/api/services/00000000-0000-4000-8000-000000000000/archive');
    expect(missing.statusCode).toBe(404);
  });

  it('is for staff only', async () => {
    expect((await t.app.inject({ url: '/api/services' })).statusCode).toBe(401);
  });
});

describe('booking a service', () => {
  it('a 90-minute colour costs its price, takes exactly its time, and the page offers only times it fits', async () => {
    const colour = await createService({ name: 'Color', durationMinutes: 90, priceAmount: 5500 });
    const employee = await professional([colour]);
    const page = await schedule(employee.username, colour.id);
    expect(page.service).toMatchObject({
      name: 'Color',
      durationMinutes: 90,
      price: { amount: 5500, currency: 'eur' },
    });
    expect(page.payment.amount).toBe(5500);
    expect(await timesOn(employee.username, colour.id)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
    ]);

    const booked = await bookThrough(employee.id, colour.id, '10:00');
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().appointment).toMatchObject({
      startTime: '10:00',
      endTime: '11:30',
      serviceName: 'Color',
    });
    const [row] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, booked.json().appointment.id));
    expect(row).toMatchObject({
      serviceId: colour.id,
      serviceName: 'Color',
      priceAmount: 5500,
      priceCurrency: 'eur',
    });
    const [payment] = await t.db.select().from(payments).where(eq(payments.appointmentId, row!.id));
    expect(payment).toMatchObject({ amount: 5500, currency: 'eur' });

    // 10:00–11:30 is gone for every service; 09:30 (ending at 10:00) and 11:30 stay.
    expect(await timesOn(employee.username, undefined)).toEqual([
      '09:00',
      '09:30',
      '11:30',
      '12:00',
      '12:30',
    ]);
    expect(await timesOn(employee.username, colour.id)).toEqual(['11:30']);
    const overlapping = await bookThrough(employee.id, undefined, '11:00');
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json()).toEqual({ message: BOOKING_MESSAGES.slotTaken });
  });

  it('keeps buffers clear of other bookings', async () => {
    const massage = await createService({
      name: 'Masaje',
      durationMinutes: 60,
      priceAmount: 4000,
      bufferBeforeMinutes: 15,
      bufferAfterMinutes: 15,
    });
    const employee = await professional([massage]);
    expect((await bookThrough(employee.id, undefined, '11:00')).statusCode).toBe(200);
    // A massage needs 15 minutes clear on each side of its hour: 10:00 would run its buffer into
    // 11:00, and 11:30 start its buffer before inside the appointment.
    expect(await timesOn(employee.username, massage.id)).toEqual(['09:00', '09:30', '12:00']);
    const tooClose = await bookThrough(employee.id, massage.id, '10:00');
    expect(tooClose.statusCode).toBe(409);
    expect((await bookThrough(employee.id, massage.id, '12:00')).statusCode).toBe(200);
    // And the default appointment may not start in the massage's buffer before it.
    expect(await timesOn(employee.username, undefined)).not.toContain('11:30');
  });

  it('refuses a time inside the minimum notice or beyond the horizon, and a day whose cap is reached', async () => {
    const consult = await createService({
      name: 'Consulta',
      durationMinutes: 30,
      priceAmount: 1000,
      minNoticeMinutes: 48 * 60,
      horizonDays: 7,
      dailyCap: 1,
    });
    const employee = await professional([consult]);
    // Now is Sunday 11:00: Monday is within 48 hours, and the 7-day horizon ends on Sunday 29th.
    const soon = await bookThrough(employee.id, consult.id, '09:00', MONDAY);
    expect(soon.statusCode).toBe(409);
    expect(soon.json()).toEqual({ message: BOOKING_MESSAGES.tooSoon });
    const far = await bookThrough(employee.id, consult.id, '09:00', '2026-11-30');
    expect(far.statusCode).toBe(409);
    expect(far.json()).toEqual({ message: BOOKING_MESSAGES.tooFar });
    const page = await schedule(employee.username, consult.id);
    const dates = (page.slots as Array<{ date: string }>).map((day) => day.date);
    expect(dates).toEqual(['2026-11-24']);

    // Tuesday from 11:30 is past the 48 hours.
    expect(await timesOn(employee.username, consult.id, '2026-11-24')).toEqual(['11:30', '12:00', '12:30']);
    expect((await bookThrough(employee.id, consult.id, '11:30', '2026-11-24')).statusCode).toBe(200);
    const second = await bookThrough(employee.id, consult.id, '12:30', '2026-11-24');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: BOOKING_MESSAGES.dayFull });
    expect(await timesOn(employee.username, consult.id, '2026-11-24')).toEqual([]);
    // The cap is the service's: the default appointment is still offered that day.
    expect(await timesOn(employee.username, undefined, '2026-11-24')).toContain('11:00');
  });

  it('a long appointment moves on the manage page by less than its length, keeping its length', async () => {
    const colour = await createService({ name: 'Balayage', durationMinutes: 90, priceAmount: 7000 });
    const employee = await professional([colour]);
    const booked = await bookThrough(employee.id, colour.id, '09:00', '2026-11-24');
    expect(booked.statusCode, booked.body).toBe(200);
    const [row] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, booked.json().appointment.id));
    const slots = await t.app.inject({ url: `/api/booking/${row!.manageToken}/slots` });
    const tuesday = (slots.json().slots as Array<{ date: string; times: string[] }>).find(
      (d) => d.date === '2026-11-24',
    );
    // Its own time is free to it, but where it already is is no move.
    expect(tuesday?.times).toEqual(['09:30', '10:00', '10:30', '11:00', '11:30']);
    const moved = await post(`/api/booking/${row!.manageToken}/reschedule`, {
      date: '2026-11-24',
      timeSlot: '09:30',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().appointment).toMatchObject({
      startTime: '09:30',
      endTime: '11:00',
      serviceName: 'Balayage',
    });
  });

  it('refuses a service the professional does not offer, or an archived one', async () => {
    const nails = await createService({ name: 'Uñas', durationMinutes: 45, priceAmount: 1500 });
    const employee = await professional([]);
    const notOffered = await bookThrough(employee.id, nails.id, '09:00', '2026-11-24');
    expect(notOffered.statusCode).toBe(409);
    expect(notOffered.json()).toEqual({ message: SERVICE_MESSAGES.notOffered });
    const other = await professional([nails]);
    await staff('POST', `/api/services/${nails.id}/archive`);
    const archived = await bookThrough(other.id, nails.id, '09:00', '2026-11-24');
    expect(archived.json()).toEqual({ message: SERVICE_MESSAGES.archived });
  });

  it('of 50 paid visitors racing for overlapping times of different services, no two bookings overlap', async () => {
    const colour = await createService({ name: 'Mechas', durationMinutes: 90, priceAmount: 5500 });
    const trim = await createService({
      name: 'Barba',
      durationMinutes: 15,
      priceAmount: 800,
      bufferAfterMinutes: 5,
    });
    const employee = await professional([colour, trim]);
    const provider = createLocalPaymentProvider({ db: t.db, clock: () => now });
    const choices = [
      { service: colour, times: ['09:00', '09:30', '10:00', '10:30'] },
      { service: trim, times: ['09:15', '09:45', '10:15', '10:45', '11:00'] },
    ];
    // Paid directly with the provider, past the page's holds: only the database stands in the way.
    const racers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const { service, times } = choices[i % 2]!;
        const timeSlot = times[Math.floor(i / 2) % times.length]!;
        const startsAt = new Date(`${MONDAY}T${timeSlot}:00+01:00`).toISOString();
        const intent = await provider.createPaymentIntent({
          amount: service.priceAmount,
          currency: 'eur',
          description: 'race',
          metadata: { purpose: 'appointment', employeeId: employee.id, serviceId: service.id, startsAt },
        });
        await provider.confirmCard(intent.clientSecret, card(TEST_CARDS.success));
        return { intent, timeSlot, service };
      }),
    );
    const responses = await Promise.all(
      racers.map(({ intent, timeSlot, service }) =>
        post('/api/schedule/book', {
          employeeId: employee.id,
          serviceId: service.id,
          date: MONDAY,
          timeSlot,
          clientInfo: visitor,
          payment: { id: intent.id },
        }),
      ),
    );
    const won = responses.filter((r) => r.statusCode === 200);
    expect(won.length).toBeGreaterThan(0);
    for (const lost of responses.filter((r) => r.statusCode !== 200)) {
      expect(lost.statusCode).toBe(409);
      expect(lost.json()).toEqual({ message: BOOKING_MESSAGES.slotTaken });
    }
    const live = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.employeeId, employee.id), ne(appointments.status, 'cancelled')));
    expect(live).toHaveLength(won.length);
    for (const a of live)
      for (const b of live)
        if (a.id !== b.id)
          expect(a.blockedFrom < b.blockedUntil && b.blockedFrom < a.blockedUntil).toBe(false);
    // Every visitor who lost has their money back.
    const intents = await Promise.all(racers.map(({ intent }) => provider.retrievePaymentIntent(intent.id)));
    expect(intents.filter((intent) => intent?.refunded)).toHaveLength(50 - won.length);
  });
});

describe('booking from the desk', () => {
  it('books a client into a service, paid at the desk, under the same slots but not the notice', async () => {
    const colour = await createService({
      name: 'Tinte',
      durationMinutes: 90,
      priceAmount: 5500,
      minNoticeMinutes: 72 * 60,
    });
    const employee = await professional([colour]);
    const client = await staff('POST', '/api/clients', {
      name: 'Nuria Soler',
      phone: '+34 611 222 333',
      email: 'nuria@example.com',
    });
    expect(client.statusCode, client.body).toBe(201);
    const clientId = client.json().id as string;

    // Tomorrow is inside the service's 72-hour notice: that protects the business from customers, not from itself.
    const booked = await staff('POST', '/api/appointments', {
      clientId,
      employeeId: employee.id,
      serviceId: colour.id,
      date: MONDAY,
      timeSlot: '10:00',
      payment: 'desk',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({
      date: MONDAY,
      startTime: '10:00',
      endTime: '11:30',
      status: 'scheduled',
      client: { id: clientId, name: 'Nuria Soler' },
      service: {
        id: colour.id,
        name: 'Tinte',
        durationMinutes: 90,
        price: { amount: 5500, currency: 'eur' },
      },
      payment: { amount: 5500, currency: 'eur', refunded: false },
    });
    const history = (await staff('GET', `/api/appointments/${booked.json().id}/history`)).json();
    expect(history.items[0]).toMatchObject({ kind: 'booked', actor: 'staff' });
    expect(await timesOn(employee.username, undefined)).not.toContain('11:00');

    // The same rules as the page: no overlap, an unknown client, a time gone by.
    const overlap = await staff('POST', '/api/appointments', {
      clientId,
      employeeId: employee.id,
      date: MONDAY,
      timeSlot: '11:00',
    });
    expect(overlap.statusCode).toBe(409);
    const unknown = await staff('POST', '/api/appointments', {
      clientId: '00000000-0000-4000-8000-000000000000',
      employeeId: employee.id,
      date: MONDAY,
      timeSlot: '12:00',
    });
    expect(unknown.statusCode).toBe(404);
    const past = await staff('POST', '/api/appointments', {
      clientId,
      employeeId: employee.id,
      date: '2026-11-16',
      timeSlot: '12:00',
    });
    expect(past.statusCode).toBe(409);

    // A paid-at-the-desk booking is kept, never deleted; cancelling it with a refund asks staff to give it back by hand.
    const id = booked.json().id as string;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/appointments/${id}`, headers })).statusCode,
    ).toBe(409);
    const cancelled = await staff('PATCH', `/api/appointments/${id}/status`, {
      status: 'cancelled',
      refund: true,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/appointments/${id}`));
    expect(told.map((n) => n.message).join(' ')).toMatch(/paid at the desk and is owed €55\.00/);
  });
});

describe('anyone available', () => {
  it("offers a service's times with any of its professionals and gives a time to the least booked that day", async () => {
    const massage = await createService({ name: 'Masaje deportivo', durationMinutes: 60, priceAmount: 4500 });
    const ana = await professional([massage]);
    const bea = await professional([massage]);
    const listed = (await t.app.inject({ url: '/api/book/services' })).json();
    const entry = listed.services.find((s: { id: string }) => s.id === massage.id);
    expect(entry.professionals.map((p: { id: string }) => p.id).sort()).toEqual([ana.id, bea.id].sort());
    expect(JSON.stringify(listed)).not.toContain(ana.email);

    // Ana has a booking on Monday; Bea none: Monday goes to Bea.
    expect((await bookThrough(ana.id, massage.id, '12:00')).statusCode).toBe(200);
    const assign = (timeSlot: string) =>
      post(`/api/book/services/${massage.id}/assign`, { date: MONDAY, timeSlot });
    expect((await assign('09:00')).json()).toEqual({
      professional: { id: bea.id, name: bea.name, username: bea.username, title: bea.title },
    });
    // Bea takes 10:00; at 10:00 only Ana is free, so it is hers whatever the counts.
    expect((await bookThrough(bea.id, massage.id, '10:00')).statusCode).toBe(200);
    expect((await assign('10:00')).json().professional.id).toBe(ana.id);
    // 12:00 is Ana's, but Bea is free: the time stays on offer, and goes to Bea.
    const slots = (await t.app.inject({ url: `/api/book/services/${massage.id}/slots` })).json();
    expect(slots.slots.find((d: { date: string }) => d.date === MONDAY).times).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
    ]);
    expect((await assign('12:00')).json().professional.id).toBe(bea.id);
    // Both busy at once is no time at all.
    expect((await bookThrough(bea.id, massage.id, '12:00')).statusCode).toBe(200);
    const none = await assign('12:00');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ message: BOOKING_MESSAGES.slotUnavailable });
    expect(
      (await t.app.inject({ url: '/api/book/services/00000000-0000-4000-8000-000000000000/slots' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('the confirmation', () => {
  it("names the service, its length and what was paid, and its calendar file lasts the service's length", async () => {
    const colour = await createService({ name: 'Mechas largas', durationMinutes: 120, priceAmount: 8000 });
    const employee = await professional([colour]);
    const email = 'mechas@example.com';
    const intent = await post('/api/payments/intent', {
      employeeId: employee.id,
      serviceId: colour.id,
      date: '2026-11-24',
      timeSlot: '09:00',
      clientInfo: { ...visitor, email },
    });
    const { clientSecret, paymentIntentId } = intent.json();
    await post('/api/payments/local/confirm', { clientSecret, card: card(TEST_CARDS.success) });
    const booked = await post('/api/schedule/book', {
      employeeId: employee.id,
      serviceId: colour.id,
      date: '2026-11-24',
      timeSlot: '09:00',
      clientInfo: { ...visitor, email },
      payment: { id: paymentIntentId },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail!.text).toContain('What: Mechas largas (2 h)');
    expect(mail!.text).toContain('When: Tuesday, November 24, 2026, 09:00–11:00 (Europe/Madrid)');
    expect(mail!.text).toContain('Paid: €80.00');
    const [event] = parseCalendar(mail!.attachments[0]!.content).events;
    expect(event!.summary).toBe(`Mechas largas with ${employee.name}`);
    expect(event!.end.getTime() - event!.start.getTime()).toBe(120 * 60_000);
  });

  it('is written in the language the booking page was read in, and a new client is known by it', async () => {
    const colour = await createService({ name: 'Baño de color', durationMinutes: 60, priceAmount: 4000 });
    const employee = await professional([colour]);
    const book = async (email: string, timeSlot: string, language?: string) => {
      const intent = await post('/api/payments/intent', {
        employeeId: employee.id,
        serviceId: colour.id,
        date: '2026-11-24',
        timeSlot,
        clientInfo: { ...visitor, email },
        ...(language ? { language } : {}),
      });
      expect(intent.statusCode, intent.body).toBe(200);
      const { clientSecret, paymentIntentId } = intent.json();
      await post('/api/payments/local/confirm', { clientSecret, card: card(TEST_CARDS.success) });
      const booked = await post('/api/schedule/book', {
        employeeId: employee.id,
        serviceId: colour.id,
        date: '2026-11-24',
        timeSlot,
        clientInfo: { ...visitor, email },
        payment: { id: paymentIntentId },
      });
      expect(booked.statusCode, booked.body).toBe(200);
      const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      const [client] = await t.db
        .select({ language: clients.language })
        .from(clients)
        .where(eq(clients.email, email));
      return { text: mail!.text, language: client!.language };
    };

    const spanish = await book('color.es@example.com', '09:00', 'es');
    expect(spanish.text).toContain('Qué: Baño de color (1 h)');
    expect(spanish.text).toContain('Pagado: 40,00');
    expect(spanish.language).toBe('es');
    // Without a language (an older page) the email follows what we know of them: English here.
    const unsaid = await book('color.en@example.com', '11:00');
    expect(unsaid.text).toContain('What: Baño de color (1 h)');
    expect(unsaid.language).toBeNull();
    // A language we do not write in is ignored, not refused.
    const other = await book('color.fr@example.com', '10:00', 'fr');
    expect(other.text).toContain('What: Baño de color (1 h)');
  });
});

describe('a free service', () => {
  it('is booked without a payment, once per time, and a network or email cannot fill a calendar', async () => {
    const consult = await createService({ name: 'Primera consulta', durationMinutes: 20, priceAmount: 0 });
    const employee = await professional([consult]);
    const page = await schedule(employee.username, consult.id);
    expect(page.service).toMatchObject({ name: 'Primera consulta', price: { amount: 0 } });
    // Asked to be paid for, it says how to book it.
    const paying = await post('/api/payments/intent', {
      employeeId: employee.id,
      serviceId: consult.id,
      date: MONDAY,
      timeSlot: '09:00',
    });
    expect(paying.statusCode).toBe(409);

    const from = (network: number) => ({ remoteAddress: `10.77.${network}.9` });
    const bookFree = (timeSlot: string, email: string, network = 1, date = MONDAY) =>
      t.app.inject({
        method: 'POST',
        url: '/api/schedule/book-free',
        ...from(network),
        payload: {
          employeeId: employee.id,
          serviceId: consult.id,
          date,
          timeSlot,
          clientInfo: { ...visitor, email },
        },
      });
    const booked = await bookFree('09:00', 'free1@example.com');
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().appointment).toMatchObject({
      startTime: '09:00',
      endTime: '09:20',
      serviceName: 'Primera consulta',
    });
    const [row] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, booked.json().appointment.id));
    expect(row).toMatchObject({ priceAmount: 0, providerPaymentId: null, status: 'scheduled' });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'free1@example.com'));
    expect(mail!.text).toContain('To pay: at your appointment');

    // The same time again is taken; a paid service's times are refused here.
    expect((await bookFree('09:00', 'free2@example.com', 2)).statusCode).toBe(409);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/schedule/book-free',
      payload: {
        employeeId: employee.id,
        serviceId: page.services[0].id,
        date: MONDAY,
        timeSlot: '10:00',
        clientInfo: visitor,
      },
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual({ message: BOOKING_MESSAGES.notFree });

    // One email holds two upcoming free bookings at most; one network five.
    expect((await bookFree('09:20', 'free1@example.com')).statusCode).toBe(200);
    const third = await bookFree('09:40', 'free1@example.com');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: BOOKING_MESSAGES.freeLimit });
    for (const [i, time] of ['10:00', '10:20', '10:40'].entries())
      expect((await bookFree(time, `other${i}@example.com`)).statusCode).toBe(200);
    expect((await bookFree('11:00', 'other9@example.com')).statusCode).toBe(429);
    // Another network still books.
    expect((await bookFree('11:00', 'neighbour@example.com', 3)).statusCode).toBe(200);
    // Booked on the page in Spanish: the confirmation is in Spanish.
    const inSpanish = await t.app.inject({
      method: 'POST',
      url: '/api/schedule/book-free',
      ...from(4),
      payload: {
        employeeId: employee.id,
        serviceId: consult.id,
        date: MONDAY,
        timeSlot: '11:20',
        clientInfo: { ...visitor, email: 'gratis.es@example.com' },
        language: 'es',
      },
    });
    expect(inSpanish.statusCode, inSpanish.body).toBe(200);
    const [spanish] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'gratis.es@example.com'));
    expect(spanish!.text).toContain('Qué: Primera consulta (20 min)');
  });
});

describe('reopening a cancelled appointment', () => {
  it('is refused when a longer booking has taken part of its time since, not answered with a 500', async () => {
    const colour = await createService({ name: 'Color corto', durationMinutes: 90, priceAmount: 4000 });
    const employee = await professional([colour]);
    const first = await bookThrough(employee.id, undefined, '10:00', '2026-11-24');
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().appointment.id as string;
    expect((await staff('PATCH', `/api/appointments/${id}/status`, { status: 'cancelled' })).statusCode).toBe(
      200,
    );
    // 09:30–11:00 now covers 10:00 without starting at it: only the no-overlap constraint sees it.
    expect((await bookThrough(employee.id, colour.id, '09:30', '2026-11-24')).statusCode).toBe(200);
    const reopened = await staff('PATCH', `/api/appointments/${id}/status`, {
      status: 'scheduled',
      reopen: true,
    });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json()).toEqual({ message: APPOINTMENT_MESSAGES.slotTaken });
  });
});

describe('special hours', () => {
  it('name a long appointment the new hours no longer hold, even when its start still fits', async () => {
    const colour = await createService({ name: 'Color largo', durationMinutes: 90, priceAmount: 5000 });
    const employee = await professional([colour]);
    const booked = await bookThrough(employee.id, colour.id, '11:00', '2026-11-24');
    expect(booked.statusCode, booked.body).toBe(200);
    // 09:00–12:00 still has 11:00 for a 30-minute appointment, but not for 11:00–12:30.
    const created = await staff('POST', `/api/employees/${employee.id}/date-overrides`, {
      fromDate: '2026-11-24',
      toDate: '2026-11-24',
      ranges: [['09:00', '12:00']],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().affectedAppointments.map((a: { id: string }) => a.id)).toEqual([
      booked.json().appointment.id,
    ]);
    expect(created.json().affectedAppointments[0]).not.toHaveProperty('minutes');
  });
});
