import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.ts';
import type { Database, Db } from './client.ts';
import * as schema from './schema.ts';

// Any constant shared by every instance; it names the lock, nothing else.
const STARTUP_LOCK_ID = 724_311_902;

/**
 * Applies pending migrations, then runs `afterMigrations` (the seed, the first admin), all while
 * holding one PostgreSQL advisory lock: instances starting together on an empty database take
 * turns, so exactly one migrates and seeds and the others find it done. PGlite has one
 * connection and one process, so it needs no lock.
 */
export async function migrate(database: Database, afterMigrations?: (db: Db) => Promise<void>) {
  if (database.kind === 'pglite' || !database.url) {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_DIR });
    await afterMigrations?.(database.db);
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
    const db = drizzle({ client, schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    await afterMigrations?.(db);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_ID]).catch(() => {});
    await client.end();
  }
}
