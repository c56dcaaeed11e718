import type { Pack } from '@chatdesk/contract/packs';
import type { Service } from '@chatdesk/contract/services';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertEmployee } from '../../../test/factories.ts';
import { appointments, mailOutbox, notifications, waitlistEntries } from '../../db/schema.ts';
import { TEST_CARDS } from '../../integrations/payments/local-payment-provider.ts';

/** Friday 20 November 2026, 11:00 in Madrid (the test app's zone): where each file's clock starts. */
export const START = new Date('2026-11-20T10:00:00Z');
/** The Monday after, whose times the tests book and wait for. */
export const MONDAY = '2026-11-23';

export type Slot = { employeeId: string; serviceId: string };
type Employee = Awaited<ReturnType<typeof insertEmployee>>;

/**
 * What the waitlist's API tests share, for classes and one-to-one times alike: a test app on a clock
 * the tests move (`clock.now`, START at first), staff signed in, and the steps of a line through the
 * HTTP layer as the booking page, staff and the customer's emails take them. Called once at the top
 * of a test file: the app is built before its tests and closed after them. `network` keeps each
 * file's visitors apart: every visitor's call comes from a network of its own (10.<network>.x.1 on),
 * as on the real page, so no rate limit counts two of them.
 */
export function waitlistFixture(network: number) {
  const clock = { now: START };
  let t: TestContext;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp({ clock: () => clock.now });
    ({ headers } = await t.signIn());
  });
  afterAll(() => t.close());

  let serial = 0;
  /** A number no other call in this file had: for names, emails and phones. */
  const next = () => ++serial;

  const staff = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  const visit = (method: 'GET' | 'POST', url: string, payload?: object) => {
    const n = next();
    return t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      remoteAddress: `10.${network + Math.floor(n / 250)}.${n % 250}.1`,
    });
  };

  /** An hour's service: a class of `seats`, or one to one without. */
  async function aService(options: { seats?: number; priceAmount?: number; name?: string } = {}) {
    const { seats, priceAmount = 0 } = options;
    const created = await staff('POST', '/api/services', {
      name: options.name ?? `${seats ? 'Clase' : 'Sesión'} ${next()}`,
      durationMinutes: 60,
      priceAmount,
      currency: 'eur',
      ...(seats ? { seats } : {}),
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as Service;
  }

  /**
   * A professional working Mondays 9–13 with an hour's service: a class of `seats`, or one to one
   * without; `service` gives them one made before (a second professional of it). `name` and
   * `employee` (name, username) where a test reads them.
   */
  async function aProfessional(
    options: {
      seats?: number;
      priceAmount?: number;
      name?: string;
      employee?: Partial<Employee>;
      service?: Service;
    } = {},
  ) {
    const service = options.service ?? (await aService(options));
    const employee = await insertEmployee(t.db, {
      availability: { monday: [['09:00', '13:00']] } as never,
      ...options.employee,
    });
    const assigned = await staff('PUT', `/api/employees/${employee.id}/services`, {
      serviceIds: [service.id],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    return { service, employee, slot: { employeeId: employee.id, serviceId: service.id } };
  }

  /**
   * A one-to-one service (free unless `priceAmount`) that `size` professionals offer, each working
   * Mondays 9–13: what the booking page's 'anyone available' books. Answers the service and each
   * professional with their slot (first made first).
   */
  async function aTeam(size: number, priceAmount = 0) {
    const service = await aService({ priceAmount });
    const team: Array<{ employee: Employee; slot: Slot }> = [];
    for (let i = 0; i < size; i++) {
      const { employee, slot } = await aProfessional({
        service,
        employee: { name: `Profesional ${next()}` },
      });
      team.push({ employee, slot });
    }
    return { service, team };
  }

  /** A client staff added; answers their id. */
  async function aClient(email = `cliente-${next()}@example.com`) {
    const n = next();
    const response = await staff('POST', '/api/clients', {
      name: `Cliente ${n}`,
      phone: `+34 622 ${String(100_000 + n).slice(-6)}`,
      email,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  }

  /** Staff book the time (a seat of a class) for a new client: the response, whatever it is. */
  const bookAt = async (slot: Slot, timeSlot = '10:00') =>
    staff('POST', '/api/appointments', { clientId: await aClient(), ...slot, date: MONDAY, timeSlot });

  /** Staff book the time for a new client; answers the appointment's row (with its private link's token). */
  async function book(slot: Slot, timeSlot = '10:00') {
    const booked = await bookAt(slot, timeSlot);
    expect(booked.statusCode, booked.body).toBe(201);
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, booked.json().id));
    return row!;
  }

  const join = (slot: Slot, who: { name: string; email: string; phone?: string }, timeSlot = '10:00') =>
    visit('POST', '/api/book/waitlist', { ...slot, date: MONDAY, timeSlot, ...who });

  /** Joins the line of the service's time with anyone available, as the booking page does (no professional). */
  const joinAnyone = (
    serviceId: string,
    who: { name: string; email: string; phone?: string },
    timeSlot = '10:00',
  ) => visit('POST', '/api/book/waitlist', { serviceId, date: MONDAY, timeSlot, ...who });

  /** The customer cancels on their booking's private link. */
  const cancelByLink = (manageToken: string) =>
    visit('POST', `/api/booking/${manageToken}/cancel`, { refundExpected: 0 });

  const entryOf = async (email: string) =>
    (await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, email)))[0]!;

  const appointmentsOf = (email: string) =>
    t.db.select().from(appointments).where(eq(appointments.clientEmail, email));

  /** The newest email to an address with this subject's start. */
  async function lastMail(to: string, subject: string) {
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), sql`${mailOutbox.subject} like ${`${subject}%`}`))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    return mail;
  }

  /** The offer link's token, read from the offer email as the customer would. */
  async function offerToken(email: string) {
    await t.app.services.waitlist.tellOffers();
    const mail = await lastMail(email, 'A place is free');
    expect(mail, `offer email to ${email}`).toBeDefined();
    return /\/waitlist\/([\w-]+)/.exec(mail!.text)![1]!;
  }

  /** Opens the offer's payment (nothing is charged yet). */
  async function openPayment(token: string) {
    const intent = await visit('POST', `/api/waitlist/${token}/payment`);
    expect(intent.statusCode, intent.body).toBe(200);
    return intent.json() as { clientSecret: string; paymentIntentId: string; amount: number };
  }

  /** Pays an opened payment with a test card. */
  async function payCard(clientSecret: string, card: string = TEST_CARDS.success) {
    const paid = await visit('POST', '/api/payments/local/confirm', {
      clientSecret,
      card: { number: card, expMonth: 12, expYear: 2030, cvc: '123' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }

  /** Opens the offer's payment and pays it; answers the payment's id. */
  async function pay(token: string, card: string = TEST_CARDS.success) {
    const intent = await openPayment(token);
    await payCard(intent.clientSecret, card);
    return intent.paymentIntentId;
  }

  /** What staff were told of waitlist payments given back. */
  const refundNotices = async () =>
    (
      await t.db
        .select({ message: notifications.message })
        .from(notifications)
        .where(eq(notifications.title, 'Waitlist place not booked, payment refunded'))
    )
      .map((n) => n.message)
      .join('\n');

  /** A pack of the service sold at the desk to the client; answers the client's pack. */
  async function sellPack(serviceId: string, clientId: string, priceAmount: number) {
    const pack = await staff('POST', '/api/packs', {
      serviceId,
      name: 'Bono 5',
      sessions: 5,
      priceAmount,
      validityDays: 90,
    });
    expect(pack.statusCode, pack.body).toBe(201);
    const sold = await staff('POST', `/api/clients/${clientId}/packs`, {
      packId: (pack.json() as Pack).id,
      method: 'cash',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    return sold.json() as { id: string };
  }

  /** The booking page's emailed code for an address, checked: answers the token that proves it. */
  async function packCode(email: string) {
    const sent = await visit('POST', '/api/book/packs/code', { email, language: 'en' });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = /\b(\d{6})\b/.exec((await lastMail(email, 'Your code'))!.text)![1]!;
    const checked = await visit('POST', '/api/book/packs/code/confirm', {
      verificationId: sent.json().verificationId,
      email,
      code,
    });
    expect(checked.statusCode, checked.body).toBe(200);
    return checked.json().token as string;
  }

  /** The line staff see on an appointment's page. */
  async function waitlistOf(appointmentId: string) {
    const response = await staff('GET', `/api/appointments/${appointmentId}/waitlist`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().entries as Array<{
      name: string;
      status: string;
      position: number;
      holdUntil: string | null;
    }>;
  }

  /** The times the booking page offers a waitlist for (full classes, taken one-to-one times). */
  const fullTimes = async (slot: Slot) =>
    (
      await visit(
        'GET',
        `/api/book/waitlist/full-times?employeeId=${slot.employeeId}&serviceId=${slot.serviceId}`,
      )
    ).json().times as Array<{ date: string; timeSlot: string }>;

  /** The times the booking page offers a waitlist for with 'anyone available' (taken with everyone). */
  const fullTimesAnyone = async (serviceId: string) => {
    const response = await visit('GET', `/api/book/waitlist/full-times?serviceId=${serviceId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().times as Array<{ date: string; timeSlot: string }>;
  };

  /** Monday's open times on the public booking page (the slots API the page reads). */
  async function openOnMonday(employee: { username: string }, serviceId: string) {
    const response = await visit('GET', `/api/schedule/${employee.username}?service=${serviceId}`);
    expect(response.statusCode, response.body).toBe(200);
    const days = response.json().slots as Array<{ date: string; times: string[] }>;
    return days.find((day) => day.date === MONDAY)?.times ?? [];
  }

  /** Monday as the schedule's open times read it (what the assistant offers), with seats left. */
  async function openTimesOnMonday(employee: Employee, serviceId: string) {
    const [day] = await t.app.services.schedule.openTimes(
      employee,
      'Europe/Madrid',
      { from: MONDAY, to: MONDAY },
      { serviceId },
    );
    return day;
  }

  return {
    /** The test app, once built. */
    get t() {
      return t;
    },
    clock,
    next,
    staff,
    visit,
    aProfessional,
    aClass: (seats: number, priceAmount = 1500) => aProfessional({ seats, priceAmount }),
    aTrainer: (priceAmount = 0) => aProfessional({ priceAmount }),
    aTeam,
    aClient,
    bookAt,
    book,
    join,
    joinAnyone,
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
    fullTimesAnyone,
    openOnMonday,
    openTimesOnMonday,
  };
}
