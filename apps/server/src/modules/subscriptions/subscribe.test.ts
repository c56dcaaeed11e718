import { SUBSCRIPTION_MESSAGES } from '@chatdesk/contract/subscriptions';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertEmployee } from '../../../test/factories.ts';
import { clients, localPaymentIntents, notifications, payments, subscriptions } from '../../db/schema.ts';
import { LOCAL_CARD_ERRORS, TEST_CARDS } from '../../integrations/payments/local-payment-provider.ts';
import { createLocalSubscriptions } from '../../integrations/payments/local-subscriptions.ts';

let now = new Date('2026-11-22T10:00:00Z');
let t: TestContext;
let headers: Record<string, string>;
let employee: Awaited<ReturnType<typeof insertEmployee>>;
beforeAll(async () => {
  // The renewal test moves the clock a month on: the staff session must outlive it.
  t = await buildTestApp({ clock: () => now, env: { SESSION_TTL_HOURS: '10000' } });
  ({ headers } = await t.signIn());
  employee = await insertEmployee(t.db, { name: 'Marta Navarro', username: 'marta-sub' });
});
afterAll(() => t.close());

let ip = 0;
const post = (url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: `10.30.${Math.floor(++ip / 250)}.${ip % 250}`,
  });
const card = (number: string) => ({ card: { number, expMonth: 12, expYear: 2030, cvc: '123' } });

async function subscribe(email: string, number: string = TEST_CARDS.success) {
  const method = await post('/api/payments/local/payment-methods', card(number));
  expect(method.statusCode, method.body).toBe(200);
  return post('/api/payments/subscription', {
    paymentMethodId: method.json().id,
    priceId: 'premium',
    email,
    username: 'marta-sub',
  });
}

describe('public subscribe', () => {
  it('shows the monthly premium price', async () => {
    const price = await t.app.inject({ url: '/api/payments/price/premium' });
    expect(price.json()).toEqual({
      id: 'price_local_premium_monthly',
      unit_amount: 999,
      currency: 'eur',
      interval: 'month',
    });
    expect((await t.app.inject({ url: '/api/payments/price/price_unknown' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/payments/config' })).json()).toEqual({
      provider: 'local',
      publishableKey: null,
    });
  });

  it('creates the client from the website, the active subscription linked to the employee, the payment and a notification', async () => {
    const response = await subscribe('nuevo@example.com');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'active', requiresAction: false, clientSecret: null });
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, body.subscriptionId));
    expect(row).toMatchObject({
      employeeId: employee.id,
      amount: 999,
      currency: 'eur',
      interval: 'month',
      status: 'active',
    });
    const [client] = await t.db.select().from(clients).where(eq(clients.id, row!.clientId!));
    expect(client).toMatchObject({ email: 'nuevo@example.com', source: 'website' });
    const paid = await t.db.select().from(payments).where(eq(payments.subscriptionId, row!.id));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ amount: 999, currency: 'eur', status: 'completed' });
    const notices = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/subscriptions/${row!.id}`));
    expect(notices.map((n) => n.title)).toEqual(['New subscription']);
  });

  it('a card that needs a security check: incomplete until approved, then active with its payment', async () => {
    const response = await subscribe('secure@example.com', TEST_CARDS.authentication);
    const body = response.json();
    expect(body).toMatchObject({ status: 'incomplete', requiresAction: true });
    expect(body.clientSecret).toMatch(/_secret_/);
    const approved = await post('/api/payments/local/authenticate', {
      clientSecret: body.clientSecret,
      approve: true,
    });
    expect(approved.json().status).toBe('succeeded');
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, body.subscriptionId));
    expect(row!.status).toBe('active');
    expect(await t.db.select().from(payments).where(eq(payments.subscriptionId, row!.id))).toHaveLength(1);

    const failing = (await subscribe('failing@example.com', TEST_CARDS.authentication)).json();
    const failed = await post('/api/payments/local/authenticate', {
      clientSecret: failing.clientSecret,
      approve: false,
    });
    expect(failed.statusCode).toBe(402);
    const [still] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, failing.subscriptionId));
    expect(still!.status).toBe('incomplete');
  });

  it('a declined card subscribes nothing', async () => {
    const response = await subscribe('declined@example.com', TEST_CARDS.declined);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ message: LOCAL_CARD_ERRORS.declined });
  });

  it('refuses a bad email and an unknown employee', async () => {
    const bad = await post('/api/payments/subscription', {
      paymentMethodId: 'pm_card_visa',
      priceId: 'premium',
      email: 'nope',
      username: 'marta-sub',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(`email: ${SUBSCRIPTION_MESSAGES.emailInvalid}`);
    const unknown = await post('/api/payments/subscription', {
      paymentMethodId: 'pm_card_visa',
      priceId: 'premium',
      email: 'a@example.com',
      username: 'nobody',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.employeeNotFound });
  });

  it('one email subscribes to one employee once, even when the submits arrive together', async () => {
    const email = 'twice@example.com';
    const methods = await Promise.all(
      [1, 2, 3].map(() => post('/api/payments/local/payment-methods', card(TEST_CARDS.success))),
    );
    const responses = await Promise.all(
      methods.map((method) =>
        post('/api/payments/subscription', {
          paymentMethodId: method.json().id,
          priceId: 'premium',
          email,
          username: 'marta-sub',
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect([SUBSCRIPTION_MESSAGES.alreadySubscribed, SUBSCRIPTION_MESSAGES.inProgress]).toContain(
        refused.json().message,
      );
    }
    const again = await subscribe('TWICE@example.com');
    expect(again.statusCode).toBe(409);

    const owners = await t.db.select().from(clients).where(eq(clients.email, email));
    expect(owners).toHaveLength(1);
    const rows = await t.db.select().from(subscriptions).where(eq(subscriptions.clientId, owners[0]!.id));
    expect(rows.map((r) => r.status)).toEqual(['active']);
    expect(await t.db.select().from(payments).where(eq(payments.clientId, owners[0]!.id))).toHaveLength(1);

    const other = await insertEmployee(t.db, { name: 'Otro Profe', username: 'otro-sub' });
    const method = await post('/api/payments/local/payment-methods', card(TEST_CARDS.success));
    const toOther = await post('/api/payments/subscription', {
      paymentMethodId: method.json().id,
      priceId: 'premium',
      email,
      username: other.username,
    });
    expect(toOther.statusCode, toOther.body).toBe(200);
  });

  it('a declined card leaves no client behind, and a client waiting for its security check is not active yet', async () => {
    expect((await subscribe('declined-new@example.com', TEST_CARDS.declined)).statusCode).toBe(402);
    expect(await t.db.select().from(clients).where(eq(clients.email, 'declined-new@example.com'))).toEqual(
      [],
    );

    const pending = (await subscribe('pending-check@example.com', TEST_CARDS.authentication)).json();
    const [lead] = await t.db.select().from(clients).where(eq(clients.email, 'pending-check@example.com'));
    expect(lead!.status).toBe('lead');
    await post('/api/payments/local/authenticate', { clientSecret: pending.clientSecret, approve: true });
    const [active] = await t.db.select().from(clients).where(eq(clients.id, lead!.id));
    expect(active!.status).toBe('active');
  });

  it('refuses a payment method id that names a property of every object', async () => {
    for (const paymentMethodId of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const response = await post('/api/payments/subscription', {
        paymentMethodId,
        priceId: 'premium',
        email: `proto-${paymentMethodId}@example.com`,
        username: 'marta-sub',
      });
      expect(response.statusCode, `${paymentMethodId}: ${response.body}`).toBe(400);
      expect(response.json()).toEqual({ message: 'No such payment method.' });
    }
  });

  it('a first payment that never passes its security check is ended after 23 hours, and the email can try again', async () => {
    const started = now;
    try {
      const email = 'abandoned@example.com';
      const first = (await subscribe(email, TEST_CARDS.authentication)).json();
      expect(first.status).toBe('incomplete');

      now = new Date(started.getTime() + 22 * 3_600_000);
      await t.app.schedules.runOnce();
      const [waiting] = await t.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, first.subscriptionId));
      expect(waiting!.status).toBe('incomplete');

      now = new Date(started.getTime() + 23 * 3_600_000 + 60_000);
      await t.app.schedules.runOnce();
      const [expired] = await t.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, first.subscriptionId));
      // It never started: it stays incomplete, ended (Stripe's incomplete_expired), not canceled.
      expect(expired).toMatchObject({ status: 'incomplete', endedAt: now });
      const provider = await createLocalSubscriptions({ db: t.db, clock: () => now }).retrieveSubscription(
        expired!.providerSubscriptionId!,
      );
      expect(provider?.status).toBe('canceled');

      const retry = await subscribe(email);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json().status).toBe('active');
    } finally {
      now = started;
    }
  });
});

describe('an unfinished attempt never blocks its email', () => {
  const authenticate = (clientSecret: string, approve: boolean) =>
    post('/api/payments/local/authenticate', { clientSecret, approve });

  async function clientOf(email: string) {
    const [client] = await t.db.select().from(clients).where(eq(clients.email, email));
    return client!;
  }

  /** Live (or still waiting) subscriptions of the email to this test's employee. */
  async function liveOf(email: string) {
    const client = await clientOf(email);
    return t.db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.clientId, client.id),
          inArray(subscriptions.status, ['active', 'trialing', 'past_due']),
        ),
      );
  }

  const staffList = async (query: string) =>
    (await t.app.inject({ url: `/api/subscriptions?${query}`, headers })).json().items as Array<{
      id: string;
      status: string;
    }>;

  it('a failed security check, then a good card: subscribed once, and the failed attempt is no subscription', async () => {
    const email = 'retry-after-fail@example.com';
    const first = (await subscribe(email, TEST_CARDS.authentication)).json();
    expect(first).toMatchObject({ status: 'incomplete', requiresAction: true });
    expect((await authenticate(first.clientSecret, false)).statusCode).toBe(402);

    const retry = await subscribe(email);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ status: 'active', requiresAction: false });

    const live = await liveOf(email);
    expect(live.map((row) => row.id)).toEqual([retry.json().subscriptionId]);
    const [old] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, first.subscriptionId));
    expect(old).toMatchObject({ status: 'incomplete', endedAt: now });
    const atProvider = await createLocalSubscriptions({ db: t.db, clock: () => now }).retrieveSubscription(
      old!.providerSubscriptionId!,
    );
    expect(atProvider?.status).toBe('canceled');
    expect(
      await t.db
        .select()
        .from(payments)
        .where(eq(payments.clientId, (await clientOf(email)).id)),
    ).toHaveLength(1);

    // Staff see the subscription, not the attempt; the attempt only under its own status.
    const listed = await staffList(`search=${encodeURIComponent(email)}`);
    expect(listed.map((row) => [row.id, row.status])).toEqual([[retry.json().subscriptionId, 'active']]);
    const incomplete = await staffList(`search=${encodeURIComponent(email)}&status=incomplete`);
    expect(incomplete.map((row) => row.id)).toEqual([first.subscriptionId]);
    const detail = (
      await t.app.inject({ url: `/api/clients/${(await clientOf(email)).id}`, headers })
    ).json();
    expect(detail.subscription).toMatchObject({ status: 'active' });
  });

  it('a security check never answered (window closed) does not block a retry', async () => {
    const email = 'retry-after-abandon@example.com';
    const first = (await subscribe(email, TEST_CARDS.authentication)).json();
    expect(first.requiresAction).toBe(true);

    const retry = await subscribe(email);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().status).toBe('active');
    expect((await liveOf(email)).map((row) => row.id)).toEqual([retry.json().subscriptionId]);
    expect(await staffList(`search=${encodeURIComponent(email)}`)).toHaveLength(1);
  });

  it('an abandoned attempt approved later takes no money and starts no second subscription', async () => {
    const email = 'late-approval@example.com';
    const first = (await subscribe(email, TEST_CARDS.authentication)).json();
    const retry = await subscribe(email);
    expect(retry.statusCode, retry.body).toBe(200);

    const late = await authenticate(first.clientSecret, true);
    expect(late.statusCode).toBe(409);
    const [intent] = await t.db
      .select()
      .from(localPaymentIntents)
      .where(eq(localPaymentIntents.clientSecret, first.clientSecret));
    expect(intent!.status).toBe('canceled');

    const client = await clientOf(email);
    expect((await liveOf(email)).map((row) => row.id)).toEqual([retry.json().subscriptionId]);
    expect(await t.db.select().from(payments).where(eq(payments.clientId, client.id))).toHaveLength(1);
    const [old] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, first.subscriptionId));
    expect(old!.status).toBe('incomplete');
  });

  it('a retry that needs its own security check replaces the abandoned one, and only it can be approved', async () => {
    const email = 'two-checks@example.com';
    const first = (await subscribe(email, TEST_CARDS.authentication)).json();
    const second = (await subscribe(email, TEST_CARDS.authentication)).json();
    expect(second).toMatchObject({ status: 'incomplete', requiresAction: true });
    expect(second.subscriptionId).not.toBe(first.subscriptionId);

    expect((await authenticate(second.clientSecret, true)).statusCode).toBe(200);
    expect((await authenticate(first.clientSecret, true)).statusCode).toBe(409);
    expect((await liveOf(email)).map((row) => row.id)).toEqual([second.subscriptionId]);
    const client = await clientOf(email);
    expect(await t.db.select().from(payments).where(eq(payments.clientId, client.id))).toHaveLength(1);
  });

  it('an attempt approved before the retry arrives makes the retry a conflict, never a second charge', async () => {
    const email = 'approved-first@example.com';
    const first = (await subscribe(email, TEST_CARDS.authentication)).json();
    expect((await authenticate(first.clientSecret, true)).statusCode).toBe(200);
    const retry = await subscribe(email);
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.alreadySubscribed });
    expect((await liveOf(email)).map((row) => row.id)).toEqual([first.subscriptionId]);
  });

  it('thirty submits for one email at once, many with failing cards, each get a clear answer and at most one charge', async () => {
    const email = 'crowd@example.com';
    const numbers = [TEST_CARDS.declined, TEST_CARDS.authentication, TEST_CARDS.declined, TEST_CARDS.success];
    const methods = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post('/api/payments/local/payment-methods', card(numbers[i % numbers.length]!)),
      ),
    );
    const responses = await Promise.all(
      methods.map((method) =>
        post('/api/payments/subscription', {
          paymentMethodId: method.json().id,
          priceId: 'premium',
          email,
          username: 'marta-sub',
        }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(
      codes.filter((code) => code >= 500),
      responses.map((r) => r.body).join('\n'),
    ).toEqual([]);
    expect(codes.every((code) => [200, 402, 409].includes(code))).toBe(true);

    // Whatever won, the email is not stuck: a good card afterwards subscribes or is told it already has.
    const after = await subscribe(email);
    expect([200, 409]).toContain(after.statusCode);
    const live = await liveOf(email);
    expect(live).toHaveLength(1);
    const client = await clientOf(email);
    expect(await t.db.select().from(payments).where(eq(payments.clientId, client.id))).toHaveLength(1);
  });

  it('a declined card racing with a good one never leaves a 500 or a missing client', async () => {
    for (let round = 0; round < 3; round++) {
      const email = `race-${round}@example.com`;
      const numbers = Array.from({ length: 10 }, (_, i) =>
        i === 5 ? TEST_CARDS.success : TEST_CARDS.declined,
      );
      const methods = await Promise.all(
        numbers.map((number) => post('/api/payments/local/payment-methods', card(number))),
      );
      const responses = await Promise.all(
        methods.map((method) =>
          post('/api/payments/subscription', {
            paymentMethodId: method.json().id,
            priceId: 'premium',
            email,
            username: 'marta-sub',
          }),
        ),
      );
      expect(responses.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
      const won = responses.filter((r) => r.statusCode === 200);
      for (const response of won) {
        const [row] = await t.db
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.id, response.json().subscriptionId));
        expect(row?.status).toBe('active');
      }
    }
  });
});

describe('staff-created subscriptions and the provider', () => {
  async function newClient() {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers,
      payload: { name: 'Sara Vidal', phone: '+34 600 000 000', email: `sara-${++ip}@example.com` },
    });
    return response.json().id as string;
  }

  const create = (clientId: string, paymentMethodId = 'pm_card_visa') =>
    t.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers,
      payload: {
        clientId,
        paymentMethodId,
        planId: null,
        planName: 'Standard Plan',
        amount: 19.99,
        currency: 'usd',
        interval: 'month',
      },
    });

  it('charges the first period through the provider and opens as active', async () => {
    const clientId = await newClient();
    const response = await create(clientId);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      planName: 'Standard Plan',
      amount: 19.99,
      currency: 'usd',
      status: 'active',
      client: { id: clientId },
    });
    expect(response.json().stripeSubscriptionId).toMatch(/^sub_local_/);
    const detail = (await t.app.inject({ url: `/api/clients/${clientId}`, headers })).json();
    expect(detail.subscription).toMatchObject({
      status: 'active',
      plan: 'Standard Plan',
      cancelAtPeriodEnd: false,
    });
    expect(detail.payments[0]).toMatchObject({ amount: 1999, currency: 'usd' });
  });

  it('refuses a declined card and an unknown client', async () => {
    const clientId = await newClient();
    expect((await create(clientId, 'pm_card_chargeDeclined')).statusCode).toBe(402);
    const unknown = await create('00000000-0000-4000-8000-000000000000');
    expect(unknown.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.clientNotFound });
  });

  it('renews when the period passes, and ends one canceled at period end', async () => {
    const renewing = (await create(await newClient())).json();
    const ending = (await create(await newClient())).json();
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${ending.id}/cancel`,
      headers,
      payload: {},
    });
    expect(canceled.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    now = new Date('2026-12-23T10:00:00Z');
    await t.app.schedules.runOnce();

    const renewed = (await t.app.inject({ url: `/api/subscriptions/${renewing.id}`, headers })).json();
    expect(renewed.status).toBe('active');
    expect(renewed.currentPeriodEnd).toBe('2027-01-22T10:00:00.000Z');
    expect(await t.db.select().from(payments).where(eq(payments.subscriptionId, renewing.id))).toHaveLength(
      2,
    );

    const ended = (await t.app.inject({ url: `/api/subscriptions/${ending.id}`, headers })).json();
    expect(ended).toMatchObject({ status: 'canceled', endedAt: '2026-12-22T10:00:00.000Z' });
    now = new Date('2026-11-22T10:00:00Z');
  });

  it('cancels immediately through the provider', async () => {
    const sub = (await create(await newClient())).json();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${sub.id}/cancel`,
      headers,
      payload: { cancelImmediately: true },
    });
    expect(response.json()).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
    const provider = await createLocalSubscriptions({ db: t.db, clock: () => now }).retrieveSubscription(
      sub.stripeSubscriptionId,
    );
    expect(provider?.status).toBe('canceled');
  });
});
