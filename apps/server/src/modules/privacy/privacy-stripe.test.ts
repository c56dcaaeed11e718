import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertEmployee } from '../../../test/factories.ts';
import { startFakeStripe } from '../../../test/fake-stripe.ts';

let now = new Date('2026-11-22T10:00:00Z');
let t: TestContext;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let headers: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp({
    clock: () => now,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_local',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
      STRIPE_API_BASE: fake.url,
      SESSION_TTL_HOURS: '2000',
    },
  });
  ({ headers } = await t.signIn());
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => fake.setOutage(null));

let ip = 0;
const post = (url: string, payload: object, staff = false) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    ...(staff ? { headers } : {}),
    remoteAddress: `10.30.0.${++ip % 250}`,
  });

async function subscribeAndEnd(clientId: string) {
  const created = await post(
    '/api/subscriptions',
    {
      clientId,
      paymentMethodId: 'pm_card_visa',
      planName: 'Basic Plan',
      amount: 9.99,
      currency: 'usd',
      interval: 'month',
    },
    true,
  );
  expect(created.statusCode, created.body).toBe(201);
  const subscription = created.json();
  const cancelled = await post(
    `/api/subscriptions/${subscription.id}/cancel`,
    { cancelImmediately: true },
    true,
  );
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  return fake.subscriptions.get(subscription.stripeSubscriptionId)!;
}

describe('erasing a client paid through Stripe', () => {
  it('Stripe forgets them after the commit: the booking’s metadata cleared, the customer deleted', async () => {
    const visitor = { name: 'Nerea Stripe Olmo', email: 'nerea.olmo@example.com', phone: '+34 677 310 442' };
    const employee = await insertEmployee(t.db, { availability: { monday: [['09:00', '12:00']] } });
    const intent = (
      await post('/api/payments/intent', {
        employeeId: employee.id,
        date: '2026-11-23',
        timeSlot: '09:00',
        clientInfo: visitor,
      })
    ).json();
    expect(fake.intents.get(intent.paymentIntentId)!.metadata).toMatchObject({ clientEmail: visitor.email });
    fake.succeed(intent.paymentIntentId);
    const booked = await post('/api/schedule/book', {
      employeeId: employee.id,
      date: '2026-11-23',
      timeSlot: '09:00',
      day: 'Monday',
      clientInfo: visitor,
      payment: { id: intent.paymentIntentId, amount: 1000, currency: 'eur', status: 'succeeded' },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const [client] = (await t.app.inject({ url: `/api/clients?search=${visitor.email}`, headers })).json()
      .items;
    const remote = await subscribeAndEnd(client.id);
    expect(fake.customers.has(remote.customer)).toBe(true);

    now = new Date('2026-11-24T10:00:00Z');
    const erased = await post(`/api/clients/${client.id}/erase`, { confirm: visitor.name }, true);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ providerForgotten: true, providerMessage: null });
    const metadata = fake.intents.get(intent.paymentIntentId)!.metadata;
    expect(metadata).toMatchObject({ purpose: 'appointment', employeeId: employee.id });
    expect(Object.keys(metadata)).not.toEqual(expect.arrayContaining(['clientName']));
    // The person, not any three digits: a random id may hold "677".
    expect(JSON.stringify(metadata)).not.toMatch(/nerea|olmo|677\s?310\s?442/i);
    expect(fake.customers.has(remote.customer)).toBe(false);
  });

  it('with Stripe down, the erasure stands and says what is left to remove there', async () => {
    const created = await post(
      '/api/clients',
      { name: 'Olga Caída', phone: '+34 677 555 101', email: 'olga.caida@example.com' },
      true,
    );
    const client = created.json();
    await subscribeAndEnd(client.id);
    fake.setOutage('server-error');
    const erased = await post(`/api/clients/${client.id}/erase`, { confirm: 'Olga Caída' }, true);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().providerForgotten).toBe(false);
    expect(erased.json().providerMessage).toMatch(/payment provider could not be reached/);
    expect((await t.app.inject({ url: `/api/clients/${client.id}`, headers })).statusCode).toBe(404);
  });
});
