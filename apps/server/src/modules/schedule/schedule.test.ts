import { BOOKING_MESSAGES } from '@chatdesk/contract/schedule';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertEmployee } from '../../../test/factories.ts';
import { parseCalendar } from '../../../test/ical.ts';
import {
  appointments,
  clients,
  employees as employeesTable,
  localPaymentIntents,
  mailOutbox,
  notifications,
  payments,
  slotHolds,
} from '../../db/schema.ts';
import {
  createLocalPaymentProvider,
  LOCAL_CARD_ERRORS,
  TEST_CARDS,
} from '../../integrations/payments/local-payment-provider.ts';

// Sunday 22 November 2026, 11:00 in Madrid.
let now = new Date('2026-11-22T10:00:00Z');
let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
});
afterAll(() => t.close());

const MONDAY = '2026-11-23';
const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvc: '123' });
const visitor = { name: 'Marta Gil', email: 'marta.gil@example.com', phone: '+34 600 111 222' };

async function newEmployee() {
  return insertEmployee(t.db, {
    name: 'Carlos Ruiz',
    title: 'Personal Trainer',
    availability: { monday: [['09:00', '12:00']], tuesday: [['16:00', '17:00']] },
  });
}

let visitorNumber = 0;
/**
 * Each call comes from another visitor, on a network of its own, as on the real page (the public
 * routes are rate-limited per address, and payments in progress per network).
 */
const post = (url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: `10.${9 + Math.floor(++visitorNumber / 250)}.${visitorNumber % 250}.1`,
  });

async function startPayment(employeeId: string, timeSlot = '09:00', date = MONDAY) {
  const response = await post('/api/payments/intent', { employeeId, date, timeSlot });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    clientSecret: string;
    paymentIntentId: string;
    amount: number;
    currency: string;
  };
}

async function pay(clientSecret: string, number: string = TEST_CARDS.success) {
  return post('/api/payments/local/confirm', { clientSecret, card: card(number) });
}

const book = (employeeId: string, paymentId: string, timeSlot = '09:00', date = MONDAY) =>
  post('/api/schedule/book', {
    employeeId,
    date,
    timeSlot,
    day: 'Monday',
    clientInfo: visitor,
    payment: { id: paymentId, amount: 1000, currency: 'eur', status: 'succeeded' },
  });

describe('public schedule', () => {
  it('shows open slots in the business time zone and nothing private', async () => {
    const employee = await newEmployee();
    const response = await t.app.inject({ url: `/api/schedule/${employee.username.toUpperCase()}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.employee).toEqual({
      id: employee.id,
      name: 'Carlos Ruiz',
      username: employee.username,
      title: 'Personal Trainer',
      locations: ['Madrid'],
    });
    expect(body.timeZone).toBe('Europe/Madrid');
    expect(body.slots[0]).toEqual({
      date: MONDAY,
      times: ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'],
    });
    expect(body.payment).toEqual({ provider: 'local', publishableKey: null, amount: 1000, currency: 'eur' });
    expect(response.body).not.toContain(employee.email);
    expect(response.body).not.toMatch(/password/i);
  });

  it("states the business's cancellation policy, as Company Settings have it", async () => {
    const employee = await newEmployee();
    const schedule = async () =>
      (await t.app.inject({ url: `/api/schedule/${employee.username}` })).json().freeCancellationHours;
    expect(await schedule()).toBe(24);
    const { headers } = await t.signIn();
    const settings = (freeCancellationHours: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/company/booking-settings',
        headers,
        payload: {
          freeCancellationHours,
          remindersEnabled: true,
          reminderHours: [24, 2],
          noShowFollowUp: false,
        },
      });
    expect((await settings(48)).statusCode).toBe(200);
    try {
      expect(await schedule()).toBe(48);
    } finally {
      await settings(24);
    }
  });

  it('shows a change to the professional or their services in the very next load', async () => {
    // The page's reads of the team and the catalogue are kept until the business changes
    // (business-reads.ts): every change staff make must still show at once.
    const { headers } = await t.signIn();
    const username = `irene${Math.random().toString(36).slice(2, 8)}`;
    const person = {
      name: 'Irene Ortiz',
      email: `${username}@example.com`,
      username,
      password: 'irene-password',
      role: 'Coach',
      title: 'Coach',
      locations: ['Madrid'],
      availability: { monday: [['09:00', '10:00']] },
    };
    const created = await t.app.inject({ method: 'POST', url: '/api/employees', headers, payload: person });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const page = async () => (await t.app.inject({ url: `/api/schedule/${username}` })).json();
    expect((await page()).slots[0]).toEqual({ date: MONDAY, times: ['09:00', '09:30'] });

    const edit = (changes: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/employees/${id}`,
        headers,
        payload: { ...person, password: '', ...changes },
      });
    expect(
      (await edit({ title: 'Head coach', availability: { monday: [['11:00', '12:00']] } })).statusCode,
    ).toBe(200);
    const edited = await page();
    expect(edited.employee.title).toBe('Head coach');
    expect(edited.slots[0]).toEqual({ date: MONDAY, times: ['11:00', '11:30'] });

    const service = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers,
      payload: {
        name: 'Long session',
        durationMinutes: 60,
        priceAmount: 2500,
        currency: 'eur',
        employeeIds: [id],
      },
    });
    expect(service.statusCode, service.body).toBe(201);
    expect((await page()).services.map((row: { name: string }) => row.name)).toContain('Long session');

    expect((await edit({ takesBookings: false })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/schedule/${username}` })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown or inactive employee', async () => {
    expect((await t.app.inject({ url: '/api/schedule/nobody' })).json()).toEqual({
      message: BOOKING_MESSAGES.employeeNotFound,
    });
    const inactive = await insertEmployee(t.db, { isActive: false });
    expect((await t.app.inject({ url: `/api/schedule/${inactive.username}` })).statusCode).toBe(404);
  });

  it('answers 404 for an employee who takes no bookings, as for an inactive one', async () => {
    const employee = await insertEmployee(t.db, {
      takesBookings: false,
      availability: { monday: [['09:00', '12:00']] },
    });
    const response = await t.app.inject({ url: `/api/schedule/${employee.username}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: BOOKING_MESSAGES.employeeNotFound });
  });
});

describe('paying and booking', () => {
  it('books a paid slot: appointment, client, payment, notification and email, and the slot is gone', async () => {
    const employee = await newEmployee();
    const intent = await startPayment(employee.id, '10:00');
    expect(intent).toMatchObject({ amount: 1000, currency: 'eur' });
    const paid = await pay(intent.clientSecret);
    expect(paid.json()).toMatchObject({ status: 'succeeded', card: { brand: 'visa', last4: '4242' } });

    const response = await book(employee.id, intent.paymentIntentId, '10:00');
    expect(response.statusCode, response.body).toBe(200);
    const { appointment } = response.json();
    expect(appointment).toMatchObject({
      date: MONDAY,
      startTime: '10:00',
      endTime: '10:30',
      timeZone: 'Europe/Madrid',
      employeeName: 'Carlos Ruiz',
    });

    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row).toMatchObject({ status: 'scheduled', clientName: 'Marta Gil', employeeId: employee.id });
    expect(row!.startsAt.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    const [client] = await t.db.select().from(clients).where(eq(clients.id, row!.clientId!));
    expect(client).toMatchObject({ email: visitor.email, source: 'website', phone: visitor.phone });
    const [payment] = await t.db.select().from(payments).where(eq(payments.clientId, client!.id));
    expect(payment).toMatchObject({
      amount: 1000,
      currency: 'eur',
      status: 'completed',
      paymentMethod: 'visa •••• 4242',
    });
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/appointments/${appointment.id}`));
    expect(notice).toMatchObject({ type: 'success', title: 'New booking' });

    const slots = (await t.app.inject({ url: `/api/schedule/${employee.username}` })).json().slots;
    expect(slots[0].times).not.toContain('10:00');

    // Without a job queue the mail job runs at once: the log mailer keeps the message.
    const [delivered] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, visitor.email));
    expect(delivered!.status).toBe('kept');
    expect(delivered!.subject).toContain('Carlos Ruiz');
    expect(delivered!.attachments[0]!.filename).toBe('appointment.ics');
    expect(delivered!.attachments[0]!.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    const invitation = parseCalendar(delivered!.attachments[0]!.content);
    expect(invitation.method).toBe('PUBLISH');
    expect(invitation.events).toEqual([
      expect.objectContaining({
        uid: `${appointment.id}@chatdesk`,
        summary: 'Appointment with Carlos Ruiz',
        start: new Date('2026-11-23T09:00:00Z'),
        end: new Date('2026-11-23T09:30:00Z'),
        utc: true,
      }),
    ]);
  });

  it('books an email beyond ASCII (the form accepts "baño@…"): the invitation holds it encoded, nothing is refunded', async () => {
    const employee = await newEmployee();
    const intent = await startPayment(employee.id, '11:00');
    await pay(intent.clientSecret);
    const email = 'baño.es@example.com';
    const response = await post('/api/schedule/book', {
      employeeId: employee.id,
      date: MONDAY,
      timeSlot: '11:00',
      day: 'Monday',
      clientInfo: { ...visitor, email },
      payment: { id: intent.paymentIntentId, amount: 1000, currency: 'eur', status: 'succeeded' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [delivered] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(delivered!.attachments[0]!.content).toContain('mailto:ba%C3%B1o.es@example.com');
    const [paid] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, intent.paymentIntentId));
    expect(paid!.status).toBe('completed');
  });

  it('a second booking of the same client by email reuses the client', async () => {
    const employee = await newEmployee();
    for (const time of ['09:00', '09:30']) {
      const intent = await startPayment(employee.id, time);
      await pay(intent.clientSecret);
      expect((await book(employee.id, intent.paymentIntentId, time)).statusCode).toBe(200);
    }
    const rows = await t.db.select().from(clients).where(eq(clients.email, visitor.email));
    expect(rows).toHaveLength(1);
  });

  it('a declined card books nothing', async () => {
    const employee = await newEmployee();
    const intent = await startPayment(employee.id);
    const declined = await pay(intent.clientSecret, TEST_CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ message: LOCAL_CARD_ERRORS.declined });
    const response = await book(employee.id, intent.paymentIntentId);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ message: BOOKING_MESSAGES.paymentIncomplete });
  });

  it('a card that asks for authentication books once approved, and not when it fails', async () => {
    const employee = await newEmployee();
    const approved = await startPayment(employee.id, '09:00');
    expect((await pay(approved.clientSecret, TEST_CARDS.authentication)).json().status).toBe(
      'requires_action',
    );
    expect((await book(employee.id, approved.paymentIntentId, '09:00')).statusCode).toBe(402);
    const auth = await post('/api/payments/local/authenticate', {
      clientSecret: approved.clientSecret,
      approve: true,
    });
    expect(auth.json().status).toBe('succeeded');
    expect((await book(employee.id, approved.paymentIntentId, '09:00')).statusCode).toBe(200);

    const failed = await startPayment(employee.id, '09:30');
    await pay(failed.clientSecret, TEST_CARDS.authentication);
    const refused = await post('/api/payments/local/authenticate', {
      clientSecret: failed.clientSecret,
      approve: false,
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({ message: LOCAL_CARD_ERRORS.authentication });
    expect((await book(employee.id, failed.paymentIntentId, '09:30')).statusCode).toBe(402);
  });

  it('refuses a forged payment id', async () => {
    const employee = await newEmployee();
    const response = await book(employee.id, 'pi_local_forged');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: BOOKING_MESSAGES.paymentNotFound });
  });

  it('refuses a payment of another amount, or made for another slot', async () => {
    const employee = await newEmployee();
    const provider = createLocalPaymentProvider({ db: t.db, clock: () => now });
    const cheap = await provider.createPaymentIntent({
      amount: 1,
      currency: 'eur',
      description: 'tampered',
      metadata: { purpose: 'appointment', employeeId: employee.id, startsAt: '2026-11-23T08:00:00.000Z' },
    });
    await provider.confirmCard(cheap.clientSecret, card(TEST_CARDS.success));
    const tampered = await book(employee.id, cheap.id);
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toEqual({ message: BOOKING_MESSAGES.paymentMismatch });

    const intent = await startPayment(employee.id, '11:00');
    await pay(intent.clientSecret);
    const otherSlot = await book(employee.id, intent.paymentIntentId, '11:30');
    expect(otherSlot.json()).toEqual({ message: BOOKING_MESSAGES.paymentMismatch });
  });

  it('the same payment sent twice books once', async () => {
    const employee = await newEmployee();
    const intent = await startPayment(employee.id);
    await pay(intent.clientSecret);
    const [first, second] = await Promise.all([
      book(employee.id, intent.paymentIntentId),
      book(employee.id, intent.paymentIntentId),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().appointment.id).toBe(first.json().appointment.id);
    const rows = await t.db.select().from(appointments).where(eq(appointments.employeeId, employee.id));
    expect(rows).toHaveLength(1);
  });

  it('holds a slot for 10 minutes while someone pays', async () => {
    const employee = await newEmployee();
    await startPayment(employee.id);
    const second = await post('/api/payments/intent', {
      employeeId: employee.id,
      date: MONDAY,
      timeSlot: '09:00',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: BOOKING_MESSAGES.slotHeld });
    const held = (await t.app.inject({ url: `/api/schedule/${employee.username}` })).json().slots[0].times;
    expect(held).not.toContain('09:00');

    const before = now;
    now = new Date(now.getTime() + 11 * 60_000);
    const later = await post('/api/payments/intent', {
      employeeId: employee.id,
      date: MONDAY,
      timeSlot: '09:00',
    });
    now = before;
    expect(later.statusCode).toBe(200);
  });

  it('refuses slots that are not offered or are past', async () => {
    const employee = await newEmployee();
    for (const [date, timeSlot] of [
      [MONDAY, '12:00'],
      ['2026-11-24', '09:00'],
      ['2026-11-16', '09:00'],
    ] as const) {
      const response = await post('/api/payments/intent', { employeeId: employee.id, date, timeSlot });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: BOOKING_MESSAGES.slotUnavailable });
    }
    // A quarter past is no start of the 30-minute default service; 09:17 is no start of any.
    const offGrid = await post('/api/payments/intent', {
      employeeId: employee.id,
      date: MONDAY,
      timeSlot: '09:15',
    });
    expect(offGrid.statusCode).toBe(409);
    expect(offGrid.json()).toEqual({ message: BOOKING_MESSAGES.slotUnavailable });
    const badTime = await post('/api/payments/intent', {
      employeeId: employee.id,
      date: MONDAY,
      timeSlot: '09:17',
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().message).toBe(`timeSlot: ${BOOKING_MESSAGES.timeInvalid}`);
  });

  it('limits how often one address may book', async () => {
    const employee = await newEmployee();
    const responses = [];
    for (let i = 0; i < 61; i++) {
      responses.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/schedule/book',
          remoteAddress: '10.99.99.99',
          payload: {
            employeeId: employee.id,
            date: MONDAY,
            timeSlot: '09:00',
            clientInfo: visitor,
            payment: { id: 'pi_x' },
          },
        }),
      );
    }
    expect(responses.at(-1)!.statusCode).toBe(429);
    expect(responses.at(-1)!.json().message).toMatch(/Rate limit exceeded/);
  });

  it('validates the visitor details with the form messages', async () => {
    const employee = await newEmployee();
    const response = await post('/api/schedule/book', {
      employeeId: employee.id,
      date: MONDAY,
      timeSlot: '09:00',
      clientInfo: { ...visitor, email: 'not-an-email' },
      payment: { id: 'pi_x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`clientInfo.email: ${BOOKING_MESSAGES.emailInvalid}`);
  });

  it('of 50 concurrent paid bookings of one slot exactly one wins; the others get 409 and their money back', async () => {
    const employee = await newEmployee();
    const provider = createLocalPaymentProvider({ db: t.db, clock: () => now });
    const intents = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const intent = await provider.createPaymentIntent({
          amount: 1000,
          currency: 'eur',
          description: 'race',
          metadata: { purpose: 'appointment', employeeId: employee.id, startsAt: '2026-11-23T10:00:00.000Z' },
        });
        await provider.confirmCard(intent.clientSecret, card(TEST_CARDS.success));
        return intent;
      }),
    );
    const responses = await Promise.all(intents.map((intent) => book(employee.id, intent.id, '11:00')));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of responses.filter((r) => r.statusCode === 409)) {
      expect(r.json()).toEqual({ message: BOOKING_MESSAGES.slotTaken });
    }
    const refunded = await Promise.all(intents.map((i) => provider.retrievePaymentIntent(i.id)));
    expect(refunded.filter((i) => i?.refunded)).toHaveLength(49);
    const rows = await t.db.select().from(appointments).where(eq(appointments.employeeId, employee.id));
    expect(rows).toHaveLength(1);
  });

  it('a cancelled appointment frees its slot', async () => {
    const employee = await newEmployee();
    const intent = await startPayment(employee.id, '11:30');
    await pay(intent.clientSecret);
    const { appointment } = (await book(employee.id, intent.paymentIntentId, '11:30')).json();
    await t.db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, appointment.id));
    const times = (await t.app.inject({ url: `/api/schedule/${employee.username}` })).json().slots[0].times;
    expect(times).toContain('11:30');
    const again = await startPayment(employee.id, '11:30');
    await pay(again.clientSecret);
    expect((await book(employee.id, again.paymentIntentId, '11:30')).statusCode).toBe(200);
  });
});

describe('an employee who takes no bookings', () => {
  it('cannot be paid for: no payment is opened and no slot is held', async () => {
    const employee = await insertEmployee(t.db, {
      takesBookings: false,
      availability: { monday: [['09:00', '12:00']] },
    });
    const response = await post('/api/payments/intent', {
      employeeId: employee.id,
      date: MONDAY,
      timeSlot: '09:00',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: BOOKING_MESSAGES.employeeNotBookable });
    expect(await t.db.select().from(slotHolds).where(eq(slotHolds.employeeId, employee.id))).toEqual([]);
  });

  it('cannot be booked without a payment', async () => {
    const employee = await insertEmployee(t.db, {
      takesBookings: false,
      availability: { monday: [['09:00', '12:00']] },
    });
    const response = await book(employee.id, 'pi_local_none');
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().message).toEqual(expect.any(String));
    expect(await t.db.select().from(appointments).where(eq(appointments.employeeId, employee.id))).toEqual(
      [],
    );
  });

  it('switched off while a visitor pays: no booking, and the money goes back', async () => {
    const employee = await newEmployee();
    const intent = await startPayment(employee.id, '10:30');
    await pay(intent.clientSecret);
    await t.db.update(employeesTable).set({ takesBookings: false }).where(eq(employeesTable.id, employee.id));

    const response = await book(employee.id, intent.paymentIntentId, '10:30');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: BOOKING_MESSAGES.employeeNotBookableRefunded });
    expect(await t.db.select().from(appointments).where(eq(appointments.employeeId, employee.id))).toEqual(
      [],
    );
    const provider = createLocalPaymentProvider({ db: t.db, clock: () => now });
    expect((await provider.retrievePaymentIntent(intent.paymentIntentId))?.refunded).toBe(true);
    expect(await t.db.select().from(slotHolds).where(eq(slotHolds.employeeId, employee.id))).toEqual([]);
  });

  it('a booking made before the switch still answers its retry, and keeps its payment', async () => {
    const employee = await newEmployee();
    const intent = await startPayment(employee.id, '11:00');
    await pay(intent.clientSecret);
    const first = await book(employee.id, intent.paymentIntentId, '11:00');
    expect(first.statusCode).toBe(200);
    await t.db.update(employeesTable).set({ takesBookings: false }).where(eq(employeesTable.id, employee.id));

    const retry = await book(employee.id, intent.paymentIntentId, '11:00');
    expect(retry.statusCode).toBe(200);
    expect(retry.json().appointment.id).toBe(first.json().appointment.id);
    const provider = createLocalPaymentProvider({ db: t.db, clock: () => now });
    expect((await provider.retrievePaymentIntent(intent.paymentIntentId))?.refunded).toBe(false);
  });
});

const EVERY_DAY = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
    day,
    [['09:00', '12:00'] as [string, string]],
  ]),
);

/** A payment made before dates were checked, for a slot named only by its metadata. */
async function paidBeforeTheFix(employeeId: string, date: string, timeSlot: string, startsAt: string) {
  const provider = createLocalPaymentProvider({ db: t.db, clock: () => now });
  const intent = await provider.createPaymentIntent({
    amount: 1000,
    currency: 'eur',
    description: 'taken before dates were checked',
    metadata: {
      purpose: 'appointment',
      employeeId,
      startsAt,
      date,
      timeSlot,
      clientName: visitor.name,
      clientEmail: visitor.email,
      clientPhone: visitor.phone,
    },
  });
  await provider.confirmCard(intent.clientSecret, card(TEST_CARDS.success));
  return { intent, provider };
}

const staffToldAbout = (paymentId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(like(notifications.message, `%${paymentId}%`));

describe('only real, near, future slots can be paid for', () => {
  it('refuses a day the calendar does not have before holding or charging anything', async () => {
    const employee = await insertEmployee(t.db, { availability: EVERY_DAY });
    for (const date of ['2027-02-29', '2027-04-31', '2026-11-31']) {
      const response = await post('/api/payments/intent', {
        employeeId: employee.id,
        date,
        timeSlot: '09:00',
      });
      expect(response.statusCode, date).toBe(400);
      expect(response.json().message).toBe(`date: ${BOOKING_MESSAGES.dateInvalid}`);
    }
    const booking = await book(employee.id, 'pi_local_none', '09:00', '2027-02-29');
    expect(booking.statusCode).toBe(400);
    expect(await t.db.select().from(slotHolds).where(eq(slotHolds.employeeId, employee.id))).toEqual([]);
  });

  it('offers nothing beyond the 60-day horizon: not a year ahead, not in 9999', async () => {
    const employee = await insertEmployee(t.db, { availability: EVERY_DAY });
    // Today is 2026-11-22 in Madrid: the last bookable day is 2027-01-21.
    for (const date of ['2027-01-22', '2027-11-22', '9999-12-31']) {
      const response = await post('/api/payments/intent', {
        employeeId: employee.id,
        date,
        timeSlot: '09:00',
      });
      expect(response.statusCode, date).toBe(409);
      expect(response.json()).toEqual({ message: BOOKING_MESSAGES.tooFar });
    }
    await startPayment(employee.id, '09:00', '2027-01-21');
  });

  it('refuses 02:30 on the spring-forward day instead of moving it to 03:30', async () => {
    const employee = await insertEmployee(t.db, { availability: { sunday: [['01:00', '05:00']] } });
    const before = now;
    now = new Date('2027-03-20T10:00:00Z');
    try {
      const skipped = await post('/api/payments/intent', {
        employeeId: employee.id,
        date: '2027-03-28',
        timeSlot: '02:30',
      });
      expect(skipped.statusCode).toBe(409);
      expect(skipped.json()).toEqual({ message: BOOKING_MESSAGES.slotUnavailable });
      await startPayment(employee.id, '03:30', '2027-03-28');
    } finally {
      now = before;
    }
  });
});

describe('money taken without a booking goes back', () => {
  it('a paid skipped time (02:30 on the spring-forward day) is refunded and staff are told', async () => {
    const employee = await newEmployee();
    const { intent, provider } = await paidBeforeTheFix(
      employee.id,
      '2027-03-28',
      '02:30',
      '2027-03-28T01:30:00.000Z',
    );
    const response = await book(employee.id, intent.id, '02:30', '2027-03-28');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: BOOKING_MESSAGES.slotUnavailableRefunded });
    expect((await provider.retrievePaymentIntent(intent.id))?.refunded).toBe(true);
    expect(await staffToldAbout(intent.id)).toEqual([
      expect.objectContaining({ type: 'warning', title: 'Booking failed, payment refunded' }),
    ]);
    expect(await t.db.select().from(appointments).where(eq(appointments.employeeId, employee.id))).toEqual(
      [],
    );
  });

  it('the provider confirming a payment for 2027-02-29 refunds it once instead of failing forever', async () => {
    const employee = await newEmployee();
    const { intent, provider } = await paidBeforeTheFix(
      employee.id,
      '2027-02-29',
      '09:00',
      '2027-03-01T08:00:00.000Z',
    );
    // What the Stripe webhook calls for payment_intent.succeeded, delivered twice.
    expect(await t.app.services.schedule.completeFromProvider(intent.id)).toBe(false);
    expect(await t.app.services.schedule.completeFromProvider(intent.id)).toBe(false);
    expect((await provider.retrievePaymentIntent(intent.id))?.refunded).toBe(true);
    expect(await staffToldAbout(intent.id)).toHaveLength(1);
    expect(await t.db.select().from(appointments).where(eq(appointments.employeeId, employee.id))).toEqual(
      [],
    );
  });

  it('a paid booking the database refuses is refunded and staff are told', async () => {
    const employee = await newEmployee();
    const intent = await startPayment(employee.id, '11:30');
    await pay(intent.clientSecret);
    const name = `refuse_${employee.id.replaceAll('-', '')}`;
    await t.db.execute(
      sql.raw(
        `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`,
      ),
    );
    await t.db.execute(
      sql.raw(
        `CREATE TRIGGER ${name} BEFORE INSERT ON appointments FOR EACH ROW WHEN (NEW.employee_id = '${employee.id}') EXECUTE FUNCTION ${name}()`,
      ),
    );
    try {
      const response = await book(employee.id, intent.paymentIntentId, '11:30');
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: BOOKING_MESSAGES.bookingFailedRefunded });
    } finally {
      await t.db.execute(sql.raw(`DROP TRIGGER ${name} ON appointments`));
      await t.db.execute(sql.raw(`DROP FUNCTION ${name}()`));
    }
    const provider = createLocalPaymentProvider({ db: t.db, clock: () => now });
    expect((await provider.retrievePaymentIntent(intent.paymentIntentId))?.refunded).toBe(true);
    expect(await staffToldAbout(intent.paymentIntentId)).toHaveLength(1);
  });
});

describe('holding a slot', () => {
  it('of 50 visitors starting to pay for one slot at once, exactly one gets to pay', async () => {
    const employee = await newEmployee();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        post('/api/payments/intent', { employeeId: employee.id, date: MONDAY, timeSlot: '10:00' }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of responses.filter((r) => r.statusCode === 409)) {
      expect([BOOKING_MESSAGES.slotHeld, BOOKING_MESSAGES.slotTaken]).toContain(r.json().message);
    }
    expect(await t.db.select().from(slotHolds).where(eq(slotHolds.employeeId, employee.id))).toHaveLength(1);
    const opened = await t.db
      .select()
      .from(localPaymentIntents)
      .where(sql`${localPaymentIntents.metadata}->>'employeeId' = ${employee.id}`);
    expect(opened).toHaveLength(1);
  });

  it('a booked slot cannot be held again', async () => {
    const employee = await newEmployee();
    const intent = await startPayment(employee.id, '09:30');
    await pay(intent.clientSecret);
    expect((await book(employee.id, intent.paymentIntentId, '09:30')).statusCode).toBe(200);
    const again = await post('/api/payments/intent', {
      employeeId: employee.id,
      date: MONDAY,
      timeSlot: '09:30',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: BOOKING_MESSAGES.slotTaken });
  });

  it("a visitor's new hold releases their earlier one, by address and by email", async () => {
    const employee = await newEmployee();
    const heldTimes = async () =>
      (await t.db.select().from(slotHolds).where(eq(slotHolds.employeeId, employee.id)))
        .map((hold) => hold.startsAt.toISOString())
        .sort();
    const fromAddress = (remoteAddress: string, timeSlot: string, clientInfo?: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/intent',
        remoteAddress,
        payload: { employeeId: employee.id, date: MONDAY, timeSlot, clientInfo },
      });
    expect((await fromAddress('10.77.0.1', '09:00')).statusCode).toBe(200);
    expect((await fromAddress('10.77.0.1', '09:30')).statusCode).toBe(200);
    expect(await heldTimes()).toEqual(['2026-11-23T08:30:00.000Z']);
    // The slot let go is open to the next visitor at once.
    expect((await fromAddress('10.77.0.2', '09:00')).statusCode).toBe(200);

    const ana = { name: 'Ana', email: 'ana.hold@example.com', phone: '600' };
    expect((await fromAddress('10.77.0.3', '10:00', ana)).statusCode).toBe(200);
    expect(
      (await fromAddress('10.77.0.4', '10:30', { ...ana, email: 'ANA.hold@example.com' })).statusCode,
    ).toBe(200);
    expect(await heldTimes()).toEqual([
      '2026-11-23T08:00:00.000Z',
      '2026-11-23T08:30:00.000Z',
      '2026-11-23T09:30:00.000Z',
    ]);
  });

  it('many addresses of one network hold at most three slots, and many networks at most four of a day', async () => {
    // 64 addresses held all 64 open slots in 0.45 s without paying, before these bounds.
    const employee = await newEmployee();
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'];
    const start = (remoteAddress: string, timeSlot: string, date = MONDAY) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/intent',
        remoteAddress,
        payload: { employeeId: employee.id, date, timeSlot },
      });
    // 64 addresses of one /24 (and of one IPv6 /64), each after another slot.
    const oneNetwork = await Promise.all(
      Array.from({ length: 64 }, (_, i) => start(`10.88.1.${i + 1}`, times[i % times.length]!)),
    );
    const held = oneNetwork.filter((r) => r.statusCode === 200);
    expect(held).toHaveLength(3);
    for (const refused of oneNetwork.filter((r) => r.statusCode !== 200)) {
      expect([409, 429]).toContain(refused.statusCode);
      expect(refused.json().message).toEqual(expect.any(String));
    }
    expect(oneNetwork.some((r) => r.json().message === BOOKING_MESSAGES.networkBusy)).toBe(true);
    // Addresses of one IPv6 /64 count as one network too.
    const other = await newEmployee();
    const v6 = await Promise.all(
      times.map((timeSlot, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/intent',
          remoteAddress: `2001:db8:0:7::${i + 1}`,
          payload: { employeeId: other.id, date: MONDAY, timeSlot },
        }),
      ),
    );
    expect(v6.filter((r) => r.statusCode === 200)).toHaveLength(3);
    // Many networks, one address each: the day keeps free times for the next visitor.
    const networks = await Promise.all(times.map((timeSlot, i) => start(`10.${100 + i}.0.1`, timeSlot)));
    const allHeld = held.length + networks.filter((r) => r.statusCode === 200).length;
    expect(allHeld).toBe(4);
    expect(networks.some((r) => r.json().message === BOOKING_MESSAGES.dayBusy)).toBe(true);
    const schedule = (await t.app.inject({ url: `/api/schedule/${employee.username}` })).json();
    const open: string[] = schedule.slots.find((day: { date: string }) => day.date === MONDAY)?.times ?? [];
    expect(open.length).toBeGreaterThanOrEqual(2);
  });

  it('sweeping a calendar from a few addresses leaves it open: a real visitor still books', async () => {
    const employee = await newEmployee();
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'];
    for (const remoteAddress of ['10.66.0.1', '10.66.0.2', '10.66.0.3']) {
      for (const timeSlot of times) {
        await t.app.inject({
          method: 'POST',
          url: '/api/payments/intent',
          remoteAddress,
          payload: { employeeId: employee.id, date: MONDAY, timeSlot },
        });
      }
    }
    const schedule = (await t.app.inject({ url: `/api/schedule/${employee.username}` })).json();
    const open: string[] = schedule.slots.find((day: { date: string }) => day.date === MONDAY)?.times ?? [];
    expect(open.length).toBeGreaterThanOrEqual(3);
    const intent = await startPayment(employee.id, open[0]);
    await pay(intent.clientSecret);
    expect((await book(employee.id, intent.paymentIntentId, open[0])).statusCode).toBe(200);
  });
});
