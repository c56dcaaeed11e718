import type { Pack } from '@chatdesk/contract/packs';
import type { Service } from '@chatdesk/contract/services';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { clientPacks, packLedger } from '../../db/schema.ts';

let now = new Date('2026-11-20T10:00:00Z');
let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  ({ headers } = await t.signIn());
});
afterAll(() => t.close());

async function staff<T>(url: string, payload: object): Promise<T> {
  const response = await t.app.inject({ method: 'POST', url, headers, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

const ledgerOf = (clientPackId: string) =>
  t.db.select().from(packLedger).where(eq(packLedger.clientPackId, clientPackId)).orderBy(packLedger.seq);
const balanceOf = async (clientPackId: string) =>
  (await t.db.select().from(clientPacks).where(eq(clientPacks.id, clientPackId)))[0]!.sessionsLeft;

describe('the daily pack expiry', () => {
  it('writes off what is left of packs past their date once, whoever runs it how often, and nothing else', async () => {
    const service = await staff<Service>('/api/services', {
      name: 'Entrenamiento',
      durationMinutes: 60,
      priceAmount: 4000,
      currency: 'eur',
    });
    const pack = (validityDays: number) =>
      staff<Pack>('/api/packs', {
        serviceId: service.id,
        name: `${validityDays} días`,
        sessions: 5,
        priceAmount: 15000,
        validityDays,
      });
    const short = await pack(2);
    const long = await pack(30);
    const { id: clientId } = await staff<{ id: string }>('/api/clients', {
      name: 'Ana',
      email: 'ana@example.com',
      phone: '+34 600 000 000',
    });
    const due = await staff<{ id: string }>(`/api/clients/${clientId}/packs`, {
      packId: short.id,
      method: 'cash',
    });
    const valid = await staff<{ id: string }>(`/api/clients/${clientId}/packs`, {
      packId: long.id,
      method: 'cash',
    });

    // Before its date: nothing to write off.
    now = new Date('2026-11-22T09:59:00Z');
    expect(await t.app.services.packs.expireDue()).toBe(0);

    now = new Date('2026-11-23T00:20:00Z');
    // The job's run, twice over and twice at once (two instances): one expiry row.
    const failures = await t.app.schedules.runOnce();
    expect(failures).toEqual([]);
    const [a, b] = await Promise.all([t.app.services.packs.expireDue(), t.app.services.packs.expireDue()]);
    expect(a + b).toBe(0);
    await t.app.schedules.runOnce();

    expect(await balanceOf(due.id)).toBe(0);
    expect((await ledgerOf(due.id)).map((row) => [row.kind, row.sessions, row.actor])).toEqual([
      ['sale', 5, 'staff'],
      ['expiry', -5, 'system'],
    ]);
    expect(await balanceOf(valid.id)).toBe(5);
    expect((await ledgerOf(valid.id)).map((row) => row.kind)).toEqual(['sale']);
  });

  it('two runs at once write one expiry row per pack', async () => {
    now = new Date('2026-11-20T10:00:00Z');
    const service = await staff<Service>('/api/services', {
      name: 'Yoga',
      durationMinutes: 60,
      priceAmount: 2000,
      currency: 'eur',
    });
    const pack = await staff<Pack>('/api/packs', {
      serviceId: service.id,
      name: 'Yoga 3',
      sessions: 3,
      priceAmount: 5000,
      validityDays: 1,
    });
    const { id: clientId } = await staff<{ id: string }>('/api/clients', {
      name: 'Bea',
      email: 'bea@example.com',
      phone: '+34 600 000 001',
    });
    const sold = await staff<{ id: string }>(`/api/clients/${clientId}/packs`, {
      packId: pack.id,
      method: 'card',
    });
    now = new Date('2026-11-22T00:20:00Z');
    const runs = await Promise.all(Array.from({ length: 4 }, () => t.app.services.packs.expireDue()));
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect((await ledgerOf(sold.id)).filter((row) => row.kind === 'expiry')).toHaveLength(1);
    expect(await balanceOf(sold.id)).toBe(0);
  });
});
