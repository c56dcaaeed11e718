import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { openPostgres } from '../db/client.ts';
import { isStatementTimeout } from '../lib/app-error.ts';
import { registerErrorHandling } from './errors.ts';
import { limitRequestTime, REQUEST_TIMEOUT_MESSAGE } from './request-timeout.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the request timeout', () => {
  const app = Fastify();
  beforeAll(async () => {
    registerErrorHandling(app);
    limitRequestTime(app, 100);
    app.get('/slow', async () => {
      await sleep(1_000);
      return { done: true };
    });
    app.get('/quick', async () => ({ done: true }));
    // A stream that takes over its reply (the live updates) is never cut.
    app.get('/stream', (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/plain' });
      setTimeout(() => reply.raw.end('streamed'), 300);
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers 503 with a message when the work takes longer, and leaves quick answers and streams alone', async () => {
    const slow = await app.inject({ url: '/slow' });
    expect(slow.statusCode).toBe(503);
    expect(slow.json()).toEqual({ message: REQUEST_TIMEOUT_MESSAGE });
    expect(slow.headers['retry-after']).toBe('5');
    expect((await app.inject({ url: '/quick' })).json()).toEqual({ done: true });
    const stream = await app.inject({ url: '/stream' });
    expect(stream.statusCode).toBe(200);
    expect(stream.body).toBe('streamed');
  });
});

describe.runIf(onPostgres)('on PostgreSQL', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('a statement past the timeout is cancelled, and the request answers 503 with a message', async () => {
    const database = openPostgres(t.database.url!, undefined, { statementTimeoutMs: 100 });
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/report', async () => database.db.execute(sql`select pg_sleep(2)`));
    try {
      const failure = await database.db.execute(sql`select pg_sleep(2)`).catch((error: unknown) => error);
      expect(isStatementTimeout(failure)).toBe(true);
      const response = await app.inject({ url: '/report' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: REQUEST_TIMEOUT_MESSAGE });
      // The pool is not left broken: the next statement runs.
      expect((await database.db.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('health answers while slow statements hold every connection of the pool', async () => {
    let finished = 0;
    // The pool has 10 connections: 12 slow statements hold them all and queue two more.
    const slow = Promise.all(
      Array.from({ length: 12 }, () =>
        t.database.db.execute(sql`select pg_sleep(3)`).then(() => {
          finished += 1;
        }),
      ),
    );
    await sleep(300);
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    // Answered while every one of them still ran: it did not wait for a connection of the pool.
    expect(finished).toBe(0);
    await slow;
  });

  it('LISTEN hears its own probe through a direct connection: no warning, and no probe reaches listeners', async () => {
    const warnings: unknown[] = [];
    const logger = {
      warn: (...args: unknown[]) => warnings.push(args),
      info: () => {},
      debug: () => {},
      error: () => {},
    };
    const database = openPostgres(t.database.url!, logger as never);
    const payloads: string[] = [];
    try {
      const unlisten = await database.listen('probe_test', (payload) => payloads.push(payload));
      await database.db.execute(sql`select pg_notify('probe_test', 'an event')`);
      await sleep(1_000);
      await unlisten();
      expect(payloads).toEqual(['an event']);
      expect(warnings).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
