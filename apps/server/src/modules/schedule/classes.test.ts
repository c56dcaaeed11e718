import { APPOINTMENT_MESSAGES } from '@chatdesk/contract/appointments';
import { BOOKING_MESSAGES } from '@chatdesk/contract/schedule';
import { SERVICE_MESSAGES, type Service } from '@chatdesk/contract/services';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertAppointment, insertEmployee } from '../../../test/factories.ts';
import { appointments, classTimes, mailOutbox, payments } from '../../db/schema.ts';
import { TEST_CARDS } from '../../integrations/payments/local-payment-provider.ts';
import { isClassFull } from '../../lib/app-error.ts';
import { appointmentWrites } from '../appointments/appointment-writes.ts';

// Friday 20 November 2026, 11:00 in Madrid (the test app's zone).
const now = new Date('2026-11-20T10:00:00Z');
const MONDAY = '2026-11-23';
let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  ({ headers } = await t.signIn());
});
afterAll(() => t.close());

const staff = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

let visitorNumber = 0;
/** Each call from another visitor on a network of its own, as on the real page. */
const visit = (url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: `10.${50 + Math.floor(++visitorNumber / 250)}.${visitorNumber % 250}.1`,
  });

const hours = { monday: [['09:00', '13:00']], tuesday: [['09:00', '13:00']] } as never;
let serial = 0;

async function createService(overrides: Record<string, unknown> = {}): Promise<Service> {
  const response = await staff('POST', '/api/services', {
    name: `Clase ${++serial}`,
    durationMinutes: 60,
    priceAmount: 1500,
    currency: 'eur',
    seats: 6,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function professional(...services: Service[]) {
  const employee = await insertEmployee(t.db, { availability: hours });
  const set = await staff('PUT', `/api/employees/${employee.id}/services`, {
    serviceIds: services.map((service) => service.id),
  });
  expect(set.statusCode, set.body).toBe(200);
  return employee;
}

async function createClient() {
  const response = await staff('POST', '/api/clients', {
    name: `Alumna ${++serial}`,
    phone: `+34 611 000 ${String(serial).padStart(3, '0')}`,
    email: `alumna-${serial}@example.com`,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const bookByStaff = (clientId: string, employeeId: string, serviceId: string, timeSlot: string) =>
  staff('POST', '/api/appointments', { clientId, employeeId, serviceId, date: MONDAY, timeSlot });

const seatsTaken = async (employeeId: string) =>
  (await t.db.select().from(classTimes).where(eq(classTimes.employeeId, employeeId))).map((row) => ({
    seats: row.seats,
    taken: row.seatsTaken,
  }));

async function payForSeat(employeeId: string, serviceId: string, timeSlot: string, n: number) {
  const intent = await visit('/api/payments/intent', { employeeId, serviceId, date: MONDAY, timeSlot });
  expect(intent.statusCode, intent.body).toBe(200);
  const { clientSecret, paymentIntentId } = intent.json();
  const paid = await visit('/api/payments/local/confirm', {
    clientSecret,
    card: { number: TEST_CARDS.success, expMonth: 12, expYear: 2030, cvc: '123' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return visit('/api/schedule/book', {
    employeeId,
    serviceId,
    date: MONDAY,
    timeSlot,
    clientInfo: { name: `Visitante ${n}`, email: `visitante-${n}@example.com`, phone: `+34 622 000 00${n}` },
    payment: { id: paymentIntentId, amount: 1500, currency: 'eur', status: 'succeeded' },
  });
}

describe('a service with seats', () => {
  it('takes 2 to 100 seats (1 or empty is one client at a time); anything else is a 400', async () => {
    expect((await createService({ seats: 100 })).seats).toBe(100);
    expect((await createService({ seats: 1 })).seats).toBeNull();
    expect((await createService({ seats: null })).seats).toBeNull();
    for (const seats of [0, 101, 2.5, 'seis']) {
      const refused = await staff('POST', '/api/services', {
        name: `Clase mala ${++serial}`,
        durationMinutes: 60,
        priceAmount: 1500,
        currency: 'eur',
        seats,
      });
      expect(refused.statusCode, String(seats)).toBe(400);
      expect(refused.json().message).toContain(SERVICE_MESSAGES.seatsInvalid);
    }
  });

  it('offers a class time with its seats left until it is full, on the schedule and in open times', async () => {
    const service = await createService();
    const employee = await professional(service);
    const schedule = async () =>
      (await t.app.inject({ url: `/api/schedule/${employee.username}?service=${service.id}` })).json();
    const monday = (await schedule()).slots.find((day: { date: string }) => day.date === MONDAY);
    expect(monday).toEqual({
      date: MONDAY,
      times: ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00'],
      seatsLeft: { '09:00': 6, '09:30': 6, '10:00': 6, '10:30': 6, '11:00': 6, '11:30': 6, '12:00': 6 },
    });

    for (let seat = 0; seat < 5; seat++) {
      const booked = await bookByStaff(await createClient(), employee.id, service.id, '10:00');
      expect(booked.statusCode, booked.body).toBe(201);
    }
    // 10:00 keeps one seat; the starts overlapping its hour are gone, as with any booking.
    const after = (await schedule()).slots.find((day: { date: string }) => day.date === MONDAY);
    expect(after).toEqual({
      date: MONDAY,
      times: ['09:00', '10:00', '11:00', '11:30', '12:00'],
      seatsLeft: { '09:00': 6, '10:00': 1, '11:00': 6, '11:30': 6, '12:00': 6 },
    });
    const open = await t.app.services.schedule.openTimes(
      employee,
      'Europe/Madrid',
      { from: MONDAY, to: MONDAY },
      {
        serviceId: service.id,
      },
    );
    expect(open).toEqual([after]);

    expect((await bookByStaff(await createClient(), employee.id, service.id, '10:00')).statusCode).toBe(201);
    const full = (await schedule()).slots.find((day: { date: string }) => day.date === MONDAY);
    expect(full.times).toEqual(['09:00', '11:00', '11:30', '12:00']);
    const refused = await bookByStaff(await createClient(), employee.id, service.id, '10:00');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({ message: BOOKING_MESSAGES.classFull });
    expect(await seatsTaken(employee.id)).toEqual([{ seats: 6, taken: 6 }]);

    // A seat cancelled frees that seat only.
    const seats = await t.db.select().from(appointments).where(eq(appointments.employeeId, employee.id));
    const cancelled = await staff('PATCH', `/api/appointments/${seats[0]!.id}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await seatsTaken(employee.id)).toEqual([{ seats: 6, taken: 5 }]);
    const again = (await schedule()).slots.find((day: { date: string }) => day.date === MONDAY);
    expect(again.seatsLeft['10:00']).toBe(1);
    // Reopening it takes the seat again; once another filled it, reopening is refused.
    expect((await bookByStaff(await createClient(), employee.id, service.id, '10:00')).statusCode).toBe(201);
    const reopen = await staff('PATCH', `/api/appointments/${seats[0]!.id}/status`, { status: 'scheduled' });
    expect(reopen.statusCode, reopen.body).toBe(409);
    expect(await seatsTaken(employee.id)).toEqual([{ seats: 6, taken: 6 }]);
  });

  it('is booked and paid seat by seat on the public page: two visitors pay for the same class time', async () => {
    const service = await createService({ seats: 2 });
    const employee = await professional(service);
    const first = await payForSeat(employee.id, service.id, '09:00', 1);
    expect(first.statusCode, first.body).toBe(200);
    const second = await payForSeat(employee.id, service.id, '09:00', 2);
    expect(second.statusCode, second.body).toBe(200);
    const rows = await t.db.select().from(appointments).where(eq(appointments.employeeId, employee.id));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.manageToken)).size).toBe(2);
    expect(new Set(rows.map((row) => row.classTimeId)).size).toBe(1);
    const paid = await t.db
      .select()
      .from(payments)
      .where(
        sql`${payments.appointmentId} in (${sql.join(
          rows.map((row) => sql`${row.id}`),
          sql`, `,
        )})`,
      );
    expect(paid.map((row) => row.amount)).toEqual([1500, 1500]);
    // Full now: a third visitor cannot even start paying.
    const third = await visit('/api/payments/intent', {
      employeeId: employee.id,
      serviceId: service.id,
      date: MONDAY,
      timeSlot: '09:00',
    });
    expect(third.statusCode, third.body).toBe(409);
  });

  it('is free of charge too: a free class is booked seat by seat without a payment', async () => {
    const service = await createService({ seats: 3, priceAmount: 0 });
    const employee = await professional(service);
    for (const n of [1, 2, 3]) {
      const booked = await visit('/api/schedule/book-free', {
        employeeId: employee.id,
        serviceId: service.id,
        date: MONDAY,
        timeSlot: '11:00',
        clientInfo: { name: `Gratis ${n}`, email: `gratis-${n}@example.com`, phone: `+34 633 000 00${n}` },
      });
      expect(booked.statusCode, booked.body).toBe(200);
    }
    const fourth = await visit('/api/schedule/book-free', {
      employeeId: employee.id,
      serviceId: service.id,
      date: MONDAY,
      timeSlot: '11:00',
      clientInfo: { name: 'Gratis 4', email: 'gratis-4@example.com', phone: '+34 633 000 004' },
    });
    expect(fourth.statusCode, fourth.body).toBe(409);
    expect(fourth.json()).toEqual({ message: BOOKING_MESSAGES.classFull });
  });
});

describe('classes and one-to-one appointments on one calendar', () => {
  it('a one-to-one appointment overlapping a class is refused, and a class overlapping one', async () => {
    const yoga = await createService();
    const personal = await createService({ seats: null, durationMinutes: 30 });
    const employee = await professional(yoga, personal);
    expect((await bookByStaff(await createClient(), employee.id, yoga.id, '09:00')).statusCode).toBe(201);
    // 09:30 is inside the class's hour, and 09:00 is its very start.
    for (const time of ['09:00', '09:30']) {
      const refused = await bookByStaff(await createClient(), employee.id, personal.id, time);
      expect(refused.statusCode, time).toBe(409);
      expect(refused.json()).toEqual({ message: APPOINTMENT_MESSAGES.slotTaken });
    }
    expect((await bookByStaff(await createClient(), employee.id, personal.id, '11:00')).statusCode).toBe(201);
    // A class over the one-to-one appointment (10:30-11:30 over 11:00), or at its start.
    for (const time of ['10:30', '11:00']) {
      const refused = await bookByStaff(await createClient(), employee.id, yoga.id, time);
      expect(refused.statusCode, time).toBe(409);
      expect(refused.json()).toEqual({ message: APPOINTMENT_MESSAGES.slotTaken });
    }
    // Two class times of one service overlap no more than two appointments do.
    expect((await bookByStaff(await createClient(), employee.id, yoga.id, '09:30')).statusCode).toBe(409);
    // The database says so whatever the code does: a seat written at another time than its class's.
    const [seat] = await t.db.select().from(appointments).where(eq(appointments.serviceId, yoga.id));
    await expect(
      t.db
        .update(appointments)
        .set({ startsAt: new Date(seat!.startsAt.getTime() + 3 * 3600_000) })
        .where(eq(appointments.id, seat!.id)),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) });
  });
});

describe('racing bookings', () => {
  it('50 concurrent bookings of a 6-seat class: exactly 6 booked, 44 refused with 409', async () => {
    const service = await createService({ seats: 6 });
    const employee = await professional(service);
    const clientIds: string[] = [];
    for (let i = 0; i < 50; i++) clientIds.push(await createClient());
    const responses = await Promise.all(
      clientIds.map((clientId) => bookByStaff(clientId, employee.id, service.id, '12:00')),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(6);
    const lost = responses.filter((r) => r.statusCode !== 201);
    expect(lost).toHaveLength(44);
    for (const response of lost) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual({ message: BOOKING_MESSAGES.classFull });
    }
    const live = await t.db
      .select()
      .from(appointments)
      .where(sql`${appointments.employeeId} = ${employee.id} and ${appointments.status} <> 'cancelled'`);
    expect(live).toHaveLength(6);
    expect(await seatsTaken(employee.id)).toEqual([{ seats: 6, taken: 6 }]);
  });
});

describe('the roster and cancelling a class', () => {
  it("lists the class time's clients with how each paid, saves attendance, and cancels the class for everyone", async () => {
    const service = await createService({ seats: 6 });
    const employee = await professional(service);
    // Two seats paid on the page, one with a pack session, one to pay at the class.
    expect((await payForSeat(employee.id, service.id, '11:00', 7)).statusCode).toBe(200);
    expect((await payForSeat(employee.id, service.id, '11:00', 8)).statusCode).toBe(200);
    const packClient = await createClient();
    const pack = await staff('POST', '/api/packs', {
      serviceId: service.id,
      name: 'Bono 5 clases',
      sessions: 5,
      priceAmount: 6000,
      validityDays: 90,
    });
    expect(pack.statusCode, pack.body).toBe(201);
    const sold = await staff('POST', `/api/clients/${packClient}/packs`, {
      packId: pack.json().id,
      method: 'cash',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const withPack = await staff('POST', '/api/appointments', {
      clientId: packClient,
      employeeId: employee.id,
      serviceId: service.id,
      date: MONDAY,
      timeSlot: '11:00',
      payment: 'pack',
    });
    expect(withPack.statusCode, withPack.body).toBe(201);
    const unpaid = await bookByStaff(await createClient(), employee.id, service.id, '11:00');
    expect(unpaid.statusCode, unpaid.body).toBe(201);
    // A one-to-one appointment has no roster.
    const other = await createService({ seats: null, durationMinutes: 30 });
    const soloEmployee = await professional(other);
    const solo = await bookByStaff(await createClient(), soloEmployee.id, other.id, '09:00');
    expect((await staff('GET', `/api/appointments/${solo.json().id}/roster`)).json()).toEqual({
      roster: null,
    });
    expect((await staff('POST', `/api/appointments/${solo.json().id}/cancel-class`)).statusCode).toBe(409);

    const seatId = unpaid.json().id as string;
    const roster = (await staff('GET', `/api/appointments/${seatId}/roster`)).json().roster;
    expect(roster).toMatchObject({ seats: 6, seatsTaken: 4 });
    expect(roster.entries.map((entry: { client: { name: string } }) => entry.client.name)).toEqual([
      'Visitante 7',
      'Visitante 8',
      expect.stringMatching(/^Alumna/),
      expect.stringMatching(/^Alumna/),
    ]);
    expect(
      roster.entries.map((entry: { payment: unknown; pack: unknown }) => [entry.payment, entry.pack]),
    ).toEqual([
      [{ amount: 1500, currency: 'eur', refunded: false }, null],
      [{ amount: 1500, currency: 'eur', refunded: false }, null],
      [null, { name: 'Bono 5 clases', returned: false }],
      [null, null],
    ]);

    // Attendance is each seat's status, saved.
    const attended = await staff('PATCH', `/api/appointments/${roster.entries[0].appointmentId}/status`, {
      status: 'completed',
    });
    expect(attended.statusCode, attended.body).toBe(200);
    const noShow = await staff('PATCH', `/api/appointments/${roster.entries[1].appointmentId}/status`, {
      status: 'no-show',
    });
    expect(noShow.statusCode, noShow.body).toBe(200);
    const marked = (await staff('GET', `/api/appointments/${seatId}/roster`)).json().roster;
    expect(marked.entries.map((entry: { status: string }) => entry.status)).toEqual([
      'completed',
      'no-show',
      'scheduled',
      'scheduled',
    ]);
    // Back to scheduled for the cancellation below: the class is called off before it starts.
    for (const entry of marked.entries.slice(0, 2))
      await staff('PATCH', `/api/appointments/${entry.appointmentId}/status`, { status: 'scheduled' });

    const cancelled = await staff('POST', `/api/appointments/${seatId}/cancel-class`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = cancelled.json().roster;
    expect(after.seatsTaken).toBe(0);
    expect(after.entries.map((entry: { status: string }) => entry.status)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    // Each payment refunded, the pack session back, every client told.
    expect(
      after.entries.map((entry: { payment: unknown; pack: unknown }) => [entry.payment, entry.pack]),
    ).toEqual([
      [{ amount: 1500, currency: 'eur', refunded: true }, null],
      [{ amount: 1500, currency: 'eur', refunded: true }, null],
      [null, { name: 'Bono 5 clases', returned: true }],
      [null, null],
    ]);
    const packs = (await staff('GET', `/api/clients/${packClient}/packs`)).json();
    expect(packs[0].sessionsLeft).toBe(5);
    for (const entry of after.entries) {
      const sent = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, entry.client.email));
      expect(sent.map((mail) => mail.subject).join(' | '), entry.client.email).toMatch(/cancel/i);
    }
    // The class time is open again, with all its seats.
    const open = await t.app.services.schedule.openTimes(
      employee,
      'Europe/Madrid',
      { from: MONDAY, to: MONDAY },
      {
        serviceId: service.id,
      },
    );
    expect(open[0]?.seatsLeft?.['11:00']).toBe(6);
  });
});

it("a seat is not moved out of its class: staff and the customer's link are told to cancel it instead", async () => {
  const service = await createService({ seats: 4 });
  const employee = await professional(service);
  const seat = await bookByStaff(await createClient(), employee.id, service.id, '09:00');
  expect(seat.statusCode, seat.body).toBe(201);
  const moved = await staff('POST', `/api/appointments/${seat.json().id}/reschedule`, {
    date: MONDAY,
    timeSlot: '12:00',
  });
  expect(moved.statusCode, moved.body).toBe(409);
  expect(moved.json()).toEqual({ message: APPOINTMENT_MESSAGES.seatCannotMove });
  const [row] = await t.db.select().from(appointments).where(eq(appointments.id, seat.json().id));
  const byLink = await t.app.inject({
    method: 'POST',
    url: `/api/booking/${row!.manageToken}/reschedule`,
    payload: { date: MONDAY, timeSlot: '12:00' },
  });
  expect(byLink.statusCode, byLink.body).toBe(409);
  expect(byLink.json()).toEqual({ message: APPOINTMENT_MESSAGES.seatCannotMove });
  // The customer's page offers no move of it, only the cancellation.
  const managed = (await t.app.inject({ url: `/api/booking/${row!.manageToken}` })).json();
  expect(managed).toMatchObject({ canCancel: true, canReschedule: false });
  // Another seat of the class stays booked when this customer cancels theirs: that seat only is freed.
  expect((await bookByStaff(await createClient(), employee.id, service.id, '09:00')).statusCode).toBe(201);
  expect(await seatsTaken(employee.id)).toEqual([{ seats: 4, taken: 2 }]);
  const cancelled = await t.app.inject({
    method: 'POST',
    url: `/api/booking/${row!.manageToken}/cancel`,
    payload: { refundExpected: 0 },
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  expect(await seatsTaken(employee.id)).toEqual([{ seats: 4, taken: 1 }]);
  const open = await t.app.services.schedule.openTimes(
    employee,
    'Europe/Madrid',
    { from: MONDAY, to: MONDAY },
    {
      serviceId: service.id,
    },
  );
  expect(open[0]?.seatsLeft?.['09:00']).toBe(3);
});

it('the database alone keeps the count: seats written in concurrent transactions without the calendar lock stop at the seats', async () => {
  const service = await createService({ seats: 3 });
  const employee = await professional(service);
  const startsAt = new Date('2026-11-24T09:00:00Z');
  const classTimeId = await appointmentWrites.classTimeFor(t.db, {
    employeeId: employee.id,
    serviceId: service.id,
    startsAt,
    seats: 3,
  });
  expect(classTimeId).not.toBeNull();
  const seat = (n: number) =>
    t.db.transaction(async (tx) =>
      insertAppointment(tx as unknown as typeof t.db, {
        employeeId: employee.id,
        serviceId: service.id,
        classTimeId,
        clientName: `Directa ${n}`,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3600_000),
        localDate: '2026-11-24',
        startTime: '10:00',
        endTime: '11:00',
      }),
    );
  const outcomes = await Promise.allSettled(Array.from({ length: 12 }, (_, n) => seat(n)));
  expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
  for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
    expect(isClassFull((outcome as PromiseRejectedResult).reason)).toBe(true);
  }
  expect(await seatsTaken(employee.id)).toEqual([{ seats: 3, taken: 3 }]);
  // Nor may a check be dodged downwards: the count never goes below zero or past the seats.
  await expect(
    t.db.execute(sql`update class_times set seats_taken = 4 where id = ${classTimeId}`),
  ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) });
});
