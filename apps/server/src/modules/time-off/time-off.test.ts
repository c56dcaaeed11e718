import { BOOKING_MESSAGES } from '@chatdesk/contract/schedule';
import { TIME_OFF_MESSAGES } from '@chatdesk/contract/time-off';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertAppointment, insertEmployee } from '../../../test/factories.ts';
import { appointments, chats, contacts } from '../../db/schema.ts';
import {
  createLocalPaymentProvider,
  TEST_CARDS,
} from '../../integrations/payments/local-payment-provider.ts';

// Monday 23 November 2026, 10:10 in Madrid.
const now = new Date('2026-11-23T09:10:00Z');
const ZONE = 'Europe/Madrid';
let t: TestContext;
let headers: Record<string, string>;
type Employee = Awaited<ReturnType<typeof insertEmployee>>;

const weekdays: Array<[string, string]> = [['09:00', '11:00']];
const availability = {
  monday: weekdays,
  tuesday: weekdays,
  wednesday: weekdays,
  thursday: weekdays,
  friday: weekdays,
};

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  ({ headers } = await t.signIn());
  const company = await t.app.inject({
    method: 'PUT',
    url: '/api/company',
    headers,
    payload: { name: 'Estudio Norte', information: 'A gym in Madrid.', timeZone: ZONE },
  });
  expect(company.statusCode, company.body).toBe(200);
}, 60_000);
afterAll(() => t.close());

const newEmployee = () => insertEmployee(t.db, { availability });

const addOverride = (employeeId: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/employees/${employeeId}/date-overrides`, headers, payload });
const addClosure = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/company/closures', headers, payload });

async function publicSlots(employee: Employee) {
  const response = await t.app.inject({ url: `/api/schedule/${employee.username}` });
  expect(response.statusCode, response.body).toBe(200);
  const days = response.json().slots as Array<{ date: string; times: string[] }>;
  return Object.fromEntries(days.map((day) => [day.date, day.times]));
}

const assistantTimes = async (employee: Employee, from: string, to: string) =>
  Object.fromEntries(
    (
      await t.app.services.schedule.openTimes(
        { id: employee.id, availability: employee.availability },
        ZONE,
        {
          from,
          to,
        },
      )
    ).map((day) => [day.date, day.times]),
  );

let visitorNumber = 0;
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.9.0.${++visitorNumber}` });

/** The public page's way up to the payment: hold the slot and pay with the test card. */
async function pay(employeeId: string, date: string, timeSlot: string) {
  const intent = await post('/api/payments/intent', { employeeId, date, timeSlot });
  expect(intent.statusCode, intent.body).toBe(200);
  const { clientSecret, paymentIntentId } = intent.json();
  const confirmed = await post('/api/payments/local/confirm', {
    clientSecret,
    card: { number: TEST_CARDS.success, expMonth: 12, expYear: 2030, cvc: '123' },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return paymentIntentId as string;
}

const book = (employeeId: string, date: string, timeSlot: string, paymentId: string) =>
  post('/api/schedule/book', {
    employeeId,
    date,
    timeSlot,
    day: 'Thursday',
    clientInfo: { name: 'Lucía Prieto', email: 'lucia@example.com', phone: '+34 600 222 333' },
    payment: { id: paymentId, amount: 1000, currency: 'eur', status: 'succeeded' },
  });

describe('employee time off', () => {
  it('takes a day off away from the public schedule and the assistant, and gives it back when removed', async () => {
    const employee = await newEmployee();
    const before = await publicSlots(employee);
    expect(before['2026-11-25']).toEqual(['09:00', '09:30', '10:00', '10:30']);

    const created = await addOverride(employee.id, {
      fromDate: '2026-11-25',
      toDate: '2026-11-26',
      note: 'Dentist',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { override, affectedAppointments } = created.json();
    expect(override).toMatchObject({
      fromDate: '2026-11-25',
      toDate: '2026-11-26',
      ranges: [],
      note: 'Dentist',
    });
    expect(affectedAppointments).toEqual([]);

    const after = await publicSlots(employee);
    expect(after['2026-11-25']).toBeUndefined();
    expect(after['2026-11-26']).toBeUndefined();
    expect(after['2026-11-27']).toEqual(before['2026-11-27']);
    expect(await assistantTimes(employee, '2026-11-24', '2026-11-27')).toEqual({
      '2026-11-24': before['2026-11-24'],
      '2026-11-27': before['2026-11-27'],
    });

    const list = await t.app.inject({ url: `/api/employees/${employee.id}/date-overrides`, headers });
    expect(list.json()).toEqual([override]);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/employees/${employee.id}/date-overrides/${override.id}`,
      headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await publicSlots(employee))['2026-11-25']).toEqual(before['2026-11-25']);
  });

  it('offers different hours on one date everywhere, even on a weekend', async () => {
    const employee = await newEmployee();
    for (const [date, ranges] of [
      ['2026-11-26', [['16:00', '17:00']]],
      ['2026-11-28', [['10:00', '10:30']]],
    ] as const) {
      expect((await addOverride(employee.id, { fromDate: date, toDate: date, ranges })).statusCode).toBe(201);
    }
    const slots = await publicSlots(employee);
    expect(slots['2026-11-26']).toEqual(['16:00', '16:30']);
    expect(slots['2026-11-28']).toEqual(['10:00']);
    expect(await assistantTimes(employee, '2026-11-26', '2026-11-28')).toEqual({
      '2026-11-26': ['16:00', '16:30'],
      '2026-11-27': slots['2026-11-27'],
      '2026-11-28': ['10:00'],
    });
  });

  it('refuses to hold a slot inside time off with the usual message', async () => {
    const employee = await newEmployee();
    await addOverride(employee.id, { fromDate: '2026-12-01', toDate: '2026-12-01' });
    const intent = await post('/api/payments/intent', {
      employeeId: employee.id,
      date: '2026-12-01',
      timeSlot: '09:00',
    });
    expect(intent.statusCode).toBe(409);
    expect(intent.json().message).toBe(BOOKING_MESSAGES.slotUnavailable);
  });

  it('refunds a payment made before the day became time off, and books nothing', async () => {
    const employee = await newEmployee();
    const paymentId = await pay(employee.id, '2026-12-03', '10:00');
    await addOverride(employee.id, {
      fromDate: '2026-12-03',
      toDate: '2026-12-03',
      ranges: [['16:00', '18:00']],
    });

    const booked = await book(employee.id, '2026-12-03', '10:00', paymentId);
    expect(booked.statusCode).toBe(409);
    expect(booked.json().message).toBe(BOOKING_MESSAGES.slotUnavailableRefunded);
    const provider = createLocalPaymentProvider({ db: t.db, clock: () => now });
    expect((await provider.retrievePaymentIntent(paymentId))?.refunded).toBe(true);
    expect(await t.db.select().from(appointments).where(eq(appointments.employeeId, employee.id))).toEqual(
      [],
    );
  });

  it('lists the booked appointments new time off takes away, with a way to reach each customer', async () => {
    const employee = await newEmployee();
    const [contact] = await t.db
      .insert(contacts)
      .values({ name: 'Marta Gil', prefix: '+34', phone: '611 222 333' })
      .returning();
    const [chat] = await t.db.insert(chats).values({ contactId: contact!.id }).returning();
    const withChat = await insertAppointment(t.db, {
      employeeId: employee.id,
      employeeName: employee.name,
      clientName: 'Marta Gil',
      clientPhone: '+34 611-222-333',
      startsAt: new Date('2026-12-02T08:00:00Z'),
      localDate: '2026-12-02',
      startTime: '09:00',
      endTime: '09:30',
    });
    const byEmail = await insertAppointment(t.db, {
      employeeId: employee.id,
      employeeName: employee.name,
      clientName: 'Ana Ruiz',
      clientEmail: 'ana@example.com',
      clientPhone: null,
      startsAt: new Date('2026-12-02T09:30:00Z'),
      localDate: '2026-12-02',
      startTime: '10:30',
      endTime: '11:00',
    });
    // Cancelled, or kept by the new hours: nobody to contact.
    await insertAppointment(t.db, {
      employeeId: employee.id,
      status: 'cancelled',
      startsAt: new Date('2026-12-02T09:00:00Z'),
      localDate: '2026-12-02',
      startTime: '10:00',
      endTime: '10:30',
    });

    const created = await addOverride(employee.id, {
      fromDate: '2026-12-02',
      toDate: '2026-12-02',
      ranges: [['10:30', '11:00']],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().affectedAppointments).toEqual([
      {
        id: withChat.id,
        employeeName: employee.name,
        date: '2026-12-02',
        time: '09:00',
        clientName: 'Marta Gil',
        clientEmail: withChat.clientEmail,
        clientPhone: '+34 611-222-333',
        chatId: chat!.id,
      },
    ]);

    const dayOff = await addOverride(employee.id, { fromDate: '2026-12-02', toDate: '2026-12-02' });
    const affected = dayOff.json().affectedAppointments as Array<{ id: string; chatId: string | null }>;
    expect(affected.map((row) => [row.id, row.chatId])).toEqual([
      [withChat.id, chat!.id],
      [byEmail.id, null],
    ]);
    const again = await t.app.inject({
      url: `/api/employees/${employee.id}/date-overrides/${dayOff.json().override.id}/affected-appointments`,
      headers,
    });
    expect(again.json()).toEqual(dayOff.json().affectedAppointments);
  });

  it('refuses bad input with a message, and unknown ids with 404', async () => {
    const employee = await newEmployee();
    for (const [payload, message] of [
      [{ fromDate: '2026-12-05', toDate: '2026-12-04' }, TIME_OFF_MESSAGES.datesOrder],
      [{ fromDate: '2026-12-01', toDate: '2027-12-02' }, TIME_OFF_MESSAGES.tooLong],
      [{ fromDate: '2026-02-30', toDate: '2026-03-01' }, TIME_OFF_MESSAGES.dateInvalid],
      [
        { fromDate: '2026-12-01', toDate: '2026-12-01', ranges: [['10:00', '09:00']] },
        'End time must be after start time',
      ],
      [
        { fromDate: '2026-12-01', toDate: '2026-12-01', ranges: [['10:15', '11:00']] },
        'Times must be on the half hour',
      ],
    ] as const) {
      const response = await addOverride(employee.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(
      (await addOverride(employee.id, { fromDate: '2026-12-01', toDate: '2027-12-01' })).statusCode,
    ).toBe(201);

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await addOverride(unknown, { fromDate: '2026-12-01', toDate: '2026-12-01' })).statusCode).toBe(
      404,
    );
    const missing = await t.app.inject({
      method: 'DELETE',
      url: `/api/employees/${employee.id}/date-overrides/${unknown}`,
      headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(TIME_OFF_MESSAGES.overrideNotFound);
    expect((await t.app.inject({ url: '/api/employees/nope/date-overrides', headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/employees/${employee.id}/date-overrides` })).statusCode).toBe(
      401,
    );
  });
});

describe('business closures', () => {
  it('close every calendar on those days, and the booking API refuses them', async () => {
    const [first, second] = [await newEmployee(), await newEmployee()];
    const booked = await insertAppointment(t.db, {
      employeeId: second.id,
      employeeName: second.name,
      clientName: 'Pablo Sanz',
      startsAt: new Date('2026-12-08T09:00:00Z'),
      localDate: '2026-12-08',
      startTime: '10:00',
      endTime: '10:30',
    });
    const created = await addClosure({
      name: 'Inmaculada Concepción',
      fromDate: '2026-12-08',
      toDate: '2026-12-08',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { closure, affectedAppointments } = created.json();
    expect(closure).toMatchObject({
      name: 'Inmaculada Concepción',
      fromDate: '2026-12-08',
      toDate: '2026-12-08',
    });
    expect(affectedAppointments.map((row: { id: string }) => row.id)).toEqual([booked.id]);

    for (const employee of [first, second]) {
      const slots = await publicSlots(employee);
      expect(slots['2026-12-08']).toBeUndefined();
      expect(slots['2026-12-09']).toEqual(['09:00', '09:30', '10:00', '10:30']);
      expect(Object.keys(await assistantTimes(employee, '2026-12-07', '2026-12-09'))).toEqual([
        '2026-12-07',
        '2026-12-09',
      ]);
    }
    const intent = await post('/api/payments/intent', {
      employeeId: first.id,
      date: '2026-12-08',
      timeSlot: '09:00',
    });
    expect(intent.statusCode).toBe(409);
    expect(intent.json().message).toBe(BOOKING_MESSAGES.slotUnavailable);

    const list = await t.app.inject({ url: '/api/company/closures', headers });
    expect(list.json()).toContainEqual(closure);
    const again = await t.app.inject({
      url: `/api/company/closures/${closure.id}/affected-appointments`,
      headers,
    });
    expect(again.json()).toEqual(affectedAppointments);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/company/closures/${closure.id}`,
      headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await publicSlots(first))['2026-12-08']).toEqual(['09:00', '09:30', '10:00', '10:30']);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/company/closures/${closure.id}`,
      headers,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(TIME_OFF_MESSAGES.closureNotFound);
  });

  it('refuses a closure without a name or with dates out of order', async () => {
    const noName = await addClosure({ name: ' ', fromDate: '2026-12-24', toDate: '2026-12-25' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toContain(TIME_OFF_MESSAGES.nameRequired);
    const backwards = await addClosure({ name: 'Christmas', fromDate: '2026-12-26', toDate: '2026-12-25' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain(TIME_OFF_MESSAGES.datesOrder);
  });
});
