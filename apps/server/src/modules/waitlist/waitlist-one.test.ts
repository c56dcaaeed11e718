import { APPOINTMENT_MESSAGES } from '@chatdesk/contract/appointments';
import { WAITLIST_MESSAGES } from '@chatdesk/contract/waitlist';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments, clientPacks, payments, waitlistEntries } from '../../db/schema.ts';
import { MONDAY, START, waitlistFixture } from './waitlist-fixture.ts';

// The waitlist of a taken one-to-one time (decision 026's addendum). The clock starts on Friday 20
// November 2026, 11:00 in Madrid (the test app's zone); the times waited for are on Monday the 23rd.
const w = waitlistFixture(110);
const {
  clock,
  next,
  staff,
  visit,
  aTrainer,
  aClient,
  bookAt,
  book,
  join,
  cancelByLink,
  entryOf,
  appointmentsOf,
  offerToken,
  openPayment,
  payCard,
  refundNotices,
  sellPack,
  packCode,
  waitlistOf,
  fullTimes,
  openOnMonday,
  openTimesOnMonday,
} = w;

/** The line on an appointment's page: place, name and status of each. */
const lineOf = async (appointmentId: string) =>
  (await waitlistOf(appointmentId)).map((e) => [e.position, e.name, e.status]);

/** Rows holding time for an offer, of this professional. */
const heldRows = (employeeId: string) =>
  w.t.db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.employeeId, employeeId), isNotNull(appointments.heldFrom)));

describe('joining a taken one-to-one time', () => {
  it('is for a taken time of theirs only, once per email, not a free, past or outside time; staff see the line', async () => {
    clock.now = START;
    const { slot, employee } = await aTrainer();
    const ana = { name: 'Ana Espera', email: `ana-${next()}@example.com` };
    let refused = await join(slot, ana);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({ message: WAITLIST_MESSAGES.timeFree });
    const taken = await book(slot);
    expect(await openOnMonday(employee, slot.serviceId)).not.toContain('10:00');
    // The booking page is told which times are taken (and would be open to this service without their booking).
    expect(await fullTimes(slot)).toEqual([{ date: MONDAY, timeSlot: '10:00' }]);

    const joined = await join(slot, ana);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toEqual({ position: 1, message: WAITLIST_MESSAGES.joined });
    const again = await join(slot, { ...ana, email: ana.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: WAITLIST_MESSAGES.alreadyJoined });
    expect((await join(slot, { name: 'Bea', email: `bea-${next()}@example.com` })).json().position).toBe(2);
    expect(await lineOf(taken.id)).toEqual([
      [1, 'Ana Espera', 'waiting'],
      [2, 'Bea', 'waiting'],
    ]);

    // Outside their hours (no booking there either) and off the service's times: not one of theirs.
    refused = await join(slot, ana, '08:00');
    expect(refused.json()).toEqual({ message: WAITLIST_MESSAGES.notATime });
    const other = await bookAt(slot, '12:00');
    expect(other.statusCode).toBe(201);
    refused = await join(slot, ana, '12:20');
    expect(refused.json()).toEqual({ message: WAITLIST_MESSAGES.notATime });
    clock.now = new Date('2026-11-23T09:30:00Z');
    refused = await join(slot, { name: 'Tarde', email: `tarde-${next()}@example.com` });
    expect(refused.json()).toEqual({ message: WAITLIST_MESSAGES.past });
    clock.now = START;
  });
});

describe('a time someone is paying for', () => {
  it('has no line while its slot hold lasts (not listed, joining refused), and once the hold lapses it is free to book', async () => {
    clock.now = START;
    const { slot } = await aTrainer(2500);
    const paying = await visit('POST', '/api/payments/intent', { ...slot, date: MONDAY, timeSlot: '10:00' });
    expect(paying.statusCode, paying.body).toBe(200);
    expect(await fullTimes(slot)).toEqual([]);
    const who = { name: 'Ana Prisa', email: `ana-${next()}@example.com` };
    const refused = await join(slot, who);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({ message: WAITLIST_MESSAGES.notATime });
    // Unpaid after its 10 minutes: nobody was left in line for it, and it is booked as any free time.
    clock.now = new Date(START.getTime() + 11 * 60_000);
    expect((await join(slot, who)).json()).toEqual({ message: WAITLIST_MESSAGES.timeFree });
    expect(await w.t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, who.email))).toEqual(
      [],
    );
    expect((await bookAt(slot)).statusCode).toBe(201);
    clock.now = START;
  });
});

describe('a freed one-to-one time', () => {
  it('cancelled on its link is held for the first in line: taken for everybody else and not open, then booked free within the hold', async () => {
    clock.now = START;
    const { slot, employee, service } = await aTrainer();
    const taken = await book(slot);
    const ana = { name: 'Ana Libre', email: `ana-${next()}@example.com` };
    expect((await join(slot, ana)).statusCode).toBe(201);

    expect((await cancelByLink(taken.manageToken)).statusCode).toBe(200);
    const entry = await entryOf(ana.email);
    expect(entry.status).toBe('offered');
    expect(entry.holderId).toBe(taken.id);
    // Held: not open on the page, nor to the assistant's open times, and no booking path gets it.
    expect(await openOnMonday(employee, slot.serviceId)).not.toContain('10:00');
    const open = (await openTimesOnMonday(employee, service.id))?.times ?? [];
    expect(open).not.toContain('10:00');
    expect(open).not.toContain('10:30');
    expect((await bookAt(slot)).statusCode).toBe(409);
    expect((await bookAt(slot, '09:30')).statusCode).toBe(409);
    const free = await visit('POST', '/api/schedule/book-free', {
      employeeId: employee.id,
      serviceId: service.id,
      date: MONDAY,
      timeSlot: '10:00',
      clientInfo: { name: 'Intrusa', email: `intrusa-${next()}@example.com`, phone: '+34 600 000 001' },
    });
    expect(free.statusCode, free.body).toBe(409);
    // Still shown as taken, with its waitlist; staff cannot reopen the cancelled booking over it.
    expect(await fullTimes(slot)).toEqual([{ date: MONDAY, timeSlot: '10:00' }]);
    const reopened = await staff('PATCH', `/api/appointments/${taken.id}/status`, {
      status: 'scheduled',
      reopen: true,
    });
    expect(reopened.statusCode, reopened.body).toBe(409);
    const deleted = await staff('DELETE', `/api/appointments/${taken.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toEqual({ message: APPOINTMENT_MESSAGES.heldNotDeleted });

    const token = await offerToken(ana.email);
    const offer = await visit('GET', `/api/waitlist/${token}`);
    expect(offer.json()).toMatchObject({
      status: 'offered',
      date: MONDAY,
      startTime: '10:00',
      holdUntil: new Date(START.getTime() + 30 * 60_000).toISOString(),
      priceAmount: 0,
    });
    clock.now = new Date(START.getTime() + 29 * 60_000);
    const confirmed = await visit('POST', `/api/waitlist/${token}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: 'booked',
      manageUrl: expect.stringContaining('/booking/'),
    });
    const [mine] = await appointmentsOf(ana.email);
    expect(mine).toMatchObject({ status: 'scheduled', classTimeId: null, startTime: '10:00' });
    expect(await heldRows(employee.id)).toEqual([]);
    // The new booking's page shows the line it came from.
    expect(await lineOf(mine!.id)).toEqual([[1, 'Ana Libre', 'booked']]);
    clock.now = START;
  });

  it('staff cancel, a move away and a paid offer: paid within the hold books; paid after it, refunded', async () => {
    clock.now = START;
    const { slot, employee } = await aTrainer(2500);
    const at10 = await book(slot, '10:00');
    const at12 = await book(slot, '12:00');
    const ana = { name: 'Ana Paga', email: `ana-${next()}@example.com` };
    const bea = { name: 'Bea Tarde', email: `bea-${next()}@example.com` };
    expect((await join(slot, ana, '10:00')).statusCode).toBe(201);
    expect((await join(slot, bea, '12:00')).statusCode).toBe(201);

    // Staff cancel 10:00; 12:00's customer moves it on their link to 09:00.
    expect(
      (await staff('PATCH', `/api/appointments/${at10.id}/status`, { status: 'cancelled' })).statusCode,
    ).toBe(200);
    expect((await entryOf(ana.email)).status).toBe('offered');
    const moved = await visit('POST', `/api/booking/${at12.manageToken}/reschedule`, {
      date: MONDAY,
      timeSlot: '09:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await entryOf(bea.email)).status).toBe('offered');
    expect((await entryOf(bea.email)).holderId).toBe(at12.id);
    expect((await bookAt(slot, '12:00')).statusCode).toBe(409);

    const anaToken = await offerToken(ana.email);
    const beaToken = await offerToken(bea.email);
    expect((await visit('POST', `/api/waitlist/${anaToken}/confirm`, {})).json()).toEqual({
      message: WAITLIST_MESSAGES.notFree,
    });
    const anaIntent = await openPayment(anaToken);
    expect(anaIntent.amount).toBe(2500);
    await payCard(anaIntent.clientSecret);
    const confirmed = await visit('POST', `/api/waitlist/${anaToken}/confirm`, {
      paymentIntentId: anaIntent.paymentIntentId,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().status).toBe('booked');
    const [paid] = await w.t.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, anaIntent.paymentIntentId));
    expect(paid).toMatchObject({ amount: 2500, status: 'completed' });

    // Bea opens her payment inside the hold and pays after it ran out: nobody left, the time is free.
    const beaIntent = await openPayment(beaToken);
    expect(beaIntent.amount).toBe(2500);
    clock.now = new Date(START.getTime() + 31 * 60_000);
    expect(await w.t.app.schedules.runOnce()).toEqual([]);
    expect((await entryOf(bea.email)).status).toBe('expired');
    expect(await heldRows(employee.id)).toEqual([]);
    expect(await openOnMonday(employee, slot.serviceId)).toContain('12:00');
    await payCard(beaIntent.clientSecret);
    const late = await visit('POST', `/api/waitlist/${beaToken}/confirm`, {
      paymentIntentId: beaIntent.paymentIntentId,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: WAITLIST_MESSAGES.offerGoneRefunded });
    expect(await refundNotices()).toContain(beaIntent.paymentIntentId);
    expect(await appointmentsOf(bea.email)).toEqual([]);
    clock.now = START;
  });

  it('is taken with a pack session after the emailed code', async () => {
    clock.now = START;
    const { slot, service } = await aTrainer(3000);
    const taken = await book(slot);
    const email = `bono-${next()}@example.com`;
    const clientId = await aClient(email);
    const sold = await sellPack(service.id, clientId, 12000);
    await join(slot, { name: 'Cliente Bono', email });
    await cancelByLink(taken.manageToken);
    const token = await offerToken(email);
    const confirmed = await visit('POST', `/api/waitlist/${token}/confirm`, {
      packToken: await packCode(email),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().status).toBe('booked');
    const [balance] = await w.t.db.select().from(clientPacks).where(eq(clientPacks.id, sold.id));
    expect(balance!.sessionsLeft).toBe(4);
  });

  it('passes to the next when declined or when the hold runs out (the job), and is free again with nobody left', async () => {
    clock.now = START;
    const { slot, employee } = await aTrainer();
    const taken = await book(slot);
    const line = ['Ana', 'Bea', 'Carla'].map((name) => ({ name, email: `${name}-${next()}@example.com` }));
    for (const who of line) expect((await join(slot, who)).statusCode).toBe(201);
    await cancelByLink(taken.manageToken);
    const status = async () => Promise.all(line.map(async (who) => (await entryOf(who.email)).status));
    expect(await status()).toEqual(['offered', 'waiting', 'waiting']);

    const anaToken = await offerToken(line[0]!.email);
    const declined = await visit('POST', `/api/waitlist/${anaToken}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await status()).toEqual(['declined', 'offered', 'waiting']);
    expect((await visit('POST', `/api/waitlist/${anaToken}/confirm`, {})).json()).toEqual({
      message: WAITLIST_MESSAGES.offerGone,
    });
    await offerToken(line[1]!.email);
    expect(await openOnMonday(employee, slot.serviceId)).not.toContain('10:00');

    // Bea lets the hold run out: the job passes it to Carla, whose hold starts when she is told.
    clock.now = new Date(START.getTime() + 30 * 60_000);
    expect(await w.t.app.schedules.runOnce()).toEqual([]);
    expect(await status()).toEqual(['declined', 'expired', 'offered']);
    expect((await entryOf(line[2]!.email)).holdUntil).toEqual(new Date(clock.now.getTime() + 30 * 60_000));
    expect(await heldRows(employee.id)).toHaveLength(1);

    const carlaToken = await offerToken(line[2]!.email);
    expect((await visit('POST', `/api/waitlist/${carlaToken}/decline`)).statusCode).toBe(200);
    // Nobody left: the time is free for anyone, and its line is over.
    expect(await heldRows(employee.id)).toEqual([]);
    expect(await openOnMonday(employee, slot.serviceId)).toContain('10:00');
    expect(await fullTimes(slot)).toEqual([]);
    expect((await bookAt(slot)).statusCode).toBe(201);
    clock.now = START;
  });
});

describe('staff deleting a booking whose time has a waitlist', () => {
  it('is refused while someone waits, and cancelling it (as the refusal says) offers the time; with nobody waiting it deletes as before', async () => {
    clock.now = START;
    const { slot, employee } = await aTrainer();
    const taken = await book(slot, '10:00');
    const ana = { name: 'Ana Espera', email: `ana-${next()}@example.com` };
    expect((await join(slot, ana)).statusCode).toBe(201);
    // Deleted, its time would be free with no row to hold it for Ana, who would never hear of it.
    const refused = await staff('DELETE', `/api/appointments/${taken.id}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({ message: APPOINTMENT_MESSAGES.waitedForNotDeleted });
    expect(await w.t.db.select().from(appointments).where(eq(appointments.id, taken.id))).toHaveLength(1);
    expect((await entryOf(ana.email)).status).toBe('waiting');
    const cancelled = await staff('PATCH', `/api/appointments/${taken.id}/status`, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await entryOf(ana.email)).toMatchObject({ status: 'offered', holderId: taken.id });
    expect(await heldRows(employee.id)).toEqual([{ id: taken.id }]);

    // Nobody waiting, never or no longer (Bea left the line): deleted, and the time is open.
    const alone = await book(slot, '11:00');
    const left = await book(slot, '12:00');
    const bea = { name: 'Bea Se Va', email: `bea-${next()}@example.com` };
    expect((await join(slot, bea, '12:00')).statusCode).toBe(201);
    const leaves = await visit('POST', `/api/waitlist/${(await entryOf(bea.email)).token}/decline`);
    expect(leaves.statusCode, leaves.body).toBe(200);
    for (const booking of [alone, left]) {
      const deleted = await staff('DELETE', `/api/appointments/${booking.id}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
    }
    expect(
      await w.t.db
        .select()
        .from(appointments)
        .where(inArray(appointments.id, [alone.id, left.id])),
    ).toEqual([]);
    expect(await openOnMonday(employee, slot.serviceId)).toEqual(expect.arrayContaining(['11:00', '12:00']));
    clock.now = START;
  });
});
