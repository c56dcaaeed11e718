import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabase } from '../test/build-test-app.ts';
import { createPglite, fromPglite } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { seedDemoData, seedReferenceData } from './db/seed-demo.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const adminUrl = process.env.TEST_DATABASE_URL;

/** What the demo business holds, counted per table: the seed's rows, once. */
const COUNTED = ['employees', 'contacts', 'chats', 'messages', 'clients', 'appointments', 'plans', 'company'];

async function countRows(query: (text: string) => Promise<{ rows: unknown[] }>) {
  const counts: Record<string, number> = {};
  for (const table of COUNTED) {
    const { rows } = await query(`select count(*)::int as n from ${table}`);
    counts[table] = (rows[0] as { n: number }).n;
  }
  return counts;
}

/** The demo's own counts, from a seed into an embedded database (so the test follows the demo as it changes). */
async function demoCounts() {
  const client = await createPglite();
  try {
    const database = fromPglite(client);
    await migrate(database);
    await seedReferenceData(database.db);
    await seedDemoData(database.db);
    return await countRows((text) => client.query(text));
  } finally {
    await client.close();
  }
}

type Instance = {
  child: ChildProcess;
  output: () => string;
  messages: () => string[];
  exited: Promise<number | null>;
  baseUrl: Promise<string>;
  dataDir: string;
};

/** How `npm start` runs in development (the demo business), or production with its first administrator. */
const MODES = {
  demo: { NODE_ENV: 'development', SEED_DEMO: 'true' },
  admin: {
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    ADMIN_USERNAME: 'owner',
    ADMIN_PASSWORD: 'owner-password',
  },
} as const;
type Mode = keyof typeof MODES;
const SIGN_IN: Record<Mode, { username: string; password: string }> = {
  demo: { username: 'admin', password: 'admin1234' },
  admin: { username: 'owner', password: 'owner-password' },
};

/** Starts `node src/main.ts` as production runs it, and reads its JSON log lines. */
function spawnServer(mode: Mode, databaseUrl: string, jwtSecret: string, dataDir: string): Instance {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      ...MODES[mode],
      DATABASE_URL: databaseUrl,
      // Instances behind one load balancer share the secret, so a token from one works at the others.
      JWT_SECRET: jwtSecret,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const messages: string[] = [];
  let resolveUrl: (url: string) => void;
  const baseUrl = new Promise<string>((resolve) => {
    resolveUrl = resolve;
  });
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      try {
        const msg = (JSON.parse(line) as { msg?: string }).msg ?? '';
        messages.push(msg);
        if (msg.startsWith('Server listening at http://127.0.0.1'))
          resolveUrl(msg.replace('Server listening at ', ''));
      } catch {}
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, messages: () => messages, exited, baseUrl, dataDir };
}

/** Waits until /api/health/ready answers 200; a process that exits first fails the test with its output. */
async function waitUntilReady(instance: Instance, timeoutMs = 60_000) {
  let exitCode: number | null | undefined;
  void instance.exited.then((code) => {
    exitCode = code;
  });
  const fail = (why: string) => new Error(`${why}:\n${instance.output()}`);
  const deadline = Date.now() + timeoutMs;
  const baseUrl = await Promise.race([
    instance.baseUrl,
    instance.exited.then((code) => Promise.reject(fail(`exited with ${code} before listening`))),
  ]);
  for (;;) {
    if (exitCode !== undefined) throw fail(`exited with ${exitCode} before ready`);
    if (Date.now() > deadline) throw fail('not ready in time');
    const status = await fetch(`${baseUrl}/api/health/ready`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return baseUrl;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function signIn(baseUrl: string, mode: Mode) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SIGN_IN[mode]),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

async function listChats(baseUrl: string, headers: Record<string, string>) {
  const response = await fetch(`${baseUrl}/api/chats`, { headers });
  expect(response.status).toBe(200);
  return (await response.json()) as Array<{ id: string }>;
}

const started: Instance[] = [];
const databases: string[] = [];

afterEach(async () => {
  for (const instance of started.splice(0)) {
    instance.child.kill('SIGKILL');
    await instance.exited;
    await fs.rm(instance.dataDir, { recursive: true, force: true });
  }
  for (const name of databases.splice(0)) await dropDatabase(adminUrl!, name);
});

/** A new, empty database; dropped after the test. */
async function emptyDatabase() {
  const name = `chatdesk_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function query<T>(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Starts `count` instances in the same tick and waits until every one is ready. */
async function startTogether(mode: Mode, url: string, count: number) {
  const jwtSecret = randomBytes(32).toString('hex');
  const dataDirs = await Promise.all(
    Array.from({ length: count }, () => fs.mkdtemp(path.join(os.tmpdir(), 'chatdesk-concurrent-'))),
  );
  const instances = dataDirs.map((dataDir) => spawnServer(mode, url, jwtSecret, dataDir));
  started.push(...instances);
  const baseUrls = await Promise.all(instances.map((instance) => waitUntilReady(instance)));
  return { instances, baseUrls };
}

async function stopAll(instances: Instance[]) {
  for (const instance of instances) instance.child.kill('SIGTERM');
  const codes = await Promise.all(instances.map((instance) => instance.exited));
  expect(codes, instances.map((instance) => instance.output()).join('\n')).toEqual(instances.map(() => 0));
}

describe.skipIf(!adminUrl)('server instances starting together on one PostgreSQL database', () => {
  let expected: Record<string, number>;
  beforeAll(async () => {
    expected = await demoCounts();
  });

  it.each([2, 3])(
    '%i instances all become ready, each serves signed-in requests, and the demo business exists once',
    async (count) => {
      const url = await emptyDatabase();
      // Each migrates, seeds and starts its job queue at the same moment.
      const { instances, baseUrls } = await startTogether('demo', url, count);

      // Exactly one instance seeded; the others found the demo business there.
      const seeders = instances.filter((instance) =>
        instance.messages().some((msg) => msg.startsWith('demo data seeded')),
      );
      expect(seeders).toHaveLength(1);
      expect(await countRows((text) => query(url, text).then((rows) => ({ rows })))).toEqual(expected);

      // Each instance signs in and lists every demo chat; a token from one works at the next.
      for (const [index, baseUrl] of baseUrls.entries()) {
        const headers = await signIn(baseUrl, 'demo');
        expect(await listChats(baseUrl, headers)).toHaveLength(expected.chats!);
        const next = baseUrls[(index + 1) % baseUrls.length]!;
        expect(await listChats(next, headers)).toHaveLength(expected.chats!);
      }
      await stopAll(instances);
    },
    120_000,
  );

  it('in production, instances starting together create the first administrator once', async () => {
    const url = await emptyDatabase();
    const { instances, baseUrls } = await startTogether('admin', url, 3);
    const creators = instances.filter((instance) =>
      instance.messages().some((msg) => msg.startsWith('first administrator "owner" created')),
    );
    expect(creators).toHaveLength(1);
    expect(await query(url, 'select username from employees')).toEqual([{ username: 'owner' }]);
    for (const baseUrl of baseUrls) {
      expect(await listChats(baseUrl, await signIn(baseUrl, 'admin'))).toEqual([]);
    }
    await stopAll(instances);
  }, 120_000);

  it('instances upgrading together from pg-boss 10 carry each of its waiting jobs over once', async () => {
    const url = await emptyDatabase();
    // The part of pg-boss 10's schema the carry-over reads (jobs/queue.ts), with mail still to send.
    const waiting = Array.from({ length: 20 }, () => randomUUID());
    await query(url, 'create schema pgboss; create table pgboss.job (name text, data jsonb, state text)');
    await query(
      url,
      `insert into pgboss.job values ${[
        ...waiting.map((id) => `('mail.send', '{"id": "${id}"}', 'created')`),
        `('mail.send', '{"id": "${randomUUID()}"}', 'completed')`,
      ].join(', ')}`,
    );
    const { instances } = await startTogether('demo', url, 3);
    const carried = await query<{ id: string }>(
      url,
      "select data->>'id' as id from jobs.job where name = 'mail.send'",
    );
    expect(carried.map((row) => row.id).sort()).toEqual([...waiting].sort());
    expect(
      await query(url, "select 1 from information_schema.schemata where schema_name = 'pgboss'"),
    ).toEqual([]);
    await stopAll(instances);
  }, 120_000);
});
