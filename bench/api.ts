/**
 * Benchmarks of the API through the full HTTP layer (Fastify inject) on embedded PGlite.
 * Targets live here, never in timed tests. Run: npm run bench
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPglite } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { notifications } from '../apps/server/src/db/schema.ts';
import { createEventBus } from '../apps/server/src/events/event-bus.ts';
import { insertEmployee } from '../apps/server/test/factories.ts';

type Case = { name: string; iterations: number; targetP95Ms: number; run: () => Promise<unknown> };

const database = await openPglite(undefined);
await migrate(database);
const events = createEventBus(database);
await events.start();
const app = await buildApp({
  config: loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
  database,
  events,
  jwtSecret: randomBytes(32).toString('hex'),
});
await app.ready();

const employee = await insertEmployee(database.db, { password: 'bench-password' });
await database.db.insert(notifications).values(
  Array.from({ length: 2000 }, (_, i) => ({
    title: `Notice ${i}`,
    message: 'Something happened that staff should see',
    type: (['info', 'success', 'warning', 'error'] as const)[i % 4]!,
    isRead: i % 3 === 0,
    isSolved: i % 5 === 0,
  })),
);
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { username: employee.username, password: 'bench-password' },
});
const headers = { authorization: `Bearer ${login.json().token}` };

const cases: Case[] = [
  {
    name: 'GET /api/auth/verify',
    iterations: 500,
    targetP95Ms: 15,
    run: () => app.inject({ url: '/api/auth/verify', headers }),
  },
  {
    name: 'GET /api/notifications/unread-count (2,000 rows)',
    iterations: 500,
    targetP95Ms: 20,
    run: () => app.inject({ url: '/api/notifications/unread-count', headers }),
  },
  {
    name: 'GET /api/notifications?type=error&isRead=false (2,000 rows)',
    iterations: 200,
    targetP95Ms: 60,
    run: () => app.inject({ url: '/api/notifications?type=error&isRead=false', headers }),
  },
];

let failed = false;
for (const c of cases) {
  for (let i = 0; i < 20; i++) await c.run();
  const samples: number[] = [];
  for (let i = 0; i < c.iterations; i++) {
    const start = performance.now();
    await c.run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const p50 = samples[Math.floor(samples.length * 0.5)]!;
  const p95 = samples[Math.floor(samples.length * 0.95)]!;
  const ok = p95 <= c.targetP95Ms;
  failed ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'SLOW'} ${c.name}: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (target p95 ≤ ${c.targetP95Ms} ms)`,
  );
}
console.log(`memory: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB RSS`);

await app.close();
await events.stop();
await database.close();
process.exitCode = failed ? 1 : 0;
