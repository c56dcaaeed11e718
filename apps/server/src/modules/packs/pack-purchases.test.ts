import { PACK_MESSAGES, type Pack } from '@chatdesk/contract/packs';
import type { Service } from '@chatdesk/contract/services';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { startFakeStripe } from '../../../test/fake-stripe.ts';
import { clientPacks, clients, mailOutbox, packLedger, payments } from '../../db/schema.ts';
import { TEST_CARDS } from '../../integrations/payments/local-payment-provider.ts';

// Sunday 22 November 2026, 11:00 in Madrid.
const now = new Date('2026-11-22T10:00:00Z');
const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvc: '123' });

let visitorNumber = 0;
/** Each call from a visitor of its own network, as on the real page (the public routes are rate-limited). */
const post = (t: TestContext, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.40.${++visitorNumber % 250}.1` });

/** A service with a 10-session pack on sale, made by staff through the API. */
async function packOnSale(t: TestContext, name = 'Bono 10 sesiones') {
  const { headers } = await t.signIn();
  const staff = async <T>(url: string, payload: object): Promise<T> => {
    const response = await t.app.inject({ method: 'POST', url, headers, payload });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };
  const service = await staff<Service>('/api/services', {
    name: `Entrenamiento ${++visitorNumber}`,
    durationMinutes: 60,
    priceAmount: 4000,
    currency: 'eur',
  });
  const pack = await staff<Pack>('/api/packs', {
    serviceId: service.id,
    name,
    sessions: 10,
    priceAmount: 35000,
    validityDays: 90,
  });
  return { service, pack };
}

const buyer = { name: 'Lucía Romero', email: 'lucia.romero@example.com', phone: '+34 600 222 333' };

describe('buying a pack on the booking page (local provider)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp({ clock: () => now });
  });
  afterAll(() => t.close());

  const checkout = (packId: string, language: 'es' | 'en' = 'es', clientInfo = buyer) =>
    post(t, '/api/book/packs/checkout', { packId, clientInfo, language });
  const pay = (clientSecret: string, number: string = TEST_CARDS.success) =>
    post(t, '/api/payments/local/confirm', { clientSecret, card: card(number) });
  const purchase = (paymentIntentId: string) => post(t, '/api/book/packs/purchase', { paymentIntentId });

  it("lists a service's packs on sale, not archived ones", async () => {
    const { service, pack } = await packOnSale(t);
    const { headers } = await t.signIn();
    const archived = await t.app.inject({
      method: 'POST',
      url: '/api/packs',
      headers,
      payload: { serviceId: service.id, name: 'Old', sessions: 5, priceAmount: 1, validityDays: 30 },
    });
    await t.app.inject({ method: 'POST', url: `/api/packs/${archived.json().id}/archive`, headers });
    const response = await t.app.inject({ url: `/api/book/packs?serviceId=${service.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: pack.id,
        serviceId: service.id,
        name: 'Bono 10 sesiones',
        sessions: 10,
        priceAmount: 35000,
        currency: 'eur',
        validityDays: 90,
      },
    ]);
    expect((await t.app.inject({ url: '/api/book/packs?serviceId=nope' })).statusCode).toBe(400);
  });

  it('sells the pack once the payment succeeded: client, payment, ledger sale, email in Spanish; once per payment', async () => {
    const { pack } = await packOnSale(t);
    const opened = await checkout(pack.id);
    expect(opened.statusCode, opened.body).toBe(200);
    const intent = opened.json();
    // The server sets the amount from the pack.
    expect(intent).toMatchObject({ amount: 35000, currency: 'eur' });

    // Not paid yet: nothing is sold.
    const early = await purchase(intent.paymentIntentId);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: PACK_MESSAGES.paymentNotCompleted });

    expect((await pay(intent.clientSecret)).json().status).toBe('succeeded');
    // The page and a retry (or two tabs) at once: one pack.
    const [first, second] = await Promise.all([
      purchase(intent.paymentIntentId),
      purchase(intent.paymentIntentId),
    ]);
    const third = await purchase(intent.paymentIntentId);
    for (const response of [first, second, third]) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        name: 'Bono 10 sesiones',
        sessionsTotal: 10,
        sessionsLeft: 10,
        email: buyer.email,
        expiresAt: '2027-02-20T10:00:00.000Z',
      });
    }

    const sold = await t.db
      .select()
      .from(clientPacks)
      .where(eq(clientPacks.providerPaymentId, intent.paymentIntentId));
    expect(sold).toHaveLength(1);
    expect(sold[0]).toMatchObject({ method: 'online', priceAmount: 35000, sessionsLeft: 10 });
    const [client] = await t.db.select().from(clients).where(eq(clients.id, sold[0]!.clientId!));
    expect(client).toMatchObject({
      email: buyer.email,
      name: buyer.name,
      source: 'website',
      status: 'active',
    });
    const paid = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, intent.paymentIntentId));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ clientId: client!.id, amount: 35000, status: 'completed' });
    const ledger = await t.db.select().from(packLedger).where(eq(packLedger.clientPackId, sold[0]!.id));
    expect(ledger).toEqual([
      expect.objectContaining({ kind: 'sale', sessions: 10, amount: 35000, actor: 'customer' }),
    ]);

    // The staff's client page shows it.
    const { headers } = await t.signIn();
    const ofClient = await t.app.inject({ url: `/api/clients/${client!.id}/packs`, headers });
    expect(ofClient.json()).toEqual([
      expect.objectContaining({ name: 'Bono 10 sesiones', sessionsLeft: 10, method: 'online' }),
    ]);

    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Tu bono: Bono 10 sesiones');
    expect(mails[0]!.text).toContain('Sesiones: 10 de ');
    expect(mails[0]!.text).toContain('Válido hasta: 20 de febrero de 2027');
    expect(mails[0]!.text).toContain('y pulsa «I have a pack»: te enviaremos un código a este email.');
  });

  it('a second purchase by the same email is the same client, and the email is in English when asked', async () => {
    const { pack } = await packOnSale(t, 'Ten sessions');
    const intent = (await checkout(pack.id, 'en')).json();
    await pay(intent.clientSecret);
    expect((await purchase(intent.paymentIntentId)).statusCode).toBe(200);
    const rows = await t.db.select().from(clients).where(eq(clients.email, buyer.email));
    expect(rows).toHaveLength(1);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Your pack: Ten sessions'));
    expect(mail!.text).toContain('Valid until: February 20, 2027');
  });

  it('a declined card or an abandoned payment sells nothing', async () => {
    const { pack } = await packOnSale(t);
    const declined = (await checkout(pack.id, 'en', { ...buyer, email: 'declined@example.com' })).json();
    expect((await pay(declined.clientSecret, TEST_CARDS.declined)).statusCode).toBe(402);
    const abandoned = (await checkout(pack.id, 'en', { ...buyer, email: 'declined@example.com' })).json();
    for (const id of [declined.paymentIntentId, abandoned.paymentIntentId]) {
      const response = await purchase(id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: PACK_MESSAGES.paymentNotCompleted });
      expect(await t.db.select().from(clientPacks).where(eq(clientPacks.providerPaymentId, id))).toEqual([]);
    }
    expect(await t.db.select().from(clients).where(eq(clients.email, 'declined@example.com'))).toEqual([]);
  });

  it('refuses an archived pack, an unknown payment and a booking payment', async () => {
    const { pack } = await packOnSale(t);
    const { headers } = await t.signIn();
    await t.app.inject({ method: 'POST', url: `/api/packs/${pack.id}/archive`, headers });
    const archived = await checkout(pack.id);
    expect(archived.statusCode).toBe(409);
    expect(archived.json()).toEqual({ message: PACK_MESSAGES.archived });
    expect((await purchase('pi_local_unknown')).statusCode).toBe(404);
    const missing = await post(t, '/api/book/packs/checkout', {
      packId: '00000000-0000-4000-8000-000000000000',
      clientInfo: buyer,
    });
    expect(missing.statusCode).toBe(404);
    const noBuyer = await post(t, '/api/book/packs/checkout', { packId: pack.id, clientInfo: { name: 'x' } });
    expect(noBuyer.statusCode).toBe(400);
  });
});

describe('buying a pack with Stripe: the webhook sells it if the page never asked', () => {
  const WEBHOOK_SECRET = 'whsec_test_secret';
  const signer = new Stripe('sk_test_unused');
  let t: TestContext;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await buildTestApp({
      clock: () => now,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_local',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PREMIUM_PRICE_ID: 'price_premium',
        STRIPE_API_BASE: fake.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  function sendEvent(event: object) {
    const payload = JSON.stringify(event);
    const timestamp = Math.floor(now.getTime() / 1000);
    const signature = signer.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp,
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  }

  it('one pack for a payment the webhook announces twice and the page confirms too', async () => {
    const { pack } = await packOnSale(t);
    const intent = (
      await post(t, '/api/book/packs/checkout', { packId: pack.id, clientInfo: buyer, language: 'en' })
    ).json();
    expect(fake.intents.get(intent.paymentIntentId)!.metadata).toMatchObject({
      purpose: 'pack',
      packId: pack.id,
    });
    fake.succeed(intent.paymentIntentId, { brand: 'visa', last4: '4242', exp_month: 1, exp_year: 2031 });
    const event = (id: string) => ({
      id,
      type: 'payment_intent.succeeded',
      data: { object: { id: intent.paymentIntentId } },
    });
    expect((await sendEvent(event('evt_pack_1'))).statusCode).toBe(200);
    expect((await sendEvent(event('evt_pack_2'))).statusCode).toBe(200);
    const page = await post(t, '/api/book/packs/purchase', { paymentIntentId: intent.paymentIntentId });
    expect(page.statusCode, page.body).toBe(200);
    const sold = await t.db
      .select()
      .from(clientPacks)
      .where(eq(clientPacks.providerPaymentId, intent.paymentIntentId));
    expect(sold).toHaveLength(1);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, intent.paymentIntentId));
    expect(payment).toMatchObject({ paymentMethod: 'visa •••• 4242', amount: 35000 });
    expect(fake.refunded(intent.paymentIntentId)).toBe(false);

    // Staff refund part of it: Stripe is asked for that amount, and a retry refunds no more.
    const { headers } = await t.signIn();
    const refund = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/clients/${sold[0]!.clientId}/packs/${sold[0]!.id}/refund`,
        headers,
        payload: { amount: 24500 },
      });
    const refunded = await refund();
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(fake.amountRefunded(intent.paymentIntentId)).toBe(24500);
    expect(fake.refunded(intent.paymentIntentId)).toBe(false);
    expect((await refund()).statusCode).toBe(409);
    expect(fake.amountRefunded(intent.paymentIntentId)).toBe(24500);
    const rows = await t.db.select().from(packLedger).where(eq(packLedger.clientPackId, sold[0]!.id));
    expect(rows.map((row) => [row.kind, row.sessions, row.amount])).toEqual([
      ['sale', 10, 35000],
      ['refund', -10, -24500],
    ]);
  });
});
