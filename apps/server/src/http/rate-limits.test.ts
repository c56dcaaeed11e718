import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import type { App } from '../app.ts';
import { registerErrorHandling } from './errors.ts';
import { registerRateLimits } from './rate-limits.ts';

let t: TestContext;
let other: App;

beforeAll(async () => {
  t = await buildTestApp();
  other = await t.anotherInstance();
});
afterAll(() => t?.close());

let addressNumber = 0;
/** A client of its own, so each test starts with a whole budget. */
const newAddress = () => `10.77.${Math.floor(++addressNumber / 250)}.${addressNumber % 250}`;

/** A private link's token that no appointment has. */
const UNKNOWN_TOKEN = 'f'.repeat(64);

/** A customer's cancel on a link that does not exist: 404 within its limit (10 a minute), 429 past it. */
const cancel = (instance: App, remoteAddress: string) =>
  instance.inject({
    method: 'POST',
    url: `/api/booking/${UNKNOWN_TOKEN}/cancel`,
    payload: { refundExpected: 0 },
    remoteAddress,
  });

describe('rate limits on several instances', () => {
  it('two instances on one database share one budget', async () => {
    const address = newAddress();
    const codes: number[] = [];
    for (let round = 0; round < 6; round++) {
      codes.push((await cancel(t.app, address)).statusCode, (await cancel(other, address)).statusCode);
    }
    expect(codes).toEqual([...Array<number>(10).fill(404), 429, 429]);
    const refused = await cancel(t.app, address);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/^Rate limit exceeded, retry in /) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('counts concurrent requests on both instances exactly', async () => {
    const address = newAddress();
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => cancel(i % 2 ? other : t.app, address)),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 404)).toHaveLength(10);
    expect(codes.filter((code) => code === 429)).toHaveLength(20);
  });

  it('gives each route and each address a budget of its own', async () => {
    const address = newAddress();
    for (let i = 0; i < 10; i++) await cancel(t.app, address);
    expect((await cancel(other, address)).statusCode).toBe(429);
    const read = await other.inject({
      method: 'GET',
      url: `/api/booking/${UNKNOWN_TOKEN}`,
      remoteAddress: address,
    });
    expect(read.statusCode).toBe(404);
    expect((await cancel(other, newAddress())).statusCode).toBe(404);
  });

  it("gives a client its budget back once the window has run out on the database's clock", async () => {
    const address = newAddress();
    for (let i = 0; i < 10; i++) await cancel(t.app, address);
    expect((await cancel(other, address)).statusCode).toBe(429);
    // The minute passes: the window's end is a time on the database's clock, the one every instance reads.
    await t.db.execute(sql`update rate_limits set reset_at = now() where key like ${`%|${address}`}`);
    const again = await cancel(other, address);
    expect(again.statusCode).toBe(404);
    expect(again.headers['x-ratelimit-remaining']).toBe('9');
  });

  it('lets requests through while the counters cannot be written', async () => {
    const address = newAddress();
    await t.db.execute(sql`alter table rate_limits rename to rate_limits_away`);
    try {
      const codes: number[] = [];
      for (let i = 0; i < 12; i++) codes.push((await cancel(i % 2 ? other : t.app, address)).statusCode);
      expect(codes).toEqual(Array<number>(12).fill(404));
    } finally {
      await t.db.execute(sql`alter table rate_limits_away rename to rate_limits`);
    }
  });
});

describe('a rate limit whose counters fail', () => {
  it('answers the request and logs a warning', async () => {
    const lines: string[] = [];
    const log = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger: FastifyBaseLogger = pino({ level: 'warn' }, log);
    const app = Fastify({ loggerInstance: logger });
    registerErrorHandling(app);
    await registerRateLimits(app, {
      hit: () => Promise.reject(new Error('Connection terminated unexpectedly')),
      hitEach: () => Promise.reject(new Error('Connection terminated unexpectedly')),
      forgetSpent: () => Promise.resolve(0),
    });
    app.get('/limited', { config: { rateLimit: { max: 1, timeWindow: '1 minute' } } }, async () => ({
      ok: true,
    }));
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await app.inject({ url: '/limited' })).statusCode);
      expect(codes).toEqual([200, 200, 200]);
      expect(lines.filter((line) => line.includes('rate limit not counted'))).toHaveLength(3);
    } finally {
      await app.close();
    }
  });
});
