import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { startTcpProxy } from '../../test/tcp-proxy.ts';
import { registerErrorHandling } from './errors.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

/** An error as node-postgres makes it: a message, and a code for socket and server errors. */
const driverError = (message: string, code?: string) =>
  Object.assign(new Error(message), code ? { code } : {});
const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('the error handler', () => {
  const app = Fastify();
  registerErrorHandling(app);
  let thrown: unknown;
  app.get('/throw', async () => {
    throw thrown;
  });
  afterAll(() => app.close());
  const answerTo = async (error: unknown) => {
    thrown = error;
    return app.inject({ url: '/throw' });
  };

  it('answers 503 with Retry-After when the database cannot be reached, however the driver says it', async () => {
    const refused = driverError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
    const failures = [
      refused,
      wrapped(refused),
      wrapped(driverError('read ECONNRESET', 'ECONNRESET')),
      wrapped(driverError('terminating connection due to administrator command', '57P01')),
      wrapped(driverError('the database system is starting up', '57P03')),
      wrapped(driverError('connection failure', '08006')),
      wrapped(driverError('could not connect', '08001')),
      wrapped(driverError('connection does not exist', '08003')),
      wrapped(driverError('Connection terminated unexpectedly')),
      driverError('Connection terminated'),
      driverError('timeout exceeded when trying to connect'),
      new Error('Connection terminated due to connection timeout', { cause: refused }),
      wrapped(driverError('Client has encountered a connection error and is not queryable')),
    ];
    for (const failure of failures) {
      const response = await answerTo(failure);
      expect(response.statusCode, String(failure)).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect(response.body).not.toMatch(/select|5432|ECONN|terminat/i);
    }
  });

  it('still answers 500, revealing nothing, to other failures of a query', async () => {
    for (const failure of [
      wrapped(driverError('null value in column "name" violates not-null constraint', '23502')),
      wrapped(driverError('relation "nowhere" does not exist', '42P01')),
      new Error('Connection refused by the payments provider'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
    ]) {
      const response = await answerTo(failure);
      expect(response.statusCode, String(failure)).toBe(500);
      expect(response.headers['retry-after']).toBeUndefined();
      expect(response.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    }
  });
});

// An outage needs a server to lose: PGlite lives in the process and has none.
describe.skipIf(!adminUrl)('during a PostgreSQL outage', () => {
  let t: TestContext;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let headers: Record<string, string>;
  let username: string;
  beforeAll(async () => {
    const target = new URL(adminUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    t = await buildTestApp({ routeDatabase: (url) => proxy.through(url) });
    let employee: { username: string };
    ({ headers, employee } = await t.signIn());
    username = employee.username;
  }, 60_000);
  afterAll(async () => {
    await proxy.restore().catch(() => {});
    await t.close();
    await proxy.close();
  });

  it('the API answers 503 with Retry-After, signed in or not, and 200 again once the database is back', {
    timeout: 30_000,
  }, async () => {
    const requests = () => [
      t.app.inject({ url: '/api/clients', headers }),
      t.app.inject({ url: '/api/chats', headers }),
      t.app.inject({
        method: 'POST',
        url: '/api/clients',
        headers,
        payload: { name: 'Ana', phone: '+34 600 000 000' },
      }),
      t.app.inject({ url: `/api/schedule/${username}` }),
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password: 'password123' },
        remoteAddress: '10.97.0.1',
      }),
    ];
    expect((await t.app.inject({ url: '/api/clients', headers })).statusCode).toBe(200);

    await proxy.cut();
    for (const [i, response] of (await Promise.all(requests())).entries()) {
      expect(response.statusCode, `request ${i}: ${response.body}`).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ message: expect.any(String) });
    }

    await proxy.restore();
    await expect
      .poll(async () => (await t.app.inject({ url: '/api/clients', headers })).statusCode, {
        timeout: 10_000,
      })
      .toBe(200);
  });
});
