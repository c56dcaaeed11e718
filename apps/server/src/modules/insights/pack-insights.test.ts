import type { InsightsReport } from '@chatdesk/contract/insights';
import type { Pack } from '@chatdesk/contract/packs';
import type { Service } from '@chatdesk/contract/services';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { clientPacks } from '../../db/schema.ts';

// Friday 20 November 2026, 11:00 in Madrid.
let now = new Date('2026-11-20T10:00:00Z');
let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  ({ headers } = await t.signIn());
});
afterAll(() => t.close());

async function staff<T>(url: string, payload?: object): Promise<T> {
  const response = await t.app.inject({
    method: payload ? 'POST' : 'GET',
    url,
    headers,
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

describe("Insights' packs: revenue from the ledger, outstanding sessions from the balances", () => {
  it('sums sales minus refunds in the period, and the sessions left in packs not expired', async () => {
    const empty = await staff<InsightsReport>('/api/insights?period=30d');
    expect(empty.packs).toEqual({
      money: [],
      previousMoney: [],
      outstandingSessions: 0,
      packsWithSessions: 0,
    });

    const service = await staff<Service>('/api/services', {
      name: 'Entrenamiento',
      durationMinutes: 60,
      priceAmount: 4000,
      currency: 'eur',
    });
    const ten = await staff<Pack>('/api/packs', {
      serviceId: service.id,
      name: 'Diez',
      sessions: 10,
      priceAmount: 35000,
      validityDays: 90,
    });
    const five = await staff<Pack>('/api/packs', {
      serviceId: service.id,
      name: 'Cinco',
      sessions: 5,
      priceAmount: 20000,
      validityDays: 1,
    });
    const client = async (name: string, email: string) =>
      (await staff<{ id: string }>('/api/clients', { name, email, phone: '+34 600 000 000' })).id;
    const ana = await client('Ana', 'ana@example.com');
    const bea = await client('Bea', 'bea@example.com');

    // Sold 40 days ago: the period before the last 30 days.
    now = new Date('2026-10-11T10:00:00Z');
    await staff(`/api/clients/${ana}/packs`, { packId: ten.id, method: 'cash' });
    now = new Date('2026-11-19T10:00:00Z');
    const sold = await staff<{ id: string }>(`/api/clients/${bea}/packs`, { packId: ten.id, method: 'card' });
    await staff(`/api/clients/${bea}/packs`, { packId: five.id, method: 'card' });
    // Part of a pack's price refunded by staff in the period: its ten sessions end with it.
    await staff(`/api/clients/${bea}/packs/${sold.id}/refund`, { amount: 10000 });

    now = new Date('2026-11-20T10:00:00Z');
    const report = await staff<InsightsReport>('/api/insights?period=30d');
    expect(report.packs).toEqual({
      money: [{ currency: 'eur', sales: 55000, refunds: 10000, net: 45000 }],
      previousMoney: [{ currency: 'eur', sales: 35000, refunds: 0, net: 35000 }],
      // The five-session pack ran out yesterday at this time: its sessions are not owed any more,
      // though no one has read its client's packs to write its expiry; the refunded pack's ended.
      outstandingSessions: 10,
      packsWithSessions: 1,
    });
    // The general revenue nets the pack's refund as it nets an appointment's: the sales are its
    // payments (revenue), the refund is in its refunds and its net, in the period it was made.
    expect(report.current.bookings.money).toEqual([
      { currency: 'eur', revenue: 55000, refunds: 10000, net: 45000 },
    ]);
    expect(report.previous.bookings.money).toEqual([
      { currency: 'eur', revenue: 35000, refunds: 0, net: 35000 },
    ]);
    const [fiveLeft] = await t.db.select().from(clientPacks).where(eq(clientPacks.packId, five.id));
    expect(fiveLeft!.sessionsLeft).toBe(5);
  });

  it("counts a refund in the period it was made, not the sale's", async () => {
    const [ana] = await t.db.select().from(clientPacks).where(eq(clientPacks.method, 'cash'));
    // Ana's pack, sold on 11 October, refunded in part on Sunday 20 December.
    now = new Date('2026-12-20T10:00:00Z');
    ({ headers } = await t.signIn());
    await staff(`/api/clients/${ana!.clientId}/packs/${ana!.id}/refund`, { amount: 7000 });

    const week = await staff<InsightsReport>('/api/insights?period=custom&from=2026-12-14&to=2026-12-20');
    expect(week.current.bookings.money).toEqual([{ currency: 'eur', revenue: 0, refunds: 7000, net: -7000 }]);
    expect(week.packs.money).toEqual([{ currency: 'eur', sales: 0, refunds: 7000, net: -7000 }]);
    const saleDay = await staff<InsightsReport>('/api/insights?period=custom&from=2026-10-11&to=2026-10-11');
    expect(saleDay.current.bookings.money).toEqual([
      { currency: 'eur', revenue: 35000, refunds: 0, net: 35000 },
    ]);
  });
});
