import { BOOKING_MESSAGES } from '@chatdesk/contract/schedule';
import { WAITLIST_MESSAGES } from '@chatdesk/contract/waitlist';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { classTimes, waitlistEntries } from '../../db/schema.ts';
import { MONDAY, waitlistFixture } from './waitlist-fixture.ts';

// A full class time's waitlist under races (decision 026), on Friday 20 November 2026, 11:00 in
// Madrid. On PostgreSQL (TEST_DATABASE_URL) these run truly at once.
const w = waitlistFixture(90);
const { next, staff, visit, aClass, aClient, bookAt, appointmentsOf, offerToken } = w;

const join = (slot: { employeeId: string; serviceId: string }, email: string) =>
  w.join(slot, { name: 'En cola', email });

/** The class time's count against what holds its seats: live seats and held offers, never past its seats. */
async function seatCount(employeeId: string) {
  const [row] = await w.t.db
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

it('one freed seat, held for the first in line: of her double confirms and 20 racing bookings, exactly one gets it', async () => {
  const { slot } = await aClass(4, 0);
  const seats = [];
  for (let i = 0; i < 4; i++) seats.push((await bookAt(slot)).json().id as string);
  const ana = `ana-${next()}@example.com`;
  expect((await join(slot, ana)).statusCode).toBe(201);
  expect(
    (await staff('PATCH', `/api/appointments/${seats[0]}/status`, { status: 'cancelled' })).statusCode,
  ).toBe(200);
  const token = await offerToken(ana);
  expect(await seatCount(slot.employeeId)).toEqual({ seats: 4, live: 3, held: 1 });

  const clients = await Promise.all(Array.from({ length: 20 }, () => aClient()));
  const outcomes = await Promise.all([
    ...[1, 2, 3].map(() => visit('POST', `/api/waitlist/${token}/confirm`, {})),
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
  expect(await appointmentsOf(ana)).toHaveLength(1);
  expect(await seatCount(slot.employeeId)).toEqual({ seats: 4, live: 4, held: 0 });
});

it('seats freed at once go one to each in line, and a decline racing a confirm ends one way only', async () => {
  const { slot } = await aClass(3, 0);
  const seats = [];
  for (let i = 0; i < 3; i++) seats.push((await bookAt(slot)).json().id as string);
  const line = Array.from({ length: 5 }, () => `fila-${next()}@example.com`);
  for (const email of line) expect((await join(slot, email)).statusCode).toBe(201);

  // Three seats cancelled at once (staff and customers on any instance): three offers, to the first three.
  const cancels = await Promise.all(
    seats.map((id) => staff('PATCH', `/api/appointments/${id}/status`, { status: 'cancelled' })),
  );
  for (const cancel of cancels) expect(cancel.statusCode, cancel.body).toBe(200);
  const statuses = async () =>
    (
      await w.t.db
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
    visit('POST', `/api/waitlist/${token}/confirm`, {}),
    visit('POST', `/api/waitlist/${token}/decline`, {}),
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
  const { slot } = await aClass(2, 0);
  const seats = [];
  for (let i = 0; i < 2; i++) seats.push((await bookAt(slot)).json().id as string);
  const ana = `ana-${next()}@example.com`;
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
  const [entry] = await w.t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, ana));
  expect(entry!.status).toBe('offered');
});
