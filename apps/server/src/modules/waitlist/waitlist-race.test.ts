import { BOOKING_MESSAGES } from '@chatdesk/contract/schedule';
import type { Service } from '@chatdesk/contract/services';
import { WAITLIST_MESSAGES } from '@chatdesk/contract/waitlist';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertEmployee } from '../../../test/factories.ts';
import { appointments, classTimes, mailOutbox, waitlistEntries } from '../../db/schema.ts';

// Friday 20 November 2026, 11:00 in Madrid. On PostgreSQL (TEST_DATABASE_URL) these run truly at once.
const now = new Date('2026-11-20T10:00:00Z');
const MONDAY = '2026-11-23';
let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  ({ headers } = await t.signIn());
});
afterAll(() => t.close());

let serial = 0;
const staff = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const visit = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.90.${++serial % 250}.1` });

async function aClass(seats: number) {
  const service = (
    await staff('POST', '/api/services', {
      name: `Carrera ${++serial}`,
      durationMinutes: 60,
      priceAmount: 0,
      currency: 'eur',
      seats,
    })
  ).json() as Service;
  const employee = await insertEmployee(t.db, { availability: { monday: [['09:00', '13:00']] } as never });
  await staff('PUT', `/api/employees/${employee.id}/services`, { serviceIds: [service.id] });
  return { employeeId: employee.id, serviceId: service.id };
}

async function aClient() {
  const n = ++serial;
  return (
    await staff('POST', '/api/clients', {
      name: `Corredora ${n}`,
      phone: `+34 612 000 ${String(n).padStart(3, '0')}`,
      email: `corredora-${n}@example.com`,
    })
  ).json().id as string;
}

const bookSeat = async (slot: { employeeId: string; serviceId: string }) =>
  staff('POST', '/api/appointments', { clientId: await aClient(), ...slot, date: MONDAY, timeSlot: '10:00' });

/** The class time's count against what holds its seats: live seats and held offers, never past its seats. */
async function seatCount(employeeId: string) {
  const [row] = await t.db
    .execute(sql`
    select ct.seats, ct.seats_taken as taken,
           (select count(*)::int from appointments a where a.class_time_id = ct.id and a.status <> 'cancelled') as live,
           (select count(*)::int from waitlist_entries w where w.class_time_id = ct.id and w.status = 'offered') as held
      from class_times ct where ct.employee_id = ${employeeId}`)
    .then((result) => result.rows);
  const count = row as { seats: number; taken: number; live: number; held: number };
  expect(Number(count.taken)).toBe(Number(count.live) + Number(count.held));
  expect(Number(count.taken)).toBeLessThanOrEqual(Number(count.seats));
  return { seats: Number(count.seats), live: Number(count.live), held: Number(count.held) };
}

async function offerToken(email: string) {
  await t.app.services.waitlist.tellOffers();
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), sql`${mailOutbox.subject} like 'A place is free%'`))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return /\/waitlist\/([\w-]+)/.exec(mail!.text)![1]!;
}

const join = (slot: { employeeId: string; serviceId: string }, email: string) =>
  visit('/api/book/waitlist', { ...slot, date: MONDAY, timeSlot: '10:00', name: 'En cola', email });

it('one freed seat, held for the first in line: of her double confirms and 20 racing bookings, exactly one gets it', async () => {
  const slot = await aClass(4);
  const seats = [];
  for (let i = 0; i < 4; i++) seats.push((await bookSeat(slot)).json().id as string);
  const ana = `ana-${++serial}@example.com`;
  expect((await join(slot, ana)).statusCode).toBe(201);
  expect(
    (await staff('PATCH', `/api/appointments/${seats[0]}/status`, { status: 'cancelled' })).statusCode,
  ).toBe(200);
  const token = await offerToken(ana);
  expect(await seatCount(slot.employeeId)).toEqual({ seats: 4, live: 3, held: 1 });

  const clients = await Promise.all(Array.from({ length: 20 }, () => aClient()));
  const outcomes = await Promise.all([
    ...[1, 2, 3].map(() => visit(`/api/waitlist/${token}/confirm`, {})),
    ...clients.map((clientId) =>
      staff('POST', '/api/appointments', { clientId, ...slot, date: MONDAY, timeSlot: '10:00' }),
    ),
  ]);
  const confirms = outcomes.slice(0, 3);
  const bookings = outcomes.slice(3);
  // Every confirm answers the one booking; no racing booking took the held seat.
  for (const confirm of confirms) expect(confirm.json().status, confirm.body).toBe('booked');
  for (const booking of bookings) {
    expect(booking.statusCode, booking.body).toBe(409);
    expect(booking.json().message).toBe(BOOKING_MESSAGES.classFull);
  }
  expect(await t.db.select().from(appointments).where(eq(appointments.clientEmail, ana))).toHaveLength(1);
  expect(await seatCount(slot.employeeId)).toEqual({ seats: 4, live: 4, held: 0 });
});

it('seats freed at once go one to each in line, and a decline racing a confirm ends one way only', async () => {
  const slot = await aClass(3);
  const seats = [];
  for (let i = 0; i < 3; i++) seats.push((await bookSeat(slot)).json().id as string);
  const line = Array.from({ length: 5 }, () => `fila-${++serial}@example.com`);
  for (const email of line) expect((await join(slot, email)).statusCode).toBe(201);

  // Three seats cancelled at once (staff and customers on any instance): three offers, to the first three.
  const cancels = await Promise.all(
    seats.map((id) => staff('PATCH', `/api/appointments/${id}/status`, { status: 'cancelled' })),
  );
  for (const cancel of cancels) expect(cancel.statusCode, cancel.body).toBe(200);
  const statuses = async () =>
    (
      await t.db
        .select({ email: waitlistEntries.email, status: waitlistEntries.status })
        .from(waitlistEntries)
        .innerJoin(classTimes, eq(classTimes.id, waitlistEntries.classTimeId))
        .where(eq(classTimes.employeeId, slot.employeeId))
        .orderBy(waitlistEntries.seq)
    ).map((row) => row.status);
  expect(await statuses()).toEqual(['offered', 'offered', 'offered', 'waiting', 'waiting']);
  expect(await seatCount(slot.employeeId)).toEqual({ seats: 3, live: 0, held: 3 });

  // The first in line confirms and declines at once (two tabs): one of them wins, never both.
  const token = await offerToken(line[0]!);
  const [confirmed, declined] = await Promise.all([
    visit(`/api/waitlist/${token}/confirm`, {}),
    visit(`/api/waitlist/${token}/decline`, {}),
  ]);
  const booked = confirmed.statusCode === 200;
  expect(booked ? declined.statusCode : confirmed.statusCode).toBe(409);
  const loser = booked ? declined : confirmed;
  expect(loser.json().message).toBe(WAITLIST_MESSAGES.offerGone);
  expect(await seatCount(slot.employeeId)).toEqual({ seats: 3, live: booked ? 1 : 0, held: booked ? 2 : 3 });
  expect((await statuses()).slice(0, 4)).toEqual(
    booked ? ['booked', 'offered', 'offered', 'waiting'] : ['declined', 'offered', 'offered', 'offered'],
  );
});

it('a seat cancelled while others race to book it goes to the one waiting, never to a racer', async () => {
  const slot = await aClass(2);
  const seats = [];
  for (let i = 0; i < 2; i++) seats.push((await bookSeat(slot)).json().id as string);
  const ana = `ana-${++serial}@example.com`;
  expect((await join(slot, ana)).statusCode).toBe(201);
  const clients = await Promise.all(Array.from({ length: 12 }, () => aClient()));
  const [cancel, ...bookings] = await Promise.all([
    staff('PATCH', `/api/appointments/${seats[0]}/status`, { status: 'cancelled' }),
    ...clients.map((clientId) =>
      staff('POST', '/api/appointments', { clientId, ...slot, date: MONDAY, timeSlot: '10:00' }),
    ),
  ]);
  expect(cancel!.statusCode, cancel!.body).toBe(200);
  // Before the cancel the class was full; from its commit on, the seat was Ana's.
  for (const booking of bookings)
    expect(booking.json().message, booking.body).toBe(BOOKING_MESSAGES.classFull);
  expect(await seatCount(slot.employeeId)).toEqual({ seats: 2, live: 1, held: 1 });
  const [entry] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, ana));
  expect(entry!.status).toBe('offered');
});
