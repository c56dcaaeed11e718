import { WAITLIST_MESSAGES } from '@chatdesk/contract/waitlist';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { classTimes, clientPacks, messages, payments, waitlistEntries } from '../../db/schema.ts';
import { MONDAY, START, waitlistFixture } from './waitlist-fixture.ts';

// The waitlist of a full class time (decision 026). The clock starts on Friday 20 November 2026,
// 11:00 in Madrid (the test app's zone); tests move it on.
const w = waitlistFixture(70);
const {
  clock,
  next,
  staff,
  visit,
  aClass,
  aProfessional,
  aClient,
  bookAt,
  book,
  join,
  cancelByLink,
  entryOf,
  appointmentsOf,
  lastMail,
  offerToken,
  openPayment,
  payCard,
  pay,
  refundNotices,
  sellPack,
  packCode,
  waitlistOf,
  fullTimes,
  openTimesOnMonday,
} = w;

const seatsOf = async (employeeId: string) =>
  (await w.t.db.select().from(classTimes).where(eq(classTimes.employeeId, employeeId))).map((row) => ({
    seats: row.seats,
    taken: row.seatsTaken,
  }));

describe('joining', () => {
  it('is for a full class time only, once per email, and not once it has started', async () => {
    clock.now = START;
    const { slot, employee } = await aClass(2);
    const ana = { name: 'Ana Waits', email: `ana-${next()}@example.com` };
    // Nobody booked yet, then one seat of two: not full.
    let refused = await join(slot, ana);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({ message: WAITLIST_MESSAGES.notFull });
    const first = await book(slot);
    refused = await join(slot, ana);
    expect(refused.json()).toEqual({ message: WAITLIST_MESSAGES.notFull });
    await book(slot);
    expect(await seatsOf(employee.id)).toEqual([{ seats: 2, taken: 2 }]);

    const joined = await join(slot, ana);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toEqual({ position: 1, message: WAITLIST_MESSAGES.joined });
    const again = await join(slot, { ...ana, email: ana.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: WAITLIST_MESSAGES.alreadyJoined });
    const second = await join(slot, {
      name: 'Bea',
      email: `bea-${next()}@example.com`,
      phone: '+34 600 000 111',
    });
    expect(second.json().position).toBe(2);

    // The booking page learns which times are full.
    expect(await fullTimes(slot)).toEqual([{ date: MONDAY, timeSlot: '10:00' }]);
    // Staff see the line on the roster's appointment.
    expect((await waitlistOf(first.id)).map((e) => [e.position, e.name, e.status])).toEqual([
      [1, 'Ana Waits', 'waiting'],
      [2, 'Bea', 'waiting'],
    ]);

    // Once it has started, nobody joins.
    clock.now = new Date('2026-11-23T09:30:00Z');
    const late = await join(slot, { name: 'Late', email: `late-${next()}@example.com` });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: WAITLIST_MESSAGES.past });
    clock.now = START;
    // A one-to-one service's free time has no waitlist: it is booked instead.
    const single = await staff('POST', '/api/services', {
      name: `Sesión ${next()}`,
      durationMinutes: 60,
      priceAmount: 1500,
      currency: 'eur',
    });
    await staff('PUT', `/api/employees/${employee.id}/services`, {
      serviceIds: [slot.serviceId, single.json().id],
    });
    const oneToOne = await join({ employeeId: employee.id, serviceId: single.json().id }, ana, '12:00');
    expect(oneToOne.statusCode).toBe(409);
    expect(oneToOne.json()).toEqual({ message: WAITLIST_MESSAGES.timeFree });
    // Bad input is a 400 with a message.
    const bad = await visit('POST', '/api/book/waitlist', {
      ...slot,
      date: MONDAY,
      timeSlot: '10:00',
      name: '',
      email: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
  });

  it('the assistant says a full class time is full and where its waitlist is, and puts nobody in line', async () => {
    clock.now = START;
    const { service, employee, slot } = await aProfessional({
      seats: 2,
      priceAmount: 1500,
      name: 'Pilates reformer',
      employee: { name: 'Nerea Goikoetxea', username: `nerea-${next()}` },
    });
    await book(slot);
    const ask = async (line: string) =>
      (await w.t.app.services.assistant.tryOut([line]))[0]!.replies.join('\n');
    // One seat left: said so.
    expect(await ask('hay sitio en pilates reformer con nerea el lunes a las 10?')).toMatch(/tiene hueco/);
    await book(slot);
    const full = await ask('hay sitio en pilates reformer con nerea el lunes a las 10?');
    expect(full).toMatch(/La clase de las 10:00 del lunes 23 de noviembre está completa/);
    expect(full).toMatch(/lista de espera/);
    expect(full).toContain(`/schedule/${employee.username}?service=${service.id}`);
    const inLine = await w.t.db
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .innerJoin(classTimes, eq(classTimes.id, waitlistEntries.classTimeId))
      .where(eq(classTimes.serviceId, service.id));
    expect(inLine).toEqual([]);

    // A client writing from their own number is asked, and their yes puts them in line.
    const email = `nerea-alumna-${next()}@example.com`;
    const clientId = await aClient(email);
    const sessionId = `waitlist-chat-${next()}`;
    const say = async (text: string) => {
      const response = await staff('POST', '/api/chats/simulator', {
        text,
        sessionId,
        clientId,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().replies as string[]).join('\n');
    };
    await say('/new');
    const asked = await say('hay sitio en pilates reformer con nerea el lunes a las 10?');
    expect(asked).toMatch(/está completa/);
    expect(asked).toMatch(/¿Quieres que te apunte a la lista de espera\?/);
    const line = () =>
      w.t.db
        .select({ email: waitlistEntries.email, status: waitlistEntries.status })
        .from(waitlistEntries)
        .innerJoin(classTimes, eq(classTimes.id, waitlistEntries.classTimeId))
        .where(eq(classTimes.serviceId, service.id));
    expect(await line()).toEqual([]);
    expect(await say('si porfa')).toMatch(
      /Hecho: estás en la lista de espera de la clase del lunes 23 de noviembre a las 10:00, con el número 1/,
    );
    expect(await line()).toEqual([{ email, status: 'waiting' }]);
    // Asked again: already in line, nobody added twice.
    await say('hay sitio en pilates reformer con nerea el lunes a las 10?');
    expect(await say('sí')).toMatch(/Ya estás en la lista de espera/);
    expect(await line()).toHaveLength(1);
  });
});

describe('a freed seat', () => {
  it('is held for the first in line when a customer cancels, emailed with a link, and booked for free within the hold', async () => {
    clock.now = START;
    const { slot, employee } = await aClass(2, 0);
    const booked = [await book(slot), await book(slot)];
    const ana = { name: 'Ana Free', email: `ana-${next()}@example.com` };
    expect((await join(slot, ana)).statusCode).toBe(201);

    expect((await cancelByLink(booked[0]!.manageToken)).statusCode).toBe(200);
    // The freed seat is Ana's at once: still counted, so the page offers no seat to anyone else.
    expect((await entryOf(ana.email)).status).toBe('offered');
    expect(await seatsOf(employee.id)).toEqual([{ seats: 2, taken: 2 }]);
    expect((await openTimesOnMonday(employee, slot.serviceId))?.times ?? []).not.toContain('10:00');
    expect((await bookAt(slot)).statusCode).toBe(409);

    const token = await offerToken(ana.email);
    const offer = await visit('GET', `/api/waitlist/${token}`);
    expect(offer.json()).toMatchObject({
      status: 'offered',
      startTime: '10:00',
      date: MONDAY,
      holdUntil: new Date(START.getTime() + 30 * 60_000).toISOString(),
      priceAmount: 0,
    });
    expect((await waitlistOf(booked[1]!.id))[0]).toMatchObject({
      status: 'offered',
      holdUntil: offer.json().holdUntil,
    });

    clock.now = new Date(START.getTime() + 29 * 60_000);
    const confirmed = await visit('POST', `/api/waitlist/${token}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: 'booked',
      manageUrl: expect.stringContaining('/booking/'),
    });
    expect(await seatsOf(employee.id)).toEqual([{ seats: 2, taken: 2 }]);
    const mine = await appointmentsOf(ana.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'scheduled', classTimeId: booked[0]!.classTimeId });
    expect((await lastMail(ana.email, 'Booked'))?.text).toContain('The place you were waiting for is yours');
    // Confirming again answers the same booking; it makes no second one.
    expect((await visit('POST', `/api/waitlist/${token}/confirm`, {})).json().status).toBe('booked');
    expect(await appointmentsOf(ana.email)).toHaveLength(1);
    expect((await waitlistOf(booked[1]!.id))[0]).toMatchObject({ status: 'booked' });
  });

  it('is paid through the provider within the hold; paid after it expired, the money is refunded', async () => {
    clock.now = START;
    const { slot, employee } = await aClass(2);
    const booked = [await book(slot), await book(slot)];
    const ana = { name: 'Ana Paid', email: `ana-${next()}@example.com` };
    const bea = { name: 'Bea Late', email: `bea-${next()}@example.com` };
    await join(slot, bea);
    await join(slot, ana);
    // Staff cancel one seat, then the customer of the other cancels on their link: two seats, two offers.
    expect(
      (await staff('PATCH', `/api/appointments/${booked[0]!.id}/status`, { status: 'cancelled' })).statusCode,
    ).toBe(200);
    expect((await entryOf(bea.email)).status).toBe('offered');
    expect((await entryOf(ana.email)).status).toBe('waiting');
    expect((await cancelByLink(booked[1]!.manageToken)).statusCode).toBe(200);
    expect((await entryOf(ana.email)).status).toBe('offered');

    const beaToken = await offerToken(bea.email);
    const anaToken = await offerToken(ana.email);
    // Nothing is charged for opening the payment; an unpaid confirm books nothing.
    expect((await visit('POST', `/api/waitlist/${anaToken}/confirm`, {})).json()).toEqual({
      message: WAITLIST_MESSAGES.notFree,
    });

    const anaPaid = await pay(anaToken);
    const confirmed = await visit('POST', `/api/waitlist/${anaToken}/confirm`, { paymentIntentId: anaPaid });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().status).toBe('booked');
    const [payment] = await w.t.db.select().from(payments).where(eq(payments.providerPaymentId, anaPaid));
    expect(payment).toMatchObject({ amount: 1500, status: 'completed' });
    // Another offer's payment does not take this one.
    expect(
      (await visit('POST', `/api/waitlist/${beaToken}/confirm`, { paymentIntentId: anaPaid })).statusCode,
    ).toBe(400);

    // Bea opens the payment inside the hold and pays after it ran out: the job gave the seat back.
    const beaIntent = await openPayment(beaToken);
    clock.now = new Date(START.getTime() + 31 * 60_000);
    expect(await w.t.app.schedules.runOnce()).toEqual([]);
    expect((await entryOf(bea.email)).status).toBe('expired');
    expect(await seatsOf(employee.id)).toEqual([{ seats: 2, taken: 1 }]);
    await payCard(beaIntent.clientSecret);
    const late = await visit('POST', `/api/waitlist/${beaToken}/confirm`, {
      paymentIntentId: beaIntent.paymentIntentId,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: WAITLIST_MESSAGES.offerGoneRefunded });
    // The provider refunded it (staff are told so), and a second report of the payment changes nothing.
    expect(await refundNotices()).toContain(beaIntent.paymentIntentId);
    expect(await w.t.app.services.waitlist.completeFromProvider(beaIntent.paymentIntentId)).toBe(true);
    const intent = await visit('GET', `/api/waitlist/${beaToken}`);
    expect(intent.json()).toMatchObject({ status: 'expired', holdUntil: null });
    expect(await appointmentsOf(bea.email)).toHaveLength(0);
    // An expired offer cannot open a payment either.
    expect((await visit('POST', `/api/waitlist/${beaToken}/payment`)).json()).toEqual({
      message: WAITLIST_MESSAGES.offerGone,
    });
  });

  it("paid while the page closed: the provider's report books it, once", async () => {
    clock.now = START;
    const { slot } = await aClass(2);
    const booked = [await book(slot), await book(slot)];
    const ana = { name: 'Ana Closed', email: `ana-${next()}@example.com` };
    await join(slot, ana);
    await cancelByLink(booked[0]!.manageToken);
    const token = await offerToken(ana.email);
    const paid = await pay(token);
    // A second tab paid for it as well.
    const other = await pay(token);
    // The page never confirms; the provider's payment.succeeded does (the Stripe webhook's call).
    expect(await w.t.app.services.waitlist.completeFromProvider(paid)).toBe(true);
    expect(await w.t.app.services.waitlist.completeFromProvider(paid)).toBe(true);
    expect((await visit('GET', `/api/waitlist/${token}`)).json().status).toBe('booked');
    expect(await appointmentsOf(ana.email)).toHaveLength(1);
    expect(await w.t.db.select().from(payments).where(eq(payments.providerPaymentId, paid))).toHaveLength(1);
    // And the page's late confirm answers the same booking.
    expect(
      (await visit('POST', `/api/waitlist/${token}/confirm`, { paymentIntentId: paid })).json().status,
    ).toBe('booked');
    // The other tab's payment is refunded, not kept: one booking, one charge.
    expect(await w.t.app.services.waitlist.completeFromProvider(other)).toBe(true);
    expect(await refundNotices()).toContain(other);
    expect(await w.t.db.select().from(payments).where(eq(payments.providerPaymentId, other))).toHaveLength(0);
    expect(await appointmentsOf(ana.email)).toHaveLength(1);
  });

  it('is taken with a pack session after the emailed code', async () => {
    clock.now = START;
    const { slot, service } = await aClass(2);
    const booked = [await book(slot), await book(slot)];
    const email = `bono-${next()}@example.com`;
    const clientId = await aClient(email);
    const sold = await sellPack(service.id, clientId, 6000);
    await join(slot, { name: 'Alumna Bono', email });
    await cancelByLink(booked[0]!.manageToken);
    const token = await offerToken(email);

    // A code proves the address; one for another address is refused.
    const other = `otra-${next()}@example.com`;
    const wrong = await visit('POST', `/api/waitlist/${token}/confirm`, { packToken: await packCode(other) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: WAITLIST_MESSAGES.packEmail });

    const confirmed = await visit('POST', `/api/waitlist/${token}/confirm`, {
      packToken: await packCode(email),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().status).toBe('booked');
    const [balance] = await w.t.db.select().from(clientPacks).where(eq(clientPacks.id, sold.id));
    expect(balance!.sessionsLeft).toBe(4);
  });

  it('passes to the next when declined, and becomes free when nobody is left', async () => {
    clock.now = START;
    const { slot, employee } = await aClass(2);
    const booked = [await book(slot), await book(slot)];
    const ana = { name: 'Ana No', email: `ana-${next()}@example.com` };
    const bea = {
      name: 'Bea Next',
      email: `bea-${next()}@example.com`,
      phone: `+34 699 ${String(next()).padStart(6, '0')}`,
    };
    await join(slot, ana);
    await join(slot, bea);
    await cancelByLink(booked[0]!.manageToken);
    const anaToken = await offerToken(ana.email);
    const declined = await visit('POST', `/api/waitlist/${anaToken}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().status).toBe('declined');
    expect((await entryOf(bea.email)).status).toBe('offered');
    expect((await entryOf(bea.email)).holdUntil).not.toBeNull();
    expect(await lastMail(bea.email, 'A place is free')).toBeDefined();
    // Her number has its country code: WhatsApp tells her too, with the approved template and her link.
    // The email is written with the hold; the WhatsApp goes after that commit, from whichever run
    // told the offer (this request's or the one the freed seat's event started), so it may land later.
    const { token: beaLink } = await entryOf(bea.email);
    const whatsAppTo = async () =>
      (
        await w.t.db
          .select({ text: messages.text })
          .from(messages)
          .where(sql`${messages.text} like ${'%/waitlist/%'} and ${messages.sender} = 'system'`)
      ).some((m) => m.text.includes(beaLink));
    await expect.poll(whatsAppTo, { timeout: 15_000 }).toBe(true);
    // A declined offer is not taken back.
    expect((await visit('POST', `/api/waitlist/${anaToken}/confirm`, {})).json()).toEqual({
      message: WAITLIST_MESSAGES.offerGone,
    });

    const beaToken = await offerToken(bea.email);
    expect((await visit('POST', `/api/waitlist/${beaToken}/decline`)).statusCode).toBe(200);
    // Nobody left in line: the seat is free for anyone.
    expect(await seatsOf(employee.id)).toEqual([{ seats: 2, taken: 1 }]);
    expect((await openTimesOnMonday(employee, slot.serviceId))?.seatsLeft?.['10:00']).toBe(1);
    expect((await waitlistOf(booked[1]!.id)).map((e) => e.status)).toEqual(['declined', 'declined']);
  });

  it('passes to the next when the hold runs out (the scheduled job), and a confirm after it is refused', async () => {
    clock.now = START;
    const { slot, employee } = await aClass(2, 0);
    const booked = [await book(slot), await book(slot)];
    const ana = { name: 'Ana Slow', email: `ana-${next()}@example.com` };
    const bea = { name: 'Bea Quick', email: `bea-${next()}@example.com` };
    await join(slot, ana);
    await join(slot, bea);
    await cancelByLink(booked[0]!.manageToken);
    const anaToken = await offerToken(ana.email);

    // Within the hold the job changes nothing.
    clock.now = new Date(START.getTime() + 10 * 60_000);
    expect(await w.t.app.schedules.runOnce()).toEqual([]);
    expect((await entryOf(ana.email)).status).toBe('offered');
    clock.now = new Date(START.getTime() + 30 * 60_000);
    expect(await w.t.app.schedules.runOnce()).toEqual([]);
    expect((await entryOf(ana.email)).status).toBe('expired');
    const beaEntry = await entryOf(bea.email);
    expect(beaEntry.status).toBe('offered');
    // Bea's hold runs from when she was told, by the job's pass.
    expect(beaEntry.holdUntil).toEqual(new Date(clock.now.getTime() + 30 * 60_000));
    expect(await seatsOf(employee.id)).toEqual([{ seats: 2, taken: 2 }]);
    const late = await visit('POST', `/api/waitlist/${anaToken}/confirm`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: WAITLIST_MESSAGES.offerGone });

    const beaToken = await offerToken(bea.email);
    expect((await visit('POST', `/api/waitlist/${beaToken}/confirm`, {})).json().status).toBe('booked');
    expect((await waitlistOf(booked[1]!.id)).map((e) => e.status)).toEqual(['expired', 'booked']);
  });

  it("a client's erasure takes their places in line, and a seat held for them goes to the next", async () => {
    clock.now = START;
    const { slot, employee } = await aClass(2);
    const booked = [await book(slot), await book(slot)];
    const email = `borrar-${next()}@example.com`;
    const clientId = await aClient(email);
    const bea = { name: 'Bea After', email: `bea-${next()}@example.com` };
    await join(slot, { name: 'Alumna Borrada', email: email.toUpperCase() });
    await join(slot, bea);
    await cancelByLink(booked[0]!.manageToken);
    await offerToken(email.toUpperCase());
    const client = (await staff('GET', `/api/clients/${clientId}`)).json();
    const erased = await staff('POST', `/api/clients/${clientId}/erase`, { confirm: client.name });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(
      await w.t.db.select().from(waitlistEntries).where(sql`lower(${waitlistEntries.email}) = ${email}`),
    ).toEqual([]);
    expect((await entryOf(bea.email)).status).toBe('offered');
    expect(await seatsOf(employee.id)).toEqual([{ seats: 2, taken: 2 }]);
  });

  it('a whole class cancelled by staff ends its waitlist: nobody is offered a seat of it', async () => {
    clock.now = START;
    const { slot } = await aClass(2);
    const booked = [await book(slot), await book(slot)];
    const ana = { name: 'Ana Class', email: `ana-${next()}@example.com` };
    await join(slot, ana);
    const cancelled = await staff('POST', `/api/appointments/${booked[0]!.id}/cancel-class`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await entryOf(ana.email)).status).toBe('cancelled');
  });
});
