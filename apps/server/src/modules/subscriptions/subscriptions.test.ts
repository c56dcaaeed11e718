import { SUBSCRIPTION_MESSAGES } from '@chatdesk/contract/subscriptions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { clients, subscriptions } from '../../db/schema.ts';

let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  ({ headers } = await t.signIn());
});
afterAll(() => t.close());

async function insertSubscription(
  status: 'active' | 'trialing' | 'past_due' | 'canceled' = 'active',
  planName = 'Standard Plan',
) {
  const [client] = await t.db
    .insert(clients)
    .values({ name: `Client ${planName}`, phone: '1', email: 'c@example.com' })
    .returning();
  const [row] = await t.db
    .insert(subscriptions)
    .values({
      clientId: client!.id,
      planName,
      amount: 1999,
      currency: 'usd',
      interval: 'month',
      status,
      currentPeriodStart: new Date('2026-11-01T00:00:00Z'),
      currentPeriodEnd: new Date('2026-12-01T00:00:00Z'),
    })
    .returning();
  return row!;
}

describe('subscriptions', () => {
  it('lists the plan catalogue of spec §9', async () => {
    const plans = (await t.app.inject({ url: '/api/subscriptions/plans', headers })).json();
    expect(
      plans.map(
        (p: { name: string; amount: number; interval: string }) => `${p.name} ${p.amount}/${p.interval}`,
      ),
    ).toEqual([
      'Basic Plan 9.99/month',
      'Standard Plan 19.99/month',
      'Premium Plan 29.99/month',
      'Annual Basic 99.99/year',
      'Annual Standard 199.99/year',
      'Annual Premium 299.99/year',
    ]);
  });

  it('lists with search and status, and shows the amount as given', async () => {
    const row = await insertSubscription('trialing', 'Unique Plan Name');
    const list = (await t.app.inject({ url: '/api/subscriptions?search=unique%20plan', headers })).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: row.id,
      amount: 19.99,
      currency: 'usd',
      status: 'trialing',
      client: { name: 'Client Unique Plan Name' },
    });
    const canceled = (await t.app.inject({ url: '/api/subscriptions?status=canceled', headers })).json();
    expect(canceled.map((s: { id: string }) => s.id)).not.toContain(row.id);
  });

  it('cancels at the end of the period by default', async () => {
    const row = await insertSubscription();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${row.id}/cancel`,
      headers,
      payload: {},
    });
    expect(response.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, endedAt: null });
    expect(response.json().canceledAt).not.toBeNull();
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${row.id}/cancel`,
      headers,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.notCancelable });
  });

  it('cancels immediately when asked', async () => {
    const row = await insertSubscription();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${row.id}/cancel`,
      headers,
      payload: { cancelImmediately: true },
    });
    expect(response.json()).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
    expect(response.json().endedAt).not.toBeNull();
  });

  it('refuses to cancel a past-due subscription, and 404s an unknown one', async () => {
    const row = await insertSubscription('past_due');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/subscriptions/${row.id}/cancel`,
          headers,
          payload: {},
        })
      ).statusCode,
    ).toBe(409);
    const unknown = await t.app.inject({
      url: '/api/subscriptions/00000000-0000-4000-8000-000000000000',
      headers,
    });
    expect(unknown.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.notFound });
  });
});
