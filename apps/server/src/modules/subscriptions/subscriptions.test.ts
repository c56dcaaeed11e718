import { randomUUID } from 'node:crypto';
import { SUBSCRIPTION_MESSAGES } from '@chatdesk/contract/subscriptions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { forgedCursor, readAllPages } from '../../../test/paging.ts';
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
    expect(list.items).toHaveLength(1);
    expect(list.nextCursor).toBeNull();
    expect(list.items[0]).toMatchObject({
      id: row.id,
      amount: 19.99,
      currency: 'usd',
      status: 'trialing',
      client: { name: 'Client Unique Plan Name' },
    });
    const canceled = (await t.app.inject({ url: '/api/subscriptions?status=canceled', headers })).json();
    expect(canceled.items.map((s: { id: string }) => s.id)).not.toContain(row.id);
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

type Listed = { id: string; status: string; client: { id: string } };

/** One client's subscriptions made at exact instants (microseconds), in the list's order. */
async function subscriptionsAt(
  client: { name: string; email: string | null },
  rows: Array<{ at: string; status?: 'active' | 'canceled'; planName?: string }>,
) {
  const [owner] = await t.db
    .insert(clients)
    .values({ name: client.name, email: client.email, phone: '+34 600 111 222' })
    .returning();
  const made = [];
  for (const row of rows) {
    const [subscription] = await t.db
      .insert(subscriptions)
      .values({
        clientId: owner!.id,
        planName: row.planName ?? 'Standard Plan',
        amount: 1999,
        currency: 'usd',
        interval: 'month',
        status: row.status ?? 'active',
        createdAt: sql`${row.at}::timestamptz`,
      })
      .returning();
    made.push({ ...subscription!, at: row.at });
  }
  const ordered = made.sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1));
  return { client: owner!, made: ordered };
}

describe('subscription list pages', () => {
  it('follow each other newest first, without overlap or gaps, and keep the filters', async () => {
    const { client, made } = await subscriptionsAt({ name: 'Paged Client', email: null }, [
      { at: '2026-05-01T10:00:00.000700Z', status: 'active' },
      { at: '2026-05-01T10:00:00.000600Z', status: 'canceled' },
      { at: '2026-05-01T10:00:00.000600Z', status: 'active' },
      { at: '2026-05-01T10:00:00.000600Z', status: 'active' },
      { at: '2026-05-01T10:00:00.000100Z', status: 'canceled' },
      { at: '2026-04-01T10:00:00.000000Z', status: 'active' },
    ]);
    for (const limit of [1, 4]) {
      const pages = await readAllPages<Listed>(
        t.app,
        `/api/subscriptions?clientId=${client.id}&limit=${limit}`,
        headers,
      );
      expect(pages).toHaveLength(Math.ceil(made.length / limit));
      expect(pages.flat().map((s) => s.id)).toEqual(made.map((s) => s.id));
    }
    const active = await readAllPages<Listed>(
      t.app,
      `/api/subscriptions?clientId=${client.id}&status=active&limit=2`,
      headers,
    );
    expect(active.map((page) => page.length)).toEqual([2, 2]);
    expect(active.flat().map((s) => s.id)).toEqual(
      made.filter((s) => s.status === 'active').map((s) => s.id),
    );
  });

  it('cover the whole list, in the order of one big page', async () => {
    await subscriptionsAt(
      { name: 'Whole List', email: null },
      Array.from({ length: 5 }, () => ({ at: '2026-03-01T00:00:00.000001Z' })),
    );
    const whole = (await t.app.inject({ url: '/api/subscriptions?limit=100', headers })).json();
    expect(whole.nextCursor).toBeNull();
    const pages = await readAllPages<Listed>(t.app, '/api/subscriptions?limit=2', headers);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.flat().map((s) => s.id)).toEqual(whole.items.map((s: Listed) => s.id));
  });

  it("search the plan and the client's name and email, ignoring case and accents", async () => {
    const tk = randomUUID().slice(0, 8);
    const { made: byClient } = await subscriptionsAt(
      { name: 'José García', email: `jose-${tk}@example.com` },
      [{ at: '2026-06-01T10:00:00.000002Z' }, { at: '2026-06-01T10:00:00.000001Z' }],
    );
    const { made: byPlan } = await subscriptionsAt({ name: 'Someone Else', email: null }, [
      { at: '2026-06-01T10:00:00.000000Z', planName: 'Plan Básico Único' },
    ]);
    const ids = async (search: string) =>
      (await t.app.inject({ url: `/api/subscriptions?search=${encodeURIComponent(search)}`, headers }))
        .json()
        .items.map((s: Listed) => s.id);
    const clientIds = byClient.map((s) => s.id);
    expect(await ids('jose garcia')).toEqual(clientIds);
    expect(await ids('GARCÍA')).toEqual(clientIds);
    expect(await ids(`jose-${tk}@EXAMPLE`)).toEqual(clientIds);
    expect(await ids('basico unico')).toEqual([byPlan[0]!.id]);
    const paged = await readAllPages<Listed>(t.app, '/api/subscriptions?search=garcia&limit=1', headers);
    expect(paged.flat().map((s) => s.id)).toEqual(clientIds);
    const { made: both } = await subscriptionsAt({ name: `Both ${tk}`, email: null }, [
      { at: '2026-06-01T09:00:00.000000Z', planName: `Both ${tk}` },
    ]);
    expect(await ids(`both ${tk}`)).toEqual([both[0]!.id]);
  });

  it('refuse a malformed cursor or limit with a 400 that says so', async () => {
    for (const cursor of ['abc', forgedCursor(['2026-05-01T10:00:00.000700Z', 'x']), forgedCursor('x')]) {
      const response = await t.app.inject({ url: `/api/subscriptions?cursor=${cursor}`, headers });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().message).toBe('cursor: Invalid cursor');
    }
    for (const limit of ['0', '101']) {
      const response = await t.app.inject({ url: `/api/subscriptions?limit=${limit}`, headers });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^limit: /);
    }
  });
});
