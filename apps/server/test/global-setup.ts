import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, fromPglite, openPostgres } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedReferenceData } from '../src/db/seed-demo.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one database once, and every test file starts from a copy of it: a PGlite data folder
 * (loaded into a new PGlite), or on PostgreSQL (TEST_DATABASE_URL) a template database that
 * CREATE DATABASE … TEMPLATE copies, which takes about a third of the time of migrating and seeding
 * a new one for each of the suite's ninety-odd apps.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    project.provide('pgliteTemplate', '');
    // A name of its own: two suites may run on one server at once.
    const name = `chatdesk_template_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // Closed before any copy: PostgreSQL copies only a template nobody is connected to.
    const database = openPostgres(url.toString());
    try {
      await migrate(database);
      await seedReferenceData(database.db);
    } finally {
      await database.close();
    }
    project.provide('postgresTemplate', name);
    return async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    };
  }
  project.provide('postgresTemplate', '');
  const client = await createPglite();
  const database = fromPglite(client);
  await migrate(database);
  await seedReferenceData(database.db);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'chatdesk-template-'));
  const file = path.join(dir, 'template.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}
