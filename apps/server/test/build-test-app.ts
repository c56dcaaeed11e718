import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createPglite, type Database, fromPglite, openPostgres } from '../src/db/client.ts';
import { createEventBus } from '../src/events/event-bus.ts';
import type { Lifecycle } from '../src/http/health.ts';
import type { Integrations } from '../src/integrations/choose-integrations.ts';
import { createJobQueue, type JobQueue } from '../src/jobs/queue.ts';
import { insertEmployee } from './factories.ts';

export type TestContext = Awaited<ReturnType<typeof buildTestApp>>;

/** A fresh database: a copy of the migrated template, in PGlite or in PostgreSQL when TEST_DATABASE_URL is set. */
export async function freshDatabase(
  route: (url: string) => string = (url) => url,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const template = await fs.readFile(inject('pgliteTemplate'));
    const client = await createPglite({ loadDataDir: new Blob([template]) });
    return { database: fromPglite(client), drop: async () => {} };
  }
  const name = `chatdesk_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // The suite's migrated and seeded template (global-setup.ts).
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(route(url.toString()));
  return {
    database,
    drop: () => dropDatabase(adminUrl, name),
  };
}

/**
 * Drops a test database once the app has closed its connections. FORCE also ends any
 * straggler, but PostgreSQL refuses it to a role without pg_signal_backend when the
 * straggler is an autovacuum worker; a plain DROP ends autovacuum itself, so that is the
 * fallback, retried while a late connection of our own is still closing.
 */
export async function dropDatabase(adminUrl: string, name: string) {
  const cleanup = new pg.Client({ connectionString: adminUrl });
  await cleanup.connect();
  try {
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } catch {
    for (let attempt = 1; ; attempt++) {
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
        break;
      } catch (error) {
        if (attempt === 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  } finally {
    await cleanup.end();
  }
}

/**
 * One app per test file, built exactly as main.ts builds it, on its own database.
 * `env` overrides configuration; `clock` lets a test move time.
 */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    clock?: () => Date;
    integrations?: Partial<Integrations>;
    /** Run the durable job queue (pg-boss) on the test database; without it each job runs at once, inline. */
    withQueue?: boolean;
    /** Where the app is in its life (http/health.ts); ready when not given. */
    lifecycle?: Lifecycle;
    /** A queue of the test's own (one that fails on purpose); over `withQueue`. */
    queue?: JobQueue;
    /** PostgreSQL only: the app's connection string from the test database's (through a proxy). */
    routeDatabase?: (url: string) => string;
  } = {},
) {
  const { database, drop } = await freshDatabase(options.routeDatabase);
  const config = loadConfig({
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ASSISTANT_RETRY_DELAY_SECONDS: '1',
    ...options.env,
  });
  const events = createEventBus(database);
  await events.start();
  // Retries a second apart: a test of a retry waits for it, not for production's back-off.
  const queue = options.queue
    ? options.queue
    : options.withQueue
      ? createJobQueue({
          ...(database.kind === 'pglite'
            ? { pglite: database.pglite! }
            : { connectionString: database.url! }),
          pollingIntervalSeconds: 0.5,
          retry: { retryDelaySeconds: 1, retryBackoff: false },
          jobs: { assistantReply: config.assistant.retry },
        })
      : undefined;
  // Instances behind one load balancer share the secret, so a token from one works at the others.
  const jwtSecret = randomBytes(32).toString('hex');
  const app = await buildApp({
    config,
    database,
    events,
    jwtSecret,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.integrations ? { integrations: options.integrations } : {}),
    ...(queue ? { queue } : {}),
    ...(options.lifecycle ? { lifecycle: options.lifecycle } : {}),
  });
  await app.ready();
  await queue?.start();
  const db = database.db;
  const others: Array<{ app: typeof app; events: typeof events }> = [];

  /** Signs in as a new employee and returns the Authorization header for it. */
  async function signIn(overrides: Parameters<typeof insertEmployee>[1] = {}) {
    const password = overrides.password ?? 'password123';
    const employee = await insertEmployee(db, { ...overrides, password });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: employee.username, password },
      remoteAddress: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
    const { token } = response.json() as { token: string };
    return { employee, token, headers: { authorization: `Bearer ${token}` } };
  }

  return {
    app,
    db,
    database,
    events,
    signIn,
    /**
     * Another instance of the server on the same database, as a second process behind the load
     * balancer would be: its own event bus, its jobs run inline. Closed with this one.
     */
    async anotherInstance() {
      const otherEvents = createEventBus(database);
      await otherEvents.start();
      const other = await buildApp({
        config,
        database,
        events: otherEvents,
        jwtSecret,
        ...(options.clock ? { clock: options.clock } : {}),
        ...(options.integrations ? { integrations: options.integrations } : {}),
      });
      await other.ready();
      others.push({ app: other, events: otherEvents });
      // Its bus, for tests that wait until this instance has heard an event.
      return Object.assign(other, { bus: otherEvents });
    },
    async close() {
      for (const other of others) {
        await other.app.close();
        await other.events.stop();
      }
      await app.close();
      await queue?.stop();
      await events.stop();
      await database.close();
      await drop();
    },
  };
}
