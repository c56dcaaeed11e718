/**
 * A throwaway database for one benchmark run: in memory on PGlite, or a new PostgreSQL database
 * made through BENCH_DATABASE_URL (a role that may create databases; default the CI one), dropped
 * when done and on Ctrl-C.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPglite, type Database, fromPglite, openPostgres } from '../apps/server/src/db/client.ts';

export type DatabaseKind = 'postgres' | 'pglite';

export const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://chatdesk_ci:chatdesk_ci@127.0.0.1:5432/chatdesk_ci';

export function databaseKind(value: string | undefined): DatabaseKind {
  if (value !== 'postgres' && value !== 'pglite')
    throw new Error(`--db must be postgres or pglite, not ${value}`);
  return value;
}

async function adminQuery(statement: string) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** FORCE ends stragglers; a role without pg_signal_backend may be refused it, so a plain DROP is the fallback. */
async function dropPostgres(name: string) {
  try {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } catch {
    for (let attempt = 1; ; attempt++) {
      try {
        await adminQuery(`DROP DATABASE IF EXISTS ${name}`);
        return;
      } catch (error) {
        if (attempt === 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }
}

/** The databases made so far, dropped on Ctrl-C too. */
const dropOnInterrupt = new Set<() => Promise<void>>();
process.once('SIGINT', () => {
  console.log('\ninterrupted; dropping the benchmark databases');
  void Promise.allSettled([...dropOnInterrupt].map((drop) => drop())).finally(() => process.exit(130));
});

/** A new, empty PostgreSQL database for a server process of the benchmark to open by its URL. */
export async function freshPostgresUrl(options: { keep?: boolean } = {}) {
  const name = `chatdesk_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const drop = async () => {
    dropOnInterrupt.delete(drop);
    if (options.keep) console.log(`kept ${url.toString().replace(/:[^:@/]*@/, ':***@')}`);
    else await dropPostgres(name);
  };
  dropOnInterrupt.add(drop);
  return { url: url.toString(), drop };
}

/** A database a run kept (--keep), opened again to measure it without seeding it again; never dropped here. */
export function keptPostgres(name: string): Database {
  if (!/^chatdesk_bench_[0-9a-f]+$/.test(name)) throw new Error(`not a kept benchmark database: ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return openPostgres(url.toString());
}

export async function freshDatabase(
  kind: DatabaseKind,
  options: { keep?: boolean } = {},
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') return { database: fromPglite(await createPglite()), drop: async () => {} };
  const { url, drop } = await freshPostgresUrl(options);
  return { database: openPostgres(url), drop };
}
