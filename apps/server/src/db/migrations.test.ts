import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../paths.ts';
import { createPglite, fromPglite } from './client.ts';
import { migrate } from './migrate.ts';
import { seedDemoData, seedReferenceData } from './seed-demo.ts';

type Journal = { entries: { idx: number; tag: string }[] };

/** A copy of the migrations folder that stops before `tag`: the database as an older release left it. */
async function migrationsBefore(tag: string) {
  const journal = JSON.parse(
    await fs.readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'),
  ) as Journal;
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(stop, `migration ${tag} exists`).toBeGreaterThan(0);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'chatdesk-migrations-'));
  await fs.mkdir(path.join(dir, 'meta'));
  const entries = journal.entries.slice(0, stop);
  for (const entry of entries) {
    await fs.copyFile(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  }
  await fs.writeFile(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

describe('migration 0005: takes bookings and the business language', () => {
  let client: PGlite;
  let oldMigrations: string;
  beforeAll(async () => {
    oldMigrations = await migrationsBefore('0005_takes_bookings_and_business_language');
    client = await createPglite();
    await migratePglite(drizzle({ client }), { migrationsFolder: oldMigrations });
    await client.exec(`
      INSERT INTO employees (name, email, username, password_hash, availability) VALUES
        ('With hours', 'a@example.com', 'with-hours', 'x', '{"monday": [["09:00", "13:00"]]}'),
        ('Empty week', 'b@example.com', 'empty-week', 'x', '{}'),
        ('Days without hours', 'c@example.com', 'no-ranges', 'x', '{"monday": [], "friday": []}');
      INSERT INTO company (id, name, time_zone) VALUES (1, 'Entrena Studio', 'Atlantic/Canary');
    `);
    await migrate(fromPglite(client));
  });
  afterAll(async () => {
    await client.close();
    await fs.rm(oldMigrations, { recursive: true, force: true });
  });

  it('an employee with availability keeps taking bookings; one with an empty week stops', async () => {
    const { rows } = await client.query<{ username: string; takes_bookings: boolean }>(
      'SELECT username, takes_bookings FROM employees ORDER BY username',
    );
    expect(rows).toEqual([
      { username: 'empty-week', takes_bookings: false },
      { username: 'no-ranges', takes_bookings: false },
      { username: 'with-hours', takes_bookings: true },
    ]);
  });

  it('an employee added afterwards takes bookings unless told otherwise', async () => {
    const { rows } = await client.query<{ takes_bookings: boolean }>(
      `INSERT INTO employees (name, email, username, password_hash)
       VALUES ('New', 'd@example.com', 'new-one', 'x') RETURNING takes_bookings`,
    );
    expect(rows[0]!.takes_bookings).toBe(true);
  });

  it('the company keeps its settings and speaks Spanish', async () => {
    const { rows } = await client.query<{ time_zone: string; language: string }>(
      'SELECT time_zone, language FROM company',
    );
    expect(rows).toEqual([{ time_zone: 'Atlantic/Canary', language: 'es' }]);
  });
});

describe('demo data', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await createPglite();
    const database = fromPglite(client);
    await migrate(database);
    await seedReferenceData(database.db);
    await seedDemoData(database.db, new Date('2026-11-23T10:00:00Z'));
  });
  afterAll(() => client.close());

  it('the admin takes no bookings; the other employees do', async () => {
    const { rows } = await client.query<{ username: string; is_active: boolean; takes_bookings: boolean }>(
      'SELECT username, is_active, takes_bookings FROM employees ORDER BY username',
    );
    expect(rows).toEqual([
      { username: 'admin', is_active: true, takes_bookings: false },
      { username: 'carlos', is_active: true, takes_bookings: true },
      { username: 'javier', is_active: true, takes_bookings: true },
      { username: 'lucia', is_active: true, takes_bookings: true },
      { username: 'marta', is_active: true, takes_bookings: true },
      { username: 'pablo', is_active: false, takes_bookings: true },
    ]);
  });

  it('no upcoming appointment is booked with someone who takes no bookings', async () => {
    const { rows } = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM appointments a JOIN employees e ON e.id = a.employee_id
       WHERE a.status = 'scheduled' AND NOT (e.takes_bookings AND e.is_active)`,
    );
    expect(rows[0]!.count).toBe(0);
  });

  it('the business speaks Spanish', async () => {
    const { rows } = await client.query<{ language: string }>('SELECT language FROM company');
    expect(rows).toEqual([{ language: 'es' }]);
  });
});
