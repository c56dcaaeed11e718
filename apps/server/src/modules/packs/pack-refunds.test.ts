import { type ClientPack, PACK_MESSAGES, type Pack, packRefundBooked } from '@chatdesk/contract/packs';
import type { Service } from '@chatdesk/contract/services';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertEmployee } from '../../../test/factories.ts';
import {
  clientPacks,
  clients,
  localPaymentIntents,
  mailOutbox,
  notifications,
  packLedger,
  payments as paymentRows,
} from '../../db/schema.ts';
import {
  createLocalPaymentProvider,
  TEST_CARDS,
} from '../../integrations/payments/local-payment-provider.ts';
import type { PaymentProvider } from '../../integrations/payments/payment-provider.ts';
import { packWrites } from './pack-writes.ts';
import { STRANDED_REFUND_AFTER_MS } from './packs.service.ts';

// Friday 20 November 2026, 11:00 in Madrid.
const FRIDAY = new Date('2026-11-20T10:00:00Z');
const MONDAY = '2026-11-23';
let now = FRIDAY;
let t: TestContext;
let headers: Record<string, string>;
let inner: PaymentProvider;
let refundFails = false;
/** The provider does not answer whether a refund was made, as in an outage. */
let findFails = false;
/** Runs once the provider has refunded, before the refund is written: to break that write. */
let afterProviderRefund: (() => Promise<void>) | null = null;
/** Every refund asked of the provider: the payment and the part of it. */
const refundCalls: Array<{ id: string; amount: number | undefined }> = [];
// The local provider, with a switch to make it fail refunds as an outage would.
const payments: PaymentProvider = {
  name: 'local',
  publishableKey: null,
  createPaymentIntent: (input) => inner.createPaymentIntent(input),
  retrievePaymentIntent: (id) => inner.retrievePaymentIntent(id),
  refundPaymentIntent: async (id, part) => {
    refundCalls.push({ id, amount: part?.amount });
    if (refundFails) throw new Error('The provider is down');
    await inner.refundPaymentIntent(id, part);
    await afterProviderRefund?.();
  },
  findRefund: async (id, key) => {
    if (findFails) throw new Error('The provider is down');
    return inner.findRefund(id, key);
  },
  forgetCustomer: (input) => inner.forgetCustomer(input),
};

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now, integrations: { payments } });
  inner = createLocalPaymentProvider({ db: t.db, clock: () => now });
  ({ headers } = await t.signIn());
}, 60_000);
afterAll(() => t.close());

const staff = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
let serial = 0;

async function createService(): Promise<Service> {
  const response = await staff('POST', '/api/services', {
    name: `Entrenamiento ${++serial}`,
    durationMinutes: 30,
    priceAmount: 4000,
    currency: 'eur',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function professional(service: Service) {
  const employee = await insertEmployee(t.db, {
    availability: { monday: [['09:00', '13:00']], tuesday: [['09:00', '13:00']] } as never,
  });
  const set = await staff('PUT', `/api/employees/${employee.id}/services`, { serviceIds: [service.id] });
  expect(set.statusCode, set.body).toBe(200);
  return employee;
}

async function createClient(language?: 'es' | 'en') {
  const response = await staff('POST', '/api/clients', {
    name: `Cliente ${++serial}`,
    phone: `+34 611 000 ${String(serial).padStart(3, '0')}`,
    email: `reembolso-${serial}@example.com`,
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().id as string;
  // The language the client last wrote in (the chat reads it); set here as the chat would.
  if (language) await t.db.update(clients).set({ language }).where(eq(clients.id, id));
  return id;
}

async function createPack(service: Service, overrides: Record<string, unknown> = {}): Promise<Pack> {
  const response = await staff('POST', '/api/packs', {
    serviceId: service.id,
    name: 'Bono 10 sesiones',
    sessions: 10,
    priceAmount: 35000,
    validityDays: 90,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function sell(clientId: string, pack: Pack): Promise<ClientPack> {
  const response = await staff('POST', `/api/clients/${clientId}/packs`, { packId: pack.id, method: 'cash' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A customer buys the pack on the booking page and pays by card: answers their client and pack. */
async function buyOnline(pack: Pack) {
  const email = `online-${++serial}@example.com`;
  const visitor = { remoteAddress: `10.44.${serial % 250}.1` };
  const opened = await t.app.inject({
    method: 'POST',
    url: '/api/book/packs/checkout',
    ...visitor,
    payload: {
      packId: pack.id,
      clientInfo: { name: 'Lucía Romero', email, phone: '+34 600 222 333' },
      language: 'es',
    },
  });
  expect(opened.statusCode, opened.body).toBe(200);
  const intent = opened.json();
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payments/local/confirm',
    ...visitor,
    payload: {
      clientSecret: intent.clientSecret,
      card: { number: TEST_CARDS.success, expMonth: 12, expYear: 2030, cvc: '123' },
    },
  });
  expect(paid.json().status).toBe('succeeded');
  const bought = await t.app.inject({
    method: 'POST',
    url: '/api/book/packs/purchase',
    ...visitor,
    payload: { paymentIntentId: intent.paymentIntentId },
  });
  expect(bought.statusCode, bought.body).toBe(200);
  const [client] = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.email, email));
  const [clientPack] = (await staff('GET', `/api/clients/${client!.id}/packs`)).json() as ClientPack[];
  return { clientId: client!.id, clientPack: clientPack!, paymentIntentId: intent.paymentIntentId as string };
}

const refund = (clientId: string, clientPackId: string, payload: object) =>
  staff('POST', `/api/clients/${clientId}/packs/${clientPackId}/refund`, payload);

const bookWithPack = (clientId: string, employeeId: string, serviceId: string, timeSlot: string) =>
  staff('POST', '/api/appointments', {
    clientId,
    employeeId,
    serviceId,
    date: MONDAY,
    timeSlot,
    payment: 'pack',
  });

async function ledgerOf(clientId: string, clientPackId: string) {
  const response = await staff('GET', `/api/clients/${clientId}/packs/${clientPackId}/ledger`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    pack: ClientPack;
    entries: Array<{
      kind: string;
      sessions: number;
      amount: number;
      employeeName: string | null;
      reason: string | null;
    }>;
  };
}

/** The pack's balance is its ledger's sum, never below zero, and its money is price minus refund. */
async function expectExact(clientPackId: string, money: number) {
  const [pack] = await t.db.select().from(clientPacks).where(eq(clientPacks.id, clientPackId));
  const rows = await t.db.select().from(packLedger).where(eq(packLedger.clientPackId, clientPackId));
  expect(pack!.sessionsLeft).toBeGreaterThanOrEqual(0);
  expect(rows.reduce((sum, row) => sum + row.sessions, 0)).toBe(pack!.sessionsLeft);
  expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(money);
}

async function mailsTo(clientId: string) {
  const [client] = await t.db.select({ email: clients.email }).from(clients).where(eq(clients.id, clientId));
  const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, client!.email!));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

describe('refunding a pack sold at the desk', () => {
  it('ends the sessions left and records the money handed back, by whom and why, once', async () => {
    const service = await createService();
    const employee = await professional(service);
    const clientId = await createClient('en');
    const sold = await sell(clientId, await createPack(service));
    // One session used and attended: 9 left, pro rata 315,00 € of 350,00 €.
    const booked = await bookWithPack(clientId, employee.id, service.id, '10:00');
    expect(booked.statusCode, booked.body).toBe(201);
    const done = await staff('PATCH', `/api/appointments/${booked.json().id}/status`, {
      status: 'completed',
    });
    expect(done.statusCode, done.body).toBe(200);

    const refunded = await refund(clientId, sold.id, { amount: 31500, reason: 'Moving to Bilbao' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ id: sold.id, sessionsLeft: 0, refundedAt: FRIDAY.toISOString() });
    // Money at the desk goes back by hand: the provider is not asked.
    expect(refundCalls).toEqual([]);

    const ledger = await ledgerOf(clientId, sold.id);
    expect(ledger.entries.map((e) => [e.kind, e.sessions, e.amount])).toEqual([
      ['sale', 10, 35000],
      ['use', -1, 0],
      ['refund', -9, -31500],
    ]);
    expect(ledger.entries[2]).toMatchObject({ reason: 'Moving to Bilbao' });
    expect(ledger.entries[2]!.employeeName).toEqual(expect.any(String));
    await expectExact(sold.id, 35000 - 31500);

    const [mail] = (await mailsTo(clientId)).filter((m) => m.subject.startsWith('Refund'));
    expect(mail!.subject).toBe('Refund of your pack: Bono 10 sesiones');
    expect(mail!.text).toContain('We have refunded €315.00 for your pack "Bono 10 sesiones".');
    expect(mail!.text).toContain('It was handed back to you at the desk.');
    expect(mail!.text).toContain('The 9 sessions that were left can no longer be booked.');

    // A second refund, or a booking with the refunded pack, is refused.
    const again = await refund(clientId, sold.id, { amount: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: PACK_MESSAGES.alreadyRefunded });
    const noSession = await bookWithPack(clientId, employee.id, service.id, '11:00');
    expect(noSession.statusCode).toBe(409);
    expect(noSession.json()).toEqual({ message: PACK_MESSAGES.noSessionLeft });
    await expectExact(sold.id, 3500);
  });

  it('tells a Spanish client in Spanish', async () => {
    const service = await createService();
    const clientId = await createClient('es');
    const sold = await sell(clientId, await createPack(service, { sessions: 5, priceAmount: 20000 }));
    const refunded = await refund(clientId, sold.id, { amount: 20000 });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const [mail] = (await mailsTo(clientId)).filter((m) => m.subject.startsWith('Reembolso'));
    expect(mail!.subject).toBe('Reembolso de tu bono: Bono 10 sesiones');
    expect(mail!.text).toContain('Hola, ');
    expect(mail!.text).toMatch(/Te hemos reembolsado 200,00\s€ de tu bono «Bono 10 sesiones»\./);
    expect(mail!.text).toContain('Se te ha devuelto en el centro.');
    expect(mail!.text).toContain('Las 5 sesiones que quedaban ya no se pueden reservar.');
  });

  it('is refused while appointments to come use its sessions, listing them', async () => {
    const service = await createService();
    const employee = await professional(service);
    const clientId = await createClient();
    const sold = await sell(clientId, await createPack(service));
    const first = await bookWithPack(clientId, employee.id, service.id, '10:00');
    const second = await bookWithPack(clientId, employee.id, service.id, '11:30');
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const refused = await refund(clientId, sold.id, { amount: 28000 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: packRefundBooked(['Mon 23 Nov, 10:00', 'Mon 23 Nov, 11:30']),
    });
    expect(refused.json().message).toContain('Cancel or move the 2 appointments booked with this pack first');
    await expectExact(sold.id, 35000);
    expect((await ledgerOf(clientId, sold.id)).pack).toMatchObject({ sessionsLeft: 8, refundedAt: null });

    // Cancelled in time, their sessions come back; then the refund takes all ten.
    for (const id of [first.json().id, second.json().id])
      expect(
        (await staff('PATCH', `/api/appointments/${id}/status`, { status: 'cancelled' })).statusCode,
      ).toBe(200);
    const refunded = await refund(clientId, sold.id, { amount: 35000 });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const ledger = await ledgerOf(clientId, sold.id);
    expect(ledger.entries.at(-1)).toMatchObject({ kind: 'refund', sessions: -10, amount: -35000 });
    await expectExact(sold.id, 0);
  });

  it('refunds an expired pack in money only: its sessions were written off by the expiry', async () => {
    const service = await createService();
    const clientId = await createClient();
    const sold = await sell(clientId, await createPack(service, { sessions: 4, validityDays: 1 }));
    now = new Date('2026-11-22T10:00:00Z');
    try {
      const refunded = await refund(clientId, sold.id, { amount: 5000, reason: 'Ill for a week' });
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(refunded.json()).toMatchObject({ sessionsLeft: 0, expired: true });
      const ledger = await ledgerOf(clientId, sold.id);
      expect(ledger.entries.map((e) => [e.kind, e.sessions, e.amount])).toEqual([
        ['sale', 4, 35000],
        ['expiry', -4, 0],
        ['refund', 0, -5000],
      ]);
      const [mail] = (await mailsTo(clientId)).filter((m) => m.subject.startsWith('Refund'));
      expect(mail!.text).toContain('The pack has no sessions left to book.');
    } finally {
      now = FRIDAY;
    }
    await expectExact(sold.id, 30000);
  });

  it('refuses bad input with a 4xx and a message, and writes nothing', async () => {
    const service = await createService();
    const clientId = await createClient();
    const otherClient = await createClient();
    const sold = await sell(clientId, await createPack(service));
    for (const [payload, status, message] of [
      [{ amount: 35001 }, 400, PACK_MESSAGES.refundTooMuch],
      [{ amount: -1 }, 400, PACK_MESSAGES.refundAmountInvalid],
      [{ amount: 10.5 }, 400, PACK_MESSAGES.refundAmountInvalid],
      [{ amount: '100' }, 400, PACK_MESSAGES.refundAmountInvalid],
      [{}, 400, PACK_MESSAGES.refundAmountInvalid],
      [{ amount: 100, reason: 'x'.repeat(501) }, 400, PACK_MESSAGES.refundReasonTooLong],
    ] as const) {
      const response = await refund(clientId, sold.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().message, JSON.stringify(payload)).toContain(message);
    }
    const unknown = await refund(clientId, '00000000-0000-4000-8000-000000000000', { amount: 0 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: PACK_MESSAGES.clientPackNotFound });
    // Another client's pack is not found under this one.
    const notTheirs = await refund(otherClient, sold.id, { amount: 0 });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual({ message: PACK_MESSAGES.clientPackNotFound });
    expect((await refund(clientId, 'nope', { amount: 0 })).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/clients/${clientId}/packs/${sold.id}/refund`,
          payload: { amount: 0 },
        })
      ).statusCode,
    ).toBe(401);
    await expectExact(sold.id, 35000);
    expect((await ledgerOf(clientId, sold.id)).pack.refundedAt).toBeNull();
  });
});

describe('refunding a pack bought online', () => {
  it('gives part of the money back through the provider, which shows the refund and its amount', async () => {
    const service = await createService();
    const { clientId, clientPack, paymentIntentId } = await buyOnline(await createPack(service));
    refundCalls.length = 0;
    const refunded = await refund(clientId, clientPack.id, { amount: 24500 });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refundCalls).toEqual([{ id: paymentIntentId, amount: 24500 }]);
    const intent = await inner.retrievePaymentIntent(paymentIntentId);
    expect(intent).toMatchObject({ amount: 35000, amountRefunded: 24500, refunded: false });
    await expectExact(clientPack.id, 35000 - 24500);
    // The sale's payment stays paid, with the part given back.
    const [payment] = await t.db
      .select()
      .from(paymentRows)
      .where(eq(paymentRows.providerPaymentId, paymentIntentId));
    expect(payment).toMatchObject({ status: 'completed', refundedAmount: 24500 });
    // Bought on the page in Spanish: the client is known by it, and the refund is told in Spanish.
    const [mail] = (await mailsTo(clientId)).filter((m) => m.subject.startsWith('Reembolso'));
    expect(mail!.text).toContain('Se devuelve a la tarjeta con la que pagaste');
    expect((await mailsTo(clientId)).filter((m) => m.subject.startsWith('Refund'))).toEqual([]);
  });

  it('writes nothing when the provider fails: no row, the sessions stay, a clear 502', async () => {
    const service = await createService();
    const { clientId, clientPack, paymentIntentId } = await buyOnline(await createPack(service));
    refundFails = true;
    try {
      const failed = await refund(clientId, clientPack.id, { amount: 35000 });
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ message: PACK_MESSAGES.refundProviderFailed });
    } finally {
      refundFails = false;
    }
    const ledger = await ledgerOf(clientId, clientPack.id);
    expect(ledger.entries.map((e) => e.kind)).toEqual(['sale']);
    expect(ledger.pack).toMatchObject({ sessionsLeft: 10, refundedAt: null });
    expect((await mailsTo(clientId)).filter((m) => m.subject.startsWith('Refund'))).toEqual([]);
    expect((await inner.retrievePaymentIntent(paymentIntentId))!.amountRefunded).toBe(0);

    // Once the provider is back, the refund goes through whole.
    const refunded = await refund(clientId, clientPack.id, { amount: 35000 });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await inner.retrievePaymentIntent(paymentIntentId)).toMatchObject({
      amountRefunded: 35000,
      refunded: true,
    });
    await expectExact(clientPack.id, 0);
  });

  it('refuses when the provider has less left to refund than asked (refunded elsewhere), writing nothing', async () => {
    const service = await createService();
    const { clientId, clientPack, paymentIntentId } = await buyOnline(await createPack(service));
    // Someone refunded most of it in the provider's dashboard.
    await t.db
      .update(localPaymentIntents)
      .set({ amountRefunded: 30000 })
      .where(eq(localPaymentIntents.id, paymentIntentId));
    const refused = await refund(clientId, clientPack.id, { amount: 10000 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(PACK_MESSAGES.refundProviderFailed);
    await expectExact(clientPack.id, 35000);
  });
});

describe('money back but the row not written', () => {
  it('tells staff to record it, rather than leaving the refund unknown', async () => {
    const service = await createService();
    const { clientId, clientPack, paymentIntentId } = await buyOnline(
      await createPack(service, { name: 'Bono perdido' }),
    );
    // Between the provider's yes and the row, the claim is lost (as a crash and a cleanup would).
    afterProviderRefund = async () => {
      await t.db.update(clientPacks).set({ refundedAt: null }).where(eq(clientPacks.id, clientPack.id));
    };
    try {
      const refused = await refund(clientId, clientPack.id, { amount: 35000 });
      expect(refused.statusCode).toBe(409);
    } finally {
      afterProviderRefund = null;
    }
    expect((await inner.retrievePaymentIntent(paymentIntentId))!.amountRefunded).toBe(35000);
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Pack refunded but not recorded'));
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain('Bono perdido went back to the client');
  });
});

describe('a refund a crash cut short between the claim and the row', () => {
  const MINUTE = 60_000;
  /** The state a crash leaves: the pack claimed `minutesAgo` (the request's first step), nothing after. */
  async function claimedThenCrashed(
    clientId: string,
    clientPackId: string,
    amount: number,
    minutesAgo: number,
  ) {
    const at = new Date(FRIDAY.getTime() - minutesAgo * MINUTE);
    expect(await packWrites.claimRefund(t.db, { clientId, clientPackId, amount, at })).toBe(true);
    return at;
  }
  /** One pass of the scheduled tasks: answers whether the pack refunds' task failed. */
  async function sweep() {
    const failures = await t.app.schedules.runOnce();
    return failures.some((f) => f.job === 'schedulePackRefunds');
  }
  /** Staff's notifications about a refund of the pack named so. */
  const told = async (name: string) =>
    (await t.db.select().from(notifications)).filter(
      (n) => n.title.startsWith('Pack refund') && n.message.includes(name),
    );
  const refundMails = async (clientId: string) =>
    (await mailsTo(clientId)).filter((m) => /^(Refund|Reembolso)/.test(m.subject));

  it("writes the row of the provider's refund, as the request would have, once", async () => {
    const service = await createService();
    const pack = await createPack(service, { name: 'Bono interrumpido' });
    const { clientId, clientPack, paymentIntentId } = await buyOnline(pack);
    const at = await claimedThenCrashed(clientId, clientPack.id, 20000, 6);
    // The provider said yes to the request, whose process then died before writing the row.
    await inner.refundPaymentIntent(paymentIntentId, {
      amount: 20000,
      idempotencyKey: `pack-refund-${clientPack.id}`,
    });

    expect(await sweep()).toBe(false);
    const ledger = await ledgerOf(clientId, clientPack.id);
    expect(ledger.entries.map((e) => [e.kind, e.sessions, e.amount])).toEqual([
      ['sale', 10, 35000],
      ['refund', -10, -20000],
    ]);
    expect(ledger.pack).toMatchObject({ sessionsLeft: 0, refundedAt: at.toISOString() });
    const [row] = await t.db
      .select()
      .from(packLedger)
      .where(sql`${packLedger.clientPackId} = ${clientPack.id} and ${packLedger.kind} = 'refund'`);
    expect(row).toMatchObject({ actor: 'system', createdAt: at });
    await expectExact(clientPack.id, 35000 - 20000);
    expect(await refundMails(clientId)).toHaveLength(1);
    expect((await told('Bono interrumpido')).map((n) => n.title)).toEqual(['Pack refund recorded']);

    // Another pass finds nothing to do.
    expect(await sweep()).toBe(false);
    await expectExact(clientPack.id, 35000 - 20000);
    expect(await told('Bono interrumpido')).toHaveLength(1);
    expect(await refundMails(clientId)).toHaveLength(1);
  });

  it('lets the claim go when the provider never refunded, and the pack is usable again', async () => {
    const service = await createService();
    const employee = await professional(service);
    const { clientId, clientPack, paymentIntentId } = await buyOnline(
      await createPack(service, { name: 'Bono sin reembolso' }),
    );
    await claimedThenCrashed(clientId, clientPack.id, 35000, 6);
    // A claim younger than the request's time is left to the request.
    const recentClient = await createClient();
    const desk = await sell(recentClient, await createPack(service, { name: 'Bono reciente' }));
    await claimedThenCrashed(recentClient, desk.id, 0, STRANDED_REFUND_AFTER_MS / MINUTE - 1);

    expect(await sweep()).toBe(false);
    const ledger = await ledgerOf(clientId, clientPack.id);
    expect(ledger.entries.map((e) => e.kind)).toEqual(['sale']);
    expect(ledger.pack).toMatchObject({ sessionsLeft: 10, refundedAt: null });
    expect((await inner.retrievePaymentIntent(paymentIntentId))!.amountRefunded).toBe(0);
    expect((await told('Bono sin reembolso')).map((n) => n.title)).toEqual(['Pack refund not made']);
    expect(await refundMails(clientId)).toEqual([]);
    const booked = await bookWithPack(clientId, employee.id, service.id, '09:00');
    expect(booked.statusCode, booked.body).toBe(201);
    // The recent claim is still there, untouched.
    const [recent] = await t.db.select().from(clientPacks).where(eq(clientPacks.id, desk.id));
    expect(recent!.refundedAt).not.toBeNull();
    expect(await told('Bono reciente')).toEqual([]);
  });

  it("lets a desk pack's claim go (no provider to ask), telling staff to refund it again if money was handed back", async () => {
    const service = await createService();
    const clientId = await createClient();
    const sold = await sell(clientId, await createPack(service, { name: 'Bono de mostrador' }));
    await claimedThenCrashed(clientId, sold.id, 5000, 10);
    expect(await sweep()).toBe(false);
    const ledger = await ledgerOf(clientId, sold.id);
    expect(ledger.pack).toMatchObject({ sessionsLeft: 10, refundedAt: null });
    const [note] = await told('Bono de mostrador');
    expect(note).toMatchObject({ title: 'Pack refund not made', link: `/clients/${clientId}` });
    expect(note!.message).toContain('if money was handed back, refund it again');
  });

  it('leaves the claim while the provider does not answer, fails the task, and finishes it on a later pass', async () => {
    const service = await createService();
    const { clientId, clientPack, paymentIntentId } = await buyOnline(
      await createPack(service, { name: 'Bono sin respuesta' }),
    );
    const at = await claimedThenCrashed(clientId, clientPack.id, 35000, 8);
    await inner.refundPaymentIntent(paymentIntentId, {
      amount: 35000,
      idempotencyKey: `pack-refund-${clientPack.id}`,
    });
    findFails = true;
    try {
      expect(await sweep()).toBe(true);
    } finally {
      findFails = false;
    }
    const waiting = await ledgerOf(clientId, clientPack.id);
    expect(waiting.entries.map((e) => e.kind)).toEqual(['sale']);
    expect(waiting.pack).toMatchObject({ sessionsLeft: 10, refundedAt: at.toISOString() });
    expect(await told('Bono sin respuesta')).toEqual([]);

    expect(await sweep()).toBe(false);
    await expectExact(clientPack.id, 0);
    expect((await told('Bono sin respuesta')).map((n) => n.title)).toEqual(['Pack refund recorded']);
  });
});

describe('racing refunds', () => {
  it('20 refunds at once and a booking racing them: exactly one refund row, never a negative balance', async () => {
    const service = await createService();
    const employee = await professional(service);
    const clientId = await createClient();
    const sold = await sell(clientId, await createPack(service));

    const race = () =>
      Promise.all([
        ...Array.from({ length: 10 }, () => refund(clientId, sold.id, { amount: 35000 })),
        bookWithPack(clientId, employee.id, service.id, '12:00'),
        ...Array.from({ length: 10 }, () => refund(clientId, sold.id, { amount: 35000 })),
      ]);
    let responses = await race();
    let booking = responses.splice(10, 1)[0]!;
    if (booking.statusCode === 201) {
      // The booking took its session first: every refund saw its appointment and was refused.
      for (const lost of responses) {
        expect(lost.statusCode, lost.body).toBe(409);
        expect(lost.json()).toEqual({ message: packRefundBooked(['Mon 23 Nov, 12:00']) });
      }
      await expectExact(sold.id, 35000);
      const cancel = await staff('PATCH', `/api/appointments/${booking.json().id}/status`, {
        status: 'cancelled',
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      responses = await race();
      booking = responses.splice(10, 1)[0]!;
      if (booking.statusCode === 201) throw new Error('the booking won twice: run again');
    }
    // A refund came first: the booking found no session left.
    expect(booking.statusCode, booking.body).toBe(409);
    expect(booking.json()).toEqual({ message: PACK_MESSAGES.noSessionLeft });
    const won = responses.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const lost of responses.filter((r) => r.statusCode !== 200)) {
      expect(lost.statusCode, lost.body).toBe(409);
      expect(lost.json()).toEqual({ message: PACK_MESSAGES.alreadyRefunded });
    }
    const rows = await t.db.select().from(packLedger).where(eq(packLedger.clientPackId, sold.id));
    expect(rows.filter((row) => row.kind === 'refund')).toHaveLength(1);
    await expectExact(sold.id, 0);
    const negative = await t.db.execute(
      sql`select count(*)::int as n from client_packs where sessions_left < 0`,
    );
    expect((negative.rows[0] as { n: number }).n).toBe(0);
  });

  it('the database refuses a second refund row for a pack, whatever the code does', async () => {
    const service = await createService();
    const clientId = await createClient();
    const sold = await sell(clientId, await createPack(service, { sessions: 2 }));
    expect((await refund(clientId, sold.id, { amount: 100 })).statusCode).toBe(200);
    await expect(
      t.db.insert(packLedger).values({
        clientPackId: sold.id,
        kind: 'refund',
        sessions: 0,
        amount: -100,
        currency: 'eur',
        actor: 'staff',
      }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
  });
});
