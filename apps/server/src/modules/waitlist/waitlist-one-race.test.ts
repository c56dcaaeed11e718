import { APPOINTMENT_MESSAGES } from '@chatdesk/contract/appointments';
import { WAITLIST_MESSAGES } from '@chatdesk/contract/waitlist';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { appointments, waitlistEntries } from '../../db/schema.ts';
import { MONDAY, waitlistFixture } from './waitlist-fixture.ts';

// A freed one-to-one time held for the first in line (decision 026's addendum), on Friday 20
// November 2026, 11:00 in Madrid. On PostgreSQL (TEST_DATABASE_URL) these run truly at once.
const w = waitlistFixture(95);
const { next, staff, visit, aTrainer, aClient, bookAt, join, offerToken } = w;

/** Live appointments of the professional whose time touches 10:00–11:00 (Madrid), and rows holding it. */
async function atTen(employeeId: string) {
  const live = await w.t.db
    .select({ email: appointments.clientEmail })
    .from(appointments)
    .where(
      and(
        eq(appointments.employeeId, employeeId),
        sql`${appointments.status} <> 'cancelled'`,
        sql`tstzrange(${appointments.blockedFrom}, ${appointments.blockedUntil}) && tstzrange('2026-11-23T09:00:00Z', '2026-11-23T10:00:00Z')`,
      ),
    );
  const held = await w.t.db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.employeeId, employeeId), isNotNull(appointments.heldFrom)));
  return { live: live.map((row) => row.email), held: held.length };
}

it('a freed one-to-one time, held for the first in line: of her double confirms and 20 racing bookings, exactly one gets it', async () => {
  const { slot } = await aTrainer();
  const taken = (await bookAt(slot, '10:00')).json().id as string;
  const ana = `ana-${next()}@example.com`;
  expect((await join(slot, { name: 'Ana', email: ana })).statusCode).toBe(201);
  expect(
    (await staff('PATCH', `/api/appointments/${taken}/status`, { status: 'cancelled' })).statusCode,
  ).toBe(200);
  const token = await offerToken(ana);
  expect(await atTen(slot.employeeId)).toEqual({ live: [], held: 1 });

  const clients = await Promise.all(Array.from({ length: 20 }, () => aClient()));
  const outcomes = await Promise.all([
    ...[1, 2, 3].map(() => visit('POST', `/api/waitlist/${token}/confirm`, {})),
    // At the held start, and overlapping it from either side.
    ...clients.map((clientId, i) =>
      staff('POST', '/api/appointments', {
        clientId,
        ...slot,
        date: MONDAY,
        timeSlot: ['10:00', '09:30', '10:30'][i % 3],
      }),
    ),
  ]);
  for (const confirm of outcomes.slice(0, 3)) expect(confirm.json().status, confirm.body).toBe('booked');
  for (const booking of outcomes.slice(3)) expect(booking.statusCode, booking.body).toBe(409);
  expect(await atTen(slot.employeeId)).toEqual({ live: [ana], held: 0 });
});

it('a time cancelled while others race to book it goes to the one waiting, never to a racer', async () => {
  const { slot } = await aTrainer();
  const taken = (await bookAt(slot, '10:00')).json().id as string;
  const ana = `ana-${next()}@example.com`;
  expect((await join(slot, { name: 'Ana', email: ana })).statusCode).toBe(201);
  const clients = await Promise.all(Array.from({ length: 12 }, () => aClient()));
  const [cancel, ...bookings] = await Promise.all([
    staff('PATCH', `/api/appointments/${taken}/status`, { status: 'cancelled' }),
    ...clients.map((clientId) =>
      staff('POST', '/api/appointments', { clientId, ...slot, date: MONDAY, timeSlot: '10:00' }),
    ),
  ]);
  expect(cancel!.statusCode, cancel!.body).toBe(200);
  // Before the cancel the time was booked; from its commit on, it was held for Ana.
  for (const booking of bookings) expect(booking.statusCode, booking.body).toBe(409);
  expect(await atTen(slot.employeeId)).toEqual({ live: [], held: 1 });
  const [entry] = await w.t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, ana));
  expect(entry!.status).toBe('offered');
});

it('a customer joining while the booking is cancelled is never left waiting for a free time', async () => {
  // Fifteen rounds of a join racing the cancel of the only booking at its time: the join either
  // lands before the cancel's commit (offered by it), or after it (refused: the time is free), or
  // during it (offered by the join itself, on the cancelled row). Never in line for a free time.
  for (let round = 0; round < 15; round++) {
    const { slot } = await aTrainer();
    const taken = (await bookAt(slot, '10:00')).json().id as string;
    const email = `carrera-${next()}@example.com`;
    const [cancel, joined] = await Promise.all([
      staff('PATCH', `/api/appointments/${taken}/status`, { status: 'cancelled' }),
      join(slot, { name: 'Carrera', email }),
    ]);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [entry] = await w.t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, email));
    if (joined.statusCode === 201) {
      expect(entry!.status).toBe('offered');
      expect(await atTen(slot.employeeId)).toEqual({ live: [], held: 1 });
    } else {
      expect(joined.statusCode, joined.body).toBe(409);
      expect(entry).toBeUndefined();
      expect(await atTen(slot.employeeId)).toEqual({ live: [], held: 0 });
    }
  }
});

it('a customer joining while staff delete the booking is either in line with the booking kept, or refused with the time free', async () => {
  // Fifteen rounds of a join racing staff's delete of the only booking at its time: the join that
  // commits first keeps the booking (the delete is refused: cancel it instead, which offers it);
  // the delete that commits first leaves the time free, and the join is told to book it.
  for (let round = 0; round < 15; round++) {
    const { slot } = await aTrainer();
    const taken = (await bookAt(slot, '10:00')).json().id as string;
    const email = `borrado-${next()}@example.com`;
    const [deleted, joined] = await Promise.all([
      staff('DELETE', `/api/appointments/${taken}`),
      join(slot, { name: 'Borrado', email }),
    ]);
    const [entry] = await w.t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, email));
    const kept = await w.t.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.id, taken));
    if (joined.statusCode === 201) {
      expect(deleted.statusCode, deleted.body).toBe(409);
      expect(deleted.json()).toEqual({ message: APPOINTMENT_MESSAGES.waitedForNotDeleted });
      expect(entry!.status).toBe('waiting');
      expect(kept).toHaveLength(1);
    } else {
      expect(joined.json(), joined.body).toEqual({ message: WAITLIST_MESSAGES.timeFree });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(entry).toBeUndefined();
      expect(kept).toEqual([]);
    }
  }
});
