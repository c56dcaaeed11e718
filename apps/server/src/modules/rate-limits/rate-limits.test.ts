import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { rateLimits } from '../../db/schema.ts';

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rate-limit counters', () => {
  it('counts each of many concurrent requests exactly once', async () => {
    const { hit } = t.app.services.rateLimits;
    const results = await Promise.all(Array.from({ length: 40 }, () => hit('POST /a', '10.1.0.1', 60_000)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    for (const { ttlMs } of results) {
      expect(ttlMs).toBeGreaterThan(50_000);
      expect(ttlMs).toBeLessThanOrEqual(60_000);
    }
  });

  it('counts each route and each client apart', async () => {
    const { hit } = t.app.services.rateLimits;
    await hit('POST /b', '10.1.0.2', 60_000);
    await hit('POST /b', '10.1.0.2', 60_000);
    expect((await hit('POST /b', '10.1.0.3', 60_000)).count).toBe(1);
    expect((await hit('GET /b', '10.1.0.2', 60_000)).count).toBe(1);
    expect((await hit('POST /b', '10.1.0.2', 60_000)).count).toBe(3);
  });

  it('starts a window again at 1 once it has run out on the database clock', async () => {
    const { hit } = t.app.services.rateLimits;
    expect((await hit('POST /c', '10.1.0.4', 300)).count).toBe(1);
    const second = await hit('POST /c', '10.1.0.4', 300);
    expect(second.count).toBe(2);
    expect(second.ttlMs).toBeLessThanOrEqual(300);
    await sleep(400);
    const fresh = await hit('POST /c', '10.1.0.4', 300);
    expect(fresh).toEqual({ count: 1, ttlMs: expect.any(Number) });
    expect(fresh.ttlMs).toBeGreaterThan(200);
  });

  it('counts several keys in one statement, each as hit would, answered in the order asked', async () => {
    const { hit, hitEach } = t.app.services.rateLimits;
    await hit('POST /e', '10.1.0.7', 60_000);
    const counted = await Promise.all(
      Array.from({ length: 10 }, () =>
        hitEach([
          { route: 'POST /e', client: '10.1.0.8', windowMs: 60_000 },
          { route: 'POST /e', client: '10.1.0.7', windowMs: 60_000 },
        ]),
      ),
    );
    expect(counted.map(([fresh]) => fresh!.count).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(counted.map(([, old]) => old!.count).sort((a, b) => a - b)).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    ]);
  });

  it('the clean-up deletes spent counters and keeps live ones', async () => {
    const { hit } = t.app.services.rateLimits;
    await hit('POST /d', '10.1.0.5', 1);
    await hit('POST /d', '10.1.0.6', 60_000);
    await sleep(20);
    expect(await t.app.schedules.runOnce()).toEqual([]);
    const left = await t.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(like(rateLimits.key, 'POST /d|%'));
    expect(left).toEqual([{ key: 'POST /d|10.1.0.6' }]);
  });
});
