import { MANAGE_BOOKING_MESSAGES } from '@chatdesk/contract/manage-booking';
import { PACK_MESSAGES, type Pack } from '@chatdesk/contract/packs';
import type { Service } from '@chatdesk/contract/services';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertEmployee } from '../../../test/factories.ts';
import { appointments, clientPacks, mailOutbox, packCodes, packLedger, payments } from '../../db/schema.ts';

// Friday 20 November 2026, 11:00 in Madrid: Monday's times are more than the policy's 24 hours away.
const FRIDAY = new Date('2026-11-20T10:00:00Z');
const MONDAY = '2026-11-23';
let now = FRIDAY;
let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  ({ headers } = await t.signIn());
});
afterAll(() => t.close());

let serial = 0;
async function staff<T>(method: 'POST' | 'PUT', url: string, payload: object): Promise<T> {
  const response = await t.app.inject({ method, url, headers, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}
/** Each call from a visitor of its own network (the public routes are rate-limited per address). */
const visitor = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.60.${++serial % 250}.1` });

/** A service with one professional (Mondays 9-13), and a client with a pack of `sessions` of it. */
async function clientWithPack(sessions: number, validityDays = 90) {
  const service = await staff<Service>('POST', '/api/services', {
    name: `Entrenamiento ${++serial}`,
    durationMinutes: 60,
    priceAmount: 4000,
    currency: 'eur',
  });
  const employee = await insertEmployee(t.db, { availability: { monday: [['09:00', '13:00']] } as never });
  await staff('PUT', `/api/employees/${employee.id}/services`, { serviceIds: [service.id] });
  const email = `bono-${++serial}@example.com`;
  const { id: clientId } = await staff<{ id: string }>('POST', '/api/clients', {
    name: 'Lola Paz',
    phone: '+34 600 123 456',
    email,
  });
  const pack = await staff<Pack>('POST', '/api/packs', {
    serviceId: service.id,
    name: `Bono ${sessions}`,
    sessions,
    priceAmount: 10000,
    validityDays,
  });
  const sold = await staff<{ id: string }>('POST', `/api/clients/${clientId}/packs`, {
    packId: pack.id,
    method: 'cash',
  });
  return { service, employee, email, clientId, clientPackId: sold.id };
}

/** The newest code emailed to the address (booking confirmations go to it too). */
async function lastMailTo(email: string) {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.to, email),
        inArray(mailOutbox.subject, ['Tu código para usar tu bono', 'Your code to use your pack']),
      ),
    )
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail!;
}

/** Asks for a code, reads it from the email, and checks it: the token and the address's packs. */
async function check(email: string, language: 'es' | 'en' = 'es') {
  const sent = await visitor('/api/book/packs/code', { email, language });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = /\b(\d{6})\b/.exec((await lastMailTo(email)).text)![1]!;
  const checked = await visitor('/api/book/packs/code/confirm', {
    verificationId: sent.json().verificationId,
    email,
    code,
  });
  expect(checked.statusCode, checked.body).toBe(200);
  return checked.json() as { token: string; packs: Array<{ name: string; sessionsLeft: number }> };
}

const book = (token: string, slot: { employeeId: string; serviceId: string }, timeSlot = '10:00') =>
  visitor('/api/book/packs/book', { token, ...slot, date: MONDAY, timeSlot });

const balance = async (clientPackId: string) =>
  (await t.db.select().from(clientPacks).where(eq(clientPacks.id, clientPackId)))[0]!.sessionsLeft;

describe('using a pack on the booking page, after an emailed code', () => {
  it('the code proves the address; a booking uses one session with no payment, and cancelling in time gives it back', async () => {
    now = FRIDAY;
    const { service, employee, email, clientPackId } = await clientWithPack(10);

    // A wrong code is refused, and the right one after it still works (five tries).
    const sent = await visitor('/api/book/packs/code', { email: email.toUpperCase(), language: 'es' });
    expect(sent.json().message).toBe(PACK_MESSAGES.codeSent);
    const mail = await lastMailTo(email);
    expect(mail.subject).toBe('Tu código para usar tu bono');
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const wrong = await visitor('/api/book/packs/code/confirm', {
      verificationId: sent.json().verificationId,
      email,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: PACK_MESSAGES.codeWrong });
    const right = await visitor('/api/book/packs/code/confirm', {
      verificationId: sent.json().verificationId,
      email,
      code,
    });
    expect(right.statusCode, right.body).toBe(200);
    const { token, packs } = right.json();
    expect(packs).toEqual([
      expect.objectContaining({ name: 'Bono 10', sessionsLeft: 10, sessionsTotal: 10 }),
    ]);
    // A code is good once.
    const again = await visitor('/api/book/packs/code/confirm', {
      verificationId: sent.json().verificationId,
      email,
      code,
    });
    expect(again.json()).toEqual({ message: PACK_MESSAGES.codeExpired });

    const booked = await book(token, { employeeId: employee.id, serviceId: service.id });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json()).toMatchObject({
      appointment: { date: MONDAY, startTime: '10:00', endTime: '11:00', timeZone: 'Europe/Madrid' },
      pack: { name: 'Bono 10', sessionsLeft: 9, sessionsTotal: 10 },
    });
    const id = booked.json().appointment.id as string;
    expect(await balance(clientPackId)).toBe(9);
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row).toMatchObject({ channel: 'page', providerPaymentId: null, clientEmail: email });
    expect(await t.db.select().from(payments).where(eq(payments.appointmentId, id))).toEqual([]);
    const [use] = await t.db
      .select()
      .from(packLedger)
      .where(and(eq(packLedger.appointmentId, id), eq(packLedger.kind, 'use')));
    expect(use).toMatchObject({ sessions: -1, actor: 'customer' });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mails.some((m) => m.text.includes('Paid with your pack: Bono 10 (9 sessions left)'))).toBe(true);

    // The manage page says what paid for it, and that cancelling now gives the session back.
    const managed = await t.app.inject({ url: `/api/booking/${row!.manageToken}` });
    expect(managed.json()).toMatchObject({
      payment: null,
      refundOnCancel: null,
      pack: { name: 'Bono 10', sessionsLeft: 9, sessionsTotal: 10, returned: false, backOnCancel: true },
    });
    // Cancelled on the manage link more than 24 hours ahead: the session comes back (the staff path's rule).
    const cancelled = await visitor(`/api/booking/${row!.manageToken}/cancel`, {
      refundExpected: 0,
      sessionBackExpected: true,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await balance(clientPackId)).toBe(10);
    expect(cancelled.json().pack).toMatchObject({ sessionsLeft: 10, returned: true, backOnCancel: false });
  });

  it('a late cancel keeps the session, as the policy says', async () => {
    now = FRIDAY;
    const { service, employee, email, clientPackId } = await clientWithPack(10);
    const { token } = await check(email);
    const booked = await book(token, { employeeId: employee.id, serviceId: service.id }, '12:00');
    expect(booked.statusCode, booked.body).toBe(200);
    const [row] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, booked.json().appointment.id));
    // Monday 11:30: half an hour before.
    now = new Date('2026-11-23T10:30:00Z');
    const late = await t.app.inject({ url: `/api/booking/${row!.manageToken}` });
    expect(late.json().pack).toMatchObject({ sessionsLeft: 9, returned: false, backOnCancel: false });
    // A page opened in time said the session would go back; confirmed now, it is asked again, nothing done.
    const stale = await visitor(`/api/booking/${row!.manageToken}/cancel`, {
      refundExpected: 0,
      sessionBackExpected: true,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe(MANAGE_BOOKING_MESSAGES.termsChanged);
    expect(await balance(clientPackId)).toBe(9);
    const cancelled = await visitor(`/api/booking/${row!.manageToken}/cancel`, {
      refundExpected: 0,
      sessionBackExpected: false,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await balance(clientPackId)).toBe(9);
    now = FRIDAY;
  });

  it('answers 409 when the balance is 0 or the pack expired, and 401 without a checked email', async () => {
    now = FRIDAY;
    const one = await clientWithPack(1);
    const { token } = await check(one.email, 'en');
    expect((await lastMailTo(one.email)).subject).toBe('Your code to use your pack');
    expect(
      (await book(token, { employeeId: one.employee.id, serviceId: one.service.id }, '09:00')).statusCode,
    ).toBe(200);
    const empty = await book(token, { employeeId: one.employee.id, serviceId: one.service.id }, '11:00');
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toEqual({ message: PACK_MESSAGES.noPackHere });
    // The refused booking left nothing behind.
    expect(
      await t.db
        .select()
        .from(appointments)
        .where(and(eq(appointments.employeeId, one.employee.id), eq(appointments.startTime, '11:00'))),
    ).toEqual([]);

    const short = await clientWithPack(5, 1);
    const shortCheck = await check(short.email);
    // Saturday: the one-day pack has expired, the check has not (a new one is asked for anyway).
    now = new Date('2026-11-21T10:30:00Z');
    const fresh = await check(short.email);
    expect(fresh.packs).toEqual([]);
    const expired = await book(fresh.token, { employeeId: short.employee.id, serviceId: short.service.id });
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toEqual({ message: PACK_MESSAGES.noPackHere });
    // The first check lapsed after half an hour.
    const lapsed = await book(shortCheck.token, {
      employeeId: short.employee.id,
      serviceId: short.service.id,
    });
    expect(lapsed.statusCode).toBe(401);
    expect(lapsed.json()).toEqual({ message: PACK_MESSAGES.checkExpired });

    const forged = await book('not-a-token', { employeeId: short.employee.id, serviceId: short.service.id });
    expect(forged.statusCode).toBe(401);
    // A typed email is no way in: the booking takes only a token.
    const typed = await visitor('/api/book/packs/book', {
      email: short.email,
      employeeId: short.employee.id,
      serviceId: short.service.id,
      date: MONDAY,
      timeSlot: '10:00',
    });
    expect(typed.statusCode).toBe(400);
    now = FRIDAY;
  });

  it('an address with no client gets a code and no packs; codes are limited per address', async () => {
    now = FRIDAY;
    const nobody = 'nadie@example.com';
    const { packs } = await check(nobody);
    expect(packs).toEqual([]);
    for (let i = 0; i < 4; i++)
      expect((await visitor('/api/book/packs/code', { email: nobody })).statusCode).toBe(200);
    const spent = await visitor('/api/book/packs/code', { email: nobody });
    expect(spent.statusCode).toBe(429);
    expect(spent.json()).toEqual({ message: PACK_MESSAGES.tooManyCodes });
  });

  it("a client's erasure deletes the codes and checks of their address", async () => {
    now = FRIDAY;
    const { email, clientId } = await clientWithPack(3);
    await check(email);
    await visitor('/api/book/packs/code', { email });
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/clients/${clientId}/erase`,
      headers,
      payload: { confirm: 'Lola Paz' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await t.db.select().from(packCodes).where(eq(packCodes.email, email))).toEqual([]);
  });

  it("the confirmation is written in the page's language, or the client's when the page does not say", async () => {
    now = FRIDAY;
    const { service, employee, email } = await clientWithPack(5);
    const slot = { employeeId: employee.id, serviceId: service.id };
    const confirmations = async () =>
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)))
        .map((mail) => mail.subject)
        .filter((subject) => /^(Your appointment|Tu cita)/.test(subject));

    // The client was added by staff with no language (English); the page was read in Spanish.
    const { token } = await check(email, 'es');
    const spanish = await visitor('/api/book/packs/book', {
      token,
      ...slot,
      date: MONDAY,
      timeSlot: '10:00',
      language: 'es',
    });
    expect(spanish.statusCode, spanish.body).toBe(200);
    expect(await confirmations()).toEqual([expect.stringMatching(/^Tu cita con .* a las 10:00/)]);

    const untold = await book(token, slot, '11:00');
    expect(untold.statusCode, untold.body).toBe(200);
    expect(await confirmations()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Your appointment with .* at 11:00/)]),
    );
  });
});
