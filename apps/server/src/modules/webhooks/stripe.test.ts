import { BOOKING_MESSAGES } from '@chatdesk/contract/schedule';
import { SUBSCRIPTION_MESSAGES } from '@chatdesk/contract/subscriptions-rules';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertEmployee } from '../../../test/factories.ts';
import { startFakeStripe } from '../../../test/fake-stripe.ts';
import {
  appointmentEvents,
  appointments,
  clientPacks,
  clients,
  notifications,
  packLedger,
  payments,
  webhookEvents,
} from '../../db/schema.ts';
import { PAYMENT_PROVIDER_UNAVAILABLE } from '../../integrations/payments/stripe-errors.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';
const now = new Date('2026-11-22T10:00:00Z');
let t: TestContext;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
const signer = new Stripe('sk_test_unused');

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
afterEach(() => fake.setOutage(null));

const visitor = { name: 'Leo Martín', email: 'leo@example.com', phone: '+34 611 000 111' };
let ip = 0;
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.20.0.${++ip % 250}` });

async function employee() {
  return insertEmployee(t.db, { availability: { monday: [['09:00', '12:00']] } });
}

/** Signed as Stripe signs it, at the app's time unless `secondsLate` says otherwise (negative: from the future). */
function sendEvent(event: object, secret = WEBHOOK_SECRET, secondsLate = 0) {
  const payload = JSON.stringify(event);
  const timestamp = Math.floor(now.getTime() / 1000) - secondsLate;
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

describe('Stripe as the payment provider', () => {
  it('tells the page to use Stripe Elements with the publishable key', async () => {
    const { username } = await employee();
    const body = (await t.app.inject({ url: `/api/schedule/${username}` })).json();
    expect(body.payment).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_local',
      amount: 1000,
      currency: 'eur',
    });
  });

  it('creates the payment through the Stripe API and books only after Stripe says it succeeded', async () => {
    const e = await employee();
    const intent = (
      await post('/api/payments/intent', { employeeId: e.id, date: '2026-11-23', timeSlot: '09:00' })
    ).json();
    const stored = fake.intents.get(intent.paymentIntentId)!;
    expect(stored).toMatchObject({ amount: 1000, currency: 'eur' });
    expect(stored.metadata).toMatchObject({
      purpose: 'appointment',
      employeeId: e.id,
      startsAt: '2026-11-23T08:00:00.000Z',
    });
    expect(intent.clientSecret).toBe(stored.client_secret);

    const booking = {
      employeeId: e.id,
      date: '2026-11-23',
      timeSlot: '09:00',
      clientInfo: visitor,
      payment: { id: intent.paymentIntentId },
    };
    const early = await post('/api/schedule/book', booking);
    expect(early.statusCode).toBe(402);
    expect(early.json()).toEqual({ message: BOOKING_MESSAGES.paymentIncomplete });

    fake.succeed(intent.paymentIntentId, {
      brand: 'mastercard',
      last4: '4444',
      exp_month: 1,
      exp_year: 2031,
    });
    const booked = await post('/api/schedule/book', booking);
    expect(booked.statusCode, booked.body).toBe(200);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, intent.paymentIntentId));
    expect(payment).toMatchObject({ amount: 1000, currency: 'eur', paymentMethod: 'mastercard •••• 4444' });
  });

  it('refunds through Stripe the payment of a booking that lost the race', async () => {
    const e = await employee();
    const first = (
      await post('/api/payments/intent', { employeeId: e.id, date: '2026-11-23', timeSlot: '10:00' })
    ).json();
    fake.succeed(first.paymentIntentId);
    // The hold expired and a second visitor paid for the same slot.
    const { slotHolds } = await import('../../db/schema.ts');
    await t.db.delete(slotHolds);
    const second = (
      await post('/api/payments/intent', { employeeId: e.id, date: '2026-11-23', timeSlot: '10:00' })
    ).json();
    fake.succeed(second.paymentIntentId);
    const book = (paymentId: string) =>
      post('/api/schedule/book', {
        employeeId: e.id,
        date: '2026-11-23',
        timeSlot: '10:00',
        clientInfo: visitor,
        payment: { id: paymentId },
      });
    expect((await book(first.paymentIntentId)).statusCode).toBe(200);
    const lost = await book(second.paymentIntentId);
    expect(lost.statusCode).toBe(409);
    expect(lost.json()).toEqual({ message: BOOKING_MESSAGES.slotTaken });
    expect(fake.refunded(second.paymentIntentId)).toBe(true);
    expect(fake.refunded(first.paymentIntentId)).toBe(false);
  });
});

describe('POST /api/webhooks/stripe', () => {
  it('refuses a missing or wrong signature', async () => {
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload: { id: 'evt_1', type: 'payment_intent.succeeded' },
    });
    expect(unsigned.statusCode).toBe(400);
    const forged = await sendEvent(
      { id: 'evt_2', type: 'payment_intent.succeeded', data: { object: {} } },
      'whsec_wrong',
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: 'Invalid Stripe signature' });
  });

  it('acknowledges a signed event of a shape it does not expect, and ignores it', async () => {
    const odd: object[] = [
      { id: 'evt_shape_1', type: 'payment_intent.succeeded', data: { object: { id: { x: 1 } } } },
      {
        id: 'evt_shape_2',
        type: 'invoice.payment_failed',
        data: { object: { amount_due: 'x', currency: 5 } },
      },
      {
        id: 'evt_shape_3',
        type: 'invoice.paid',
        data: { object: { id: 'in_1', parent: 'x', amount_paid: 'x' } },
      },
      { id: 'evt_shape_4', type: 'customer.subscription.updated', data: null },
      { id: 'evt_shape_5', type: 'charge.refunded', data: { object: { payment_intent: { id: [1] } } } },
      { id: 'evt_shape_6', type: 'payment_intent.payment_failed', data: { object: { id: 'pi_\u0000' } } },
      { id: 'evt_shape_7', type: ['x'], data: 'x' },
      { id: 5, type: 'payment_intent.succeeded', data: { object: { id: 'pi_x' } } },
      { type: 'invoice.payment_failed', data: { object: { amount_due: 100, currency: 'eur' } } },
      {
        id: 'evt_shape_8',
        type: 'invoice.payment_failed',
        data: {
          object: {
            amount_due: 100,
            currency: 'eur',
            customer_email: 7,
            parent: { subscription_details: { subscription: { id: 9 } } },
          },
        },
      },
    ];
    for (const event of odd) {
      const response = await sendEvent(event);
      expect(response.statusCode, JSON.stringify(event)).toBe(200);
      expect(response.json().received).toBe(true);
    }
  });

  it('books a paid slot whose page closed before booking, once, however often the event comes', async () => {
    const e = await employee();
    const intent = (
      await post('/api/payments/intent', {
        employeeId: e.id,
        date: '2026-11-23',
        timeSlot: '11:00',
        clientInfo: visitor,
      })
    ).json();
    const succeeded = fake.succeed(intent.paymentIntentId);
    const event = {
      id: 'evt_paid_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: succeeded },
    };
    const first = await sendEvent(event);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const again = await sendEvent(event);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    const rows = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.providerPaymentId, intent.paymentIntentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ clientEmail: visitor.email, startTime: '11:00' });
  });

  it('marks a refunded payment and tells staff', async () => {
    const e = await employee();
    const intent = (
      await post('/api/payments/intent', {
        employeeId: e.id,
        date: '2026-11-23',
        timeSlot: '11:30',
        clientInfo: visitor,
      })
    ).json();
    fake.succeed(intent.paymentIntentId);
    await post('/api/schedule/book', {
      employeeId: e.id,
      date: '2026-11-23',
      timeSlot: '11:30',
      clientInfo: visitor,
      payment: { id: intent.paymentIntentId },
    });
    const response = await sendEvent({
      id: 'evt_refund_1',
      object: 'event',
      type: 'charge.refunded',
      data: {
        object: {
          id: 'ch_x',
          object: 'charge',
          payment_intent: intent.paymentIntentId,
          amount: 1000,
          amount_refunded: 1000,
          refunded: true,
        },
      },
    });
    expect(response.statusCode).toBe(200);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, intent.paymentIntentId));
    expect(payment!.status).toBe('refunded');
    const notices = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Payment refunded'));
    expect(notices).toHaveLength(1);
  });

  /** Stripe's `charge.refunded` for a payment: what its charge has given back so far. */
  const chargeRefunded = (id: string, paymentIntentId: string, amount: number, amountRefunded: number) =>
    sendEvent({
      id,
      object: 'event',
      type: 'charge.refunded',
      data: {
        object: {
          id: `ch_${paymentIntentId}`,
          object: 'charge',
          payment_intent: paymentIntentId,
          amount,
          amount_refunded: amountRefunded,
          refunded: amountRefunded >= amount,
        },
      },
    });
  const paymentOf = async (paymentIntentId: string) =>
    (await t.db.select().from(payments).where(eq(payments.providerPaymentId, paymentIntentId)))[0]!;

  /** A booking paid through Stripe at this time on 2026-11-30: its payment intent and appointment. */
  const paidBooking = async (timeSlot: string) => {
    const e = await employee();
    const slot = { employeeId: e.id, date: '2026-11-30', timeSlot, clientInfo: visitor };
    const intent = (await post('/api/payments/intent', slot)).json();
    fake.succeed(intent.paymentIntentId);
    expect(
      (await post('/api/schedule/book', { ...slot, payment: { id: intent.paymentIntentId } })).statusCode,
    ).toBe(200);
    const [appointment] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.providerPaymentId, intent.paymentIntentId));
    return { intent: intent as { paymentIntentId: string }, appointment: appointment! };
  };

  it("records a partial refund of a booking's payment without marking it all refunded, and a full one marks it", async () => {
    const { intent, appointment } = await paidBooking('09:00');
    const managed = async () =>
      (await t.app.inject({ url: `/api/booking/${appointment.manageToken}` })).json();

    // 4.00 of the 10.00 given back in Stripe's dashboard.
    expect((await chargeRefunded('evt_partial_1', intent.paymentIntentId, 1000, 400)).statusCode).toBe(200);
    expect(await paymentOf(intent.paymentIntentId)).toMatchObject({
      status: 'completed',
      refundedAmount: 400,
    });
    const [still] = await t.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(still!.status).toBe('scheduled');
    // Cancelling in time gives back what is left, not the whole payment again.
    expect((await managed()).refundOnCancel).toEqual({ amount: 600, currency: 'eur' });
    const [partly] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Payment partly refunded'));
    expect(partly!.message).toBe('€4.00 of a payment of €10.00 was refunded.');

    // An older event delivered late takes nothing back.
    expect((await chargeRefunded('evt_partial_0', intent.paymentIntentId, 1000, 100)).statusCode).toBe(200);
    expect(await paymentOf(intent.paymentIntentId)).toMatchObject({
      status: 'completed',
      refundedAmount: 400,
    });

    expect((await chargeRefunded('evt_partial_2', intent.paymentIntentId, 1000, 1000)).statusCode).toBe(200);
    expect(await paymentOf(intent.paymentIntentId)).toMatchObject({
      status: 'refunded',
      refundedAmount: 1000,
    });
    expect((await managed()).refundOnCancel).toBeNull();
  });

  it('a staff cancel after a partial refund gives back what is left, not the whole payment again', async () => {
    const { intent, appointment } = await paidBooking('10:00');
    expect((await chargeRefunded('evt_partial_staff', intent.paymentIntentId, 1000, 250)).statusCode).toBe(
      200,
    );

    const { headers } = await t.signIn();
    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${appointment.id}/status`,
      headers,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const history = await t.db
      .select()
      .from(appointmentEvents)
      .where(eq(appointmentEvents.appointmentId, appointment.id));
    expect(history.filter((h) => h.kind === 'refunded').map((h) => h.data)).toEqual([
      { amount: 750, currency: 'eur' },
    ]);
    expect(await paymentOf(intent.paymentIntentId)).toMatchObject({
      status: 'refunded',
      refundedAmount: 1000,
    });
  });

  it("records a partial refund of a pack's payment and leaves the pack as it is", async () => {
    const { headers } = await t.signIn();
    const staff = async <T>(url: string, payload: object): Promise<T> => {
      const response = await t.app.inject({ method: 'POST', url, headers, payload });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json();
    };
    const service = await staff<{ id: string }>('/api/services', {
      name: 'Entrenamiento Stripe',
      durationMinutes: 60,
      priceAmount: 4000,
      currency: 'eur',
    });
    const pack = await staff<{ id: string }>('/api/packs', {
      serviceId: service.id,
      name: 'Bono Stripe',
      sessions: 10,
      priceAmount: 35000,
      validityDays: 90,
    });
    const buyer = { name: 'Nora Gil', email: 'nora.gil@example.com', phone: '+34 600 222 444' };
    const intent = (
      await post('/api/book/packs/checkout', { packId: pack.id, clientInfo: buyer, language: 'es' })
    ).json();
    fake.succeed(intent.paymentIntentId);
    expect(
      (await post('/api/book/packs/purchase', { paymentIntentId: intent.paymentIntentId })).statusCode,
    ).toBe(200);

    expect((await chargeRefunded('evt_pack_partial', intent.paymentIntentId, 35000, 5000)).statusCode).toBe(
      200,
    );
    expect(await paymentOf(intent.paymentIntentId)).toMatchObject({
      status: 'completed',
      refundedAmount: 5000,
    });
    const [bought] = await t.db
      .select()
      .from(clientPacks)
      .where(eq(clientPacks.providerPaymentId, intent.paymentIntentId));
    expect(bought).toMatchObject({ sessionsLeft: 10, refundedAt: null });
    const ledger = await t.db.select().from(packLedger).where(eq(packLedger.clientPackId, bought!.id));
    expect(ledger.map((row) => row.kind)).toEqual(['sale']);
  });

  it('frees the slot of a failed payment at once', async () => {
    const e = await employee();
    const intent = (
      await post('/api/payments/intent', { employeeId: e.id, date: '2026-11-23', timeSlot: '09:30' })
    ).json();
    let times = (await t.app.inject({ url: `/api/schedule/${e.username}` })).json().slots[0].times;
    expect(times).not.toContain('09:30');
    await sendEvent({
      id: 'evt_failed_1',
      object: 'event',
      type: 'payment_intent.payment_failed',
      data: { object: { id: intent.paymentIntentId, object: 'payment_intent' } },
    });
    times = (await t.app.inject({ url: `/api/schedule/${e.username}` })).json().slots[0].times;
    expect(times).toContain('09:30');
  });
});

describe('Stripe subscriptions', () => {
  it('shows the configured premium price and subscribes on the public page through Stripe', async () => {
    fake.addPrice('price_premium', 999, 'eur');
    expect((await t.app.inject({ url: '/api/payments/price/premium' })).json()).toEqual({
      id: 'price_premium',
      unit_amount: 999,
      currency: 'eur',
      interval: 'month',
    });
    const { username } = await employee();
    const subscribed = await post('/api/payments/subscription', {
      paymentMethodId: 'pm_card_visa',
      priceId: 'price_premium',
      email: 'stripe-sub@example.com',
      username,
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    expect(subscribed.json()).toMatchObject({ status: 'active', requiresAction: false });
    const other = await post('/api/payments/subscription', {
      paymentMethodId: 'pm_card_visa',
      priceId: 'price_some_other',
      email: 'stripe-sub@example.com',
      username,
    });
    expect(other.statusCode).toBe(400);
  });

  it('keeps status, period and cancellation true to Stripe, whatever order the events arrive in', async () => {
    const { clients } = await import('../../db/schema.ts');
    const [client] = await t.db
      .insert(clients)
      .values({ name: 'Sub Client', phone: '1', email: 'sub@example.com' })
      .returning();
    const { headers } = await t.signIn();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers,
      payload: {
        clientId: client!.id,
        paymentMethodId: 'pm_card_visa',
        planName: 'Basic Plan',
        amount: 9.99,
        currency: 'usd',
        interval: 'month',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const subscription = created.json();
    expect(subscription).toMatchObject({ status: 'active', amount: 9.99, currency: 'usd' });
    const remote = fake.subscriptions.get(subscription.stripeSubscriptionId)!;

    // Stripe cancels at period end; the "updated" event arrives after a stale "created" one.
    remote.cancel_at_period_end = true;
    const updated = {
      id: 'evt_sub_updated',
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { ...remote } },
    };
    const stale = {
      id: 'evt_sub_created',
      object: 'event',
      type: 'customer.subscription.created',
      data: { object: { ...remote, cancel_at_period_end: false } },
    };
    expect((await sendEvent(updated)).statusCode).toBe(200);
    expect((await sendEvent(stale)).statusCode).toBe(200);
    const { headers: h } = await t.signIn();
    let current = (await t.app.inject({ url: `/api/subscriptions/${subscription.id}`, headers: h })).json();
    expect(current.cancelAtPeriodEnd).toBe(true);

    // A paid invoice is recorded once, however often it is delivered.
    const invoice = {
      id: 'evt_invoice_paid',
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: 'in_renewal_1',
          object: 'invoice',
          amount_paid: 999,
          currency: 'usd',
          status_transitions: { paid_at: 1_800_000_000 },
          parent: { subscription_details: { subscription: remote.id } },
        },
      },
    };
    await sendEvent(invoice);
    expect((await sendEvent(invoice)).json()).toEqual({ received: true, duplicate: true });
    const { payments: paymentsTable } = await import('../../db/schema.ts');
    const recorded = await t.db
      .select()
      .from(paymentsTable)
      .where(eq(paymentsTable.providerPaymentId, 'in_renewal_1'));
    expect(recorded).toHaveLength(1);

    // Stripe ends it; the deleted event makes it canceled with its end date.
    remote.status = 'canceled';
    remote.ended_at = 1_800_000_100;
    remote.canceled_at = 1_800_000_000;
    await sendEvent({
      id: 'evt_sub_deleted',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { ...remote } },
    });
    current = (await t.app.inject({ url: `/api/subscriptions/${subscription.id}`, headers: h })).json();
    expect(current).toMatchObject({ status: 'canceled', endedAt: new Date(1_800_000_100_000).toISOString() });

    // A failed invoice tells staff.
    await sendEvent({
      id: 'evt_invoice_failed',
      object: 'event',
      type: 'invoice.payment_failed',
      data: {
        object: {
          id: 'in_failed',
          object: 'invoice',
          amount_due: 999,
          currency: 'usd',
          customer_email: 'sub@example.com',
        },
      },
    });
    const failures = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Subscription payment failed'));
    expect(failures.length).toBeGreaterThan(0);
  });
});

/** A subscription staff created for a new client, through the fake Stripe. */
async function stripeSubscription() {
  const [client] = await t.db
    .insert(clients)
    .values({ name: 'Outage Client', phone: '1', email: `outage-${++ip}@example.com` })
    .returning();
  const { headers } = await t.signIn();
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    headers,
    payload: {
      clientId: client!.id,
      paymentMethodId: 'pm_card_visa',
      planName: 'Basic Plan',
      amount: 9.99,
      currency: 'usd',
      interval: 'month',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id, stripeSubscriptionId } = created.json();
  const status = async () =>
    (await t.app.inject({ url: `/api/subscriptions/${id}`, headers })).json().status as string;
  return { remote: fake.subscriptions.get(stripeSubscriptionId)!, status };
}

const seen = async (eventId: string) =>
  (
    await t.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.provider, 'stripe'), eq(webhookEvents.eventId, eventId)))
  ).length > 0;

describe('a Stripe outage loses nothing', () => {
  it('a cancellation delivered while Stripe is down is refused with 503, and applied when Stripe delivers it again', async () => {
    const { remote, status } = await stripeSubscription();
    remote.status = 'canceled';
    remote.canceled_at = 1_800_000_000;
    remote.ended_at = 1_800_000_000;
    const deleted = {
      id: 'evt_outage_deleted',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { ...remote } },
    };
    for (const outage of ['network', 'server-error', 'rate-limit'] as const) {
      fake.setOutage(outage);
      const during = await sendEvent(deleted);
      expect(during.statusCode, outage).toBe(503);
      expect(during.json()).toEqual({ message: PAYMENT_PROVIDER_UNAVAILABLE });
      expect(await seen(deleted.id), outage).toBe(false);
    }
    fake.setOutage(null);
    expect(await status()).toBe('active');

    const redelivered = await sendEvent(deleted);
    expect(redelivered.statusCode).toBe(200);
    expect(redelivered.json()).toEqual({ received: true, duplicate: false });
    expect(await status()).toBe('canceled');
    expect((await sendEvent(deleted)).json()).toEqual({ received: true, duplicate: true });
  });

  it('an update for a subscription Stripe says it does not have is acknowledged once and changes nothing', async () => {
    const { remote, status } = await stripeSubscription();
    fake.subscriptions.delete(remote.id);
    const updated = {
      id: 'evt_missing_updated',
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { ...remote, status: 'canceled' } },
    };
    expect((await sendEvent(updated)).json()).toEqual({ received: true, duplicate: false });
    expect(await seen(updated.id)).toBe(true);
    expect(await status()).toBe('active');
  });

  it('the premium price and subscribing answer 503 while Stripe is down, and 404 only for a price Stripe does not have', async () => {
    fake.addPrice('price_premium', 999, 'eur');
    const { username } = await employee();
    fake.setOutage('network');
    const down = await t.app.inject({ url: '/api/payments/price/premium' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ message: PAYMENT_PROVIDER_UNAVAILABLE });
    const subscribing = await post('/api/payments/subscription', {
      paymentMethodId: 'pm_card_visa',
      priceId: 'premium',
      email: 'during-outage@example.com',
      username,
    });
    expect(subscribing.statusCode).toBe(503);
    expect(subscribing.json()).toEqual({ message: PAYMENT_PROVIDER_UNAVAILABLE });
    fake.setOutage(null);
    expect((await t.app.inject({ url: '/api/payments/price/premium' })).statusCode).toBe(200);
    const missing = await t.app.inject({ url: '/api/payments/price/price_nobody_made' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.priceNotFound });
  });
});

describe('the age of a Stripe signature', () => {
  const event = (id: string) => ({ id, object: 'event', type: 'ping', data: { object: {} } });

  it('refuses a signature dated in the future beyond a minute of clock skew', async () => {
    const future = await sendEvent(event('evt_future'), WEBHOOK_SECRET, -600);
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({ message: 'The Stripe signature is dated in the future' });
    expect(await seen('evt_future')).toBe(false);
    expect((await sendEvent(event('evt_skewed'), WEBHOOK_SECRET, -30)).statusCode).toBe(200);
  });

  it("refuses a signature older than Stripe's five-minute tolerance", async () => {
    const old = await sendEvent(event('evt_old'), WEBHOOK_SECRET, 301);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ message: 'The Stripe signature is too old' });
    expect((await sendEvent(event('evt_recent'), WEBHOOK_SECRET, 290)).statusCode).toBe(200);
  });
});

describe('amounts in what a webhook tells staff', () => {
  it('writes a zero-decimal currency as it is, not divided by 100', async () => {
    for (const [currency, written] of [
      ['jpy', '¥5,000'],
      ['krw', '₩5,000'],
      ['eur', '€50.00'],
    ] as const) {
      const email = `zero-decimal-${currency}@example.com`;
      const response = await sendEvent({
        id: `evt_failed_${currency}`,
        object: 'event',
        type: 'invoice.payment_failed',
        data: {
          object: {
            id: `in_${currency}`,
            object: 'invoice',
            amount_due: 5000,
            currency,
            customer_email: email,
          },
        },
      });
      expect(response.statusCode).toBe(200);
      const [notice] = await t.db
        .select()
        .from(notifications)
        .where(
          eq(notifications.message, `A subscription invoice of ${written} could not be paid by ${email}.`),
        );
      expect(notice, currency).toBeDefined();
    }
  });
});
