import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { createPglite, fromPglite } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { company, employees } from '../src/db/schema.ts';
import { seedDemoData, seedReferenceData } from '../src/db/seed-demo.ts';
import { createEventBus } from '../src/events/event-bus.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { loadBusiness } from './corpus.ts';

/** Monday 23 November 2026, 10:00 in Madrid: every date in the eval is relative to it. */
export const NOW = new Date('2026-11-23T09:00:00Z');

/** Who plays the customers: the simulator is a staff tool, and keys its chats by the staff member. */
export const EVAL_STAFF = { id: 'eval' };

async function seedBusiness(db: Db, key: string) {
  if (key === 'fitness') return seedDemoData(db, NOW);
  const fixture = loadBusiness(key);
  await db.insert(company).values({ id: 1, ...fixture.company, logo: null });
  const passwordHash = await hashPassword(randomBytes(12).toString('hex'));
  for (const employee of fixture.employees) await db.insert(employees).values({ ...employee, passwordHash });
}

/**
 * One eval business (the demo's fitness network, or a fixture of businesses/) on a fresh embedded
 * database, with the app's services as the server wires them and the clock fixed.
 */
export async function startBusinessApp(key: string) {
  const client = await createPglite();
  const database = fromPglite(client);
  await migrate(database);
  await seedReferenceData(database.db);
  await seedBusiness(database.db, key);
  const events = createEventBus(database);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://localhost:3000',
    SIMULATOR_ENABLED: 'true',
  });
  // The clock ticks a millisecond a call, so messages keep their order; it stays Monday 10:00.
  let ticks = 0;
  const app = await buildApp({
    config,
    database,
    events,
    jwtSecret: randomBytes(32).toString('hex'),
    clock: () => new Date(NOW.getTime() + ticks++),
  });
  // Live, as the server is once ready: the business's facts (settings, team, catalogue, packs) are
  // then read once and kept until they change, as every reply in production reads them; without it
  // every turn read them again (most of the evaluation's time was those reads).
  await events.start();
  return {
    app,
    database,
    async close() {
      await app.close();
      await events.stop();
      await database.close();
    },
  };
}
