import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Logger } from 'pino';
import * as schema from './schema.ts';

/** Both drivers take the same schema and queries; the node-postgres type stands for both. */
export type Db = NodePgDatabase<typeof schema>;

export type Unlisten = () => Promise<void>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the connection string, for work that needs a connection of its own. */
  url?: string;
  /** PGlite only: the embedded database itself (one connection, shared with the job queue). */
  pglite?: PGlite;
  /** Receives NOTIFY on a channel, from this process or any other on the same database. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten>;
  close(): Promise<void>;
};

export function fromPglite(client: PGlite): Database {
  return {
    db: drizzlePglite({ client, schema }) as unknown as Db,
    kind: 'pglite',
    pglite: client,
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * An embedded database with the extensions our migrations create (pg_trgm for search). Every
 * PGlite of ours is made here: one made without them cannot open a migrated data folder.
 */
export async function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}) {
  const client = new PGlite({ ...options, extensions: { pg_trgm } });
  await client.waitReady;
  return client;
}

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) await fs.mkdir(path.dirname(dataDir), { recursive: true });
  return fromPglite(await createPglite(dataDir ? { dataDir } : {}));
}

export function openPostgres(url: string, logger?: Logger): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', (error) => logger?.error({ err: error }, 'idle PostgreSQL client failed'));
  const listeners = new Set<pg.Client>();
  return {
    db: drizzlePg({ client: pool, schema }),
    kind: 'postgres',
    url,
    async listen(channel, onPayload) {
      // LISTEN needs one connection kept open for as long as we listen.
      let client: pg.Client | undefined;
      let stopped = false;
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: url });
        next.on('notification', (message) => {
          if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
        });
        next.on('error', (error) => {
          logger?.warn({ err: error }, 'LISTEN connection lost; reconnecting');
          listeners.delete(next);
          next.end().catch(() => {});
          if (!stopped) setTimeout(() => connect().catch(() => {}), 1000);
        });
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        client = next;
        listeners.add(next);
      };
      await connect();
      return async () => {
        stopped = true;
        if (client) {
          listeners.delete(client);
          await client.end().catch(() => {});
        }
      };
    },
    async close() {
      await Promise.all([...listeners].map((client) => client.end().catch(() => {})));
      listeners.clear();
      await pool.end();
    },
  };
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string; logger?: Logger }) {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.logger);
  return openPglite(path.join(options.dataDir, 'pglite'));
}
