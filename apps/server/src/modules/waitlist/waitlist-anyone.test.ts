import { APPOINTMENT_MESSAGES } from '@chatdesk/contract/appointments';
import { WAITLIST_MESSAGES } from '@chatdesk/contract/waitlist';
import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema.ts';
import { MONDAY, START, waitlistFixture } from './waitlist-fixture.ts';

// The waitlist of a time taken with every professional of a service, joined with 'anyone
// available' (decision 026's addendum). The clock starts on Friday 20 November 2026, 11:00 in
// Madrid (the test app's zone); the times waited for are on Monday the 23rd.
const w = waitlistFixture(130);
const {
  clock,
  next,
  staff,
  visit,
  aTeam,
  book,
  join,
  joinAnyone,
  cancelByLink,
  entryOf,
  appointmentsOf,
  offerToken,
  waitlistOf,
  fullTimesAnyone,
  openOnMonday,
} = w;

/** Rows holding time for an offer, of this professional. */
const heldRows = (employeeId: string) =>
  w.t.db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.employeeId, employeeId), isNotNull(appointments.heldFrom)));

describe("joining a time with 'anyone available'", () => {
  it('is refused while any professional of the service has it free, taken once every one of them has it booked; once per email', async () => {
    clock.now = START;
    const { service, team } = await aTeam(2);
    const [ana, bea] = team;
    const who = { name: 'Ana Cualquiera', email: `ana-${next()}@example.com` };
    const taken = await book(ana!.slot);
    // Booked with Ana, still free with Bea: book it instead.
    expect(await fullTimesAnyone(service.id)).toEqual([]);
    let refused = await joinAnyone(service.id, who);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({ message: WAITLIST_MESSAGES.timeFree });

    const alsoTaken = await book(bea!.slot);
    expect(await fullTimesAnyone(service.id)).toEqual([{ date: MONDAY, timeSlot: '10:00' }]);
    const joined = await joinAnyone(service.id, who);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toEqual({ position: 1, message: WAITLIST_MESSAGES.joined });
    const again = await joinAnyone(service.id, { ...who, email: who.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: WAITLIST_MESSAGES.alreadyJoined });
    // One place in line per email and time, whichever line: not also in Ana's, nor Bea's line then with anyone.
    const alsoAnas = await join(ana!.slot, who);
    expect(alsoAnas.statusCode, alsoAnas.body).toBe(409);
    expect(alsoAnas.json()).toEqual({ message: WAITLIST_MESSAGES.alreadyJoined });
    const inBeas = { name: 'Bea Espera', email: `bea-${next()}@example.com` };
    expect((await join(bea!.slot, inBeas)).statusCode).toBe(201);
    const alsoAnyone = await joinAnyone(service.id, inBeas);
    expect(alsoAnyone.statusCode, alsoAnyone.body).toBe(409);
    expect(alsoAnyone.json()).toEqual({ message: WAITLIST_MESSAGES.alreadyJoined });
    // No professional until it is offered; its link says it waits with anyone.
    const entry = await entryOf(who.email);
    expect(entry).toMatchObject({ status: 'waiting', employeeId: null, anyProfessional: true });
    const place = await visit('GET', `/api/waitlist/${entry.token}`);
    expect(place.statusCode, place.body).toBe(200);
    expect(place.json()).toMatchObject({ status: 'waiting', employeeName: 'anyone available' });
    // Both professionals' appointment pages show her in their time's line.
    expect((await waitlistOf(taken.id)).map((e) => [e.name, e.status])).toEqual([
      ['Ana Cualquiera', 'waiting'],
    ]);
    expect((await waitlistOf(alsoTaken.id)).map((e) => [e.name, e.status])).toEqual([
      ['Ana Cualquiera', 'waiting'],
      ['Bea Espera', 'waiting'],
    ]);

    // Outside their hours nobody has the time: not one of theirs.
    refused = await joinAnyone(service.id, who, '08:00');
    expect(refused.json()).toEqual({ message: WAITLIST_MESSAGES.notATime });
    clock.now = new Date('2026-11-23T09:30:00Z');
    refused = await joinAnyone(service.id, { name: 'Tarde', email: `tarde-${next()}@example.com` });
    expect(refused.json()).toEqual({ message: WAITLIST_MESSAGES.past });
    clock.now = START;
  });
});

describe('a time someone is paying for with one professional, taken with the others', () => {
  it('has no line with anyone while the slot hold lasts; once it lapses the time is free to book with them', async () => {
    clock.now = START;
    const { service, team } = await aTeam(2, 2500);
    const [ana, bea] = team;
    await book(ana!.slot);
    const paying = await visit('POST', '/api/payments/intent', {
      ...bea!.slot,
      date: MONDAY,
      timeSlot: '10:00',
    });
    expect(paying.statusCode, paying.body).toBe(200);
    const who = { name: 'Ines Prisa', email: `ines-${next()}@example.com` };
    const refused = await joinAnyone(service.id, who);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({ message: WAITLIST_MESSAGES.notATime });
    // Unpaid after its 10 minutes: Bea's 10:00 is open, and nobody was left in line for it.
    clock.now = new Date(START.getTime() + 11 * 60_000);
    expect((await joinAnyone(service.id, who)).json()).toEqual({ message: WAITLIST_MESSAGES.timeFree });
    expect(await openOnMonday(bea!.employee, service.id)).toContain('10:00');
    clock.now = START;
  });
});

describe("a time freed with one professional, and a line that waits with 'anyone available'", () => {
  it('is offered to the one waiting with anyone, held on the freed row with that professional fixed, and booked with them', async () => {
    clock.now = START;
    const { service, team } = await aTeam(2);
    const [ana, bea] = team;
    await book(ana!.slot);
    const beas = await book(bea!.slot);
    const who = { name: 'Carla Cualquiera', email: `carla-${next()}@example.com` };
    expect((await joinAnyone(service.id, who)).statusCode).toBe(201);

    expect((await cancelByLink(beas.manageToken)).statusCode).toBe(200);
    expect(await entryOf(who.email)).toMatchObject({
      status: 'offered',
      employeeId: bea!.employee.id,
      holderId: beas.id,
    });
    expect(await heldRows(bea!.employee.id)).toEqual([{ id: beas.id }]);
    expect(await openOnMonday(bea!.employee, service.id)).not.toContain('10:00');

    const token = await offerToken(who.email);
    const offer = await visit('GET', `/api/waitlist/${token}`);
    expect(offer.json()).toMatchObject({
      status: 'offered',
      employeeName: bea!.employee.name,
      startTime: '10:00',
    });
    const confirmed = await visit('POST', `/api/waitlist/${token}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().status).toBe('booked');
    const [mine] = await appointmentsOf(who.email);
    expect(mine).toMatchObject({ status: 'scheduled', employeeId: bea!.employee.id, startTime: '10:00' });
    expect(await heldRows(bea!.employee.id)).toEqual([]);
  });

  it('offers each freed time to the first in line for it by join order, across both kinds of line', async () => {
    clock.now = START;
    const { service, team } = await aTeam(2);
    const [ana, bea] = team;
    const anas = await book(ana!.slot);
    const beas = await book(bea!.slot);
    // Joined in this order: Dora with anyone, Eva for Ana, Flor with anyone.
    const dora = { name: 'Dora', email: `dora-${next()}@example.com` };
    const eva = { name: 'Eva', email: `eva-${next()}@example.com` };
    const flor = { name: 'Flor', email: `flor-${next()}@example.com` };
    expect((await joinAnyone(service.id, dora)).json().position).toBe(1);
    expect((await join(ana!.slot, eva)).json().position).toBe(2);
    expect((await joinAnyone(service.id, flor)).json().position).toBe(3);
    const status = async () =>
      Promise.all([dora, eva, flor].map(async (who) => (await entryOf(who.email)).status));
    expect((await waitlistOf(anas.id)).map((e) => e.name)).toEqual(['Dora', 'Eva', 'Flor']);
    expect((await waitlistOf(beas.id)).map((e) => e.name)).toEqual(['Dora', 'Flor']);

    // Ana's 10:00 freed: Dora joined first.
    await staff('PATCH', `/api/appointments/${anas.id}/status`, { status: 'cancelled' });
    expect(await status()).toEqual(['offered', 'waiting', 'waiting']);
    expect((await entryOf(dora.email)).employeeId).toBe(ana!.employee.id);
    // She lets it go: the next for Ana's time is Eva (before Flor), not Flor.
    const declined = await visit('POST', `/api/waitlist/${await offerToken(dora.email)}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await status()).toEqual(['declined', 'offered', 'waiting']);
    expect(await entryOf(eva.email)).toMatchObject({ employeeId: ana!.employee.id, holderId: anas.id });
    // Bea's 10:00 freed: Eva is offered Ana's, so Flor, with anyone, gets Bea's.
    await staff('PATCH', `/api/appointments/${beas.id}/status`, { status: 'cancelled' });
    expect(await status()).toEqual(['declined', 'offered', 'offered']);
    expect(await entryOf(flor.email)).toMatchObject({ employeeId: bea!.employee.id, holderId: beas.id });
  });
});

describe("staff deleting a booking whose time someone waits for with 'anyone available'", () => {
  it('is refused while they wait, for each professional of the service; once they have left the line it deletes', async () => {
    clock.now = START;
    const { service, team } = await aTeam(2);
    const bookings = [await book(team[0]!.slot), await book(team[1]!.slot)];
    const who = { name: 'Gala', email: `gala-${next()}@example.com` };
    expect((await joinAnyone(service.id, who)).statusCode).toBe(201);
    for (const booking of bookings) {
      const refused = await staff('DELETE', `/api/appointments/${booking.id}`);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual({ message: APPOINTMENT_MESSAGES.waitedForNotDeleted });
    }
    const left = await visit('POST', `/api/waitlist/${(await entryOf(who.email)).token}/decline`);
    expect(left.statusCode, left.body).toBe(200);
    for (const booking of bookings) {
      const deleted = await staff('DELETE', `/api/appointments/${booking.id}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
    }
    expect(await openOnMonday(team[0]!.employee, service.id)).toContain('10:00');
  });
});
