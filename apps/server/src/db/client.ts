import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Logger } from 'pino';
import * as schema from './schema.ts';

/** Both drivers take the same schema and queries; the node-postgres type stands for both. */
export type Db = NodePgDatabase<typeof schema>;

export type Unlisten = () => Promise<void>;

/** Whether a LISTEN connection receives notifications: 'down' from losing it until it is back. */
export type ListenState = 'up' | 'down';

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the connection string, for work that needs a connection of its own. */
  url?: string;
  /** PGlite only: the embedded database itself (one connection, shared with the job queue). */
  pglite?: PGlite;
  /**
   * Receives NOTIFY on a channel, from this process or any other on the same database. A lost
   * connection is made again, for as long as it takes; `onState` hears it go down and come back
   * (notifications sent meanwhile are lost: the listener must catch up another way).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onState?: (state: ListenState) => void,
  ): Promise<Unlisten>;
  /**
   * Whether the database answers, on a connection of its own: health never queues behind slow
   * requests holding the pool. Throws when it does not answer within HEALTH_PING_TIMEOUT_MS.
   */
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** How long health waits for the database before calling it unreachable. */
export const HEALTH_PING_TIMEOUT_MS = 2_000;

/**
 * What a NOTIFY carries to check that LISTEN hears it: behind a pooler in transaction mode
 * (PgBouncer's default), LISTEN is accepted and nothing ever arrives. Never a bus event.
 */
const LISTEN_PROBE = 'chatdesk-listen-probe:';
/** How long the probe's notification may take before LISTEN is called deaf. */
export const LISTEN_PROBE_TIMEOUT_MS = 5_000;

/**
 * An embedded database on disk, `dataDir`, keeps answering from memory after its folder is gone
 * (deleted, or a volume unmounted): `select 1` works while every write fails. Its ping checks the
 * folder too, so health turns 503 instead of saying ready over a database that cannot keep anything.
 */
export function fromPglite(client: PGlite, dataDir?: string): Database {
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
    // One connection in this process: a slow statement holds it, and the ping waits like any query.
    async ping() {
      if (dataDir) {
        const version = path.join(dataDir, 'PG_VERSION');
        await fs.access(version).catch(() => {
          throw new Error(`The database folder ${dataDir} is gone`);
        });
      }
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * An embedded database with the extensions our migrations create (pg_trgm for search, btree_gist for the no-overlap constraints). Every
 * PGlite of ours is made here: one made without them cannot open a migrated data folder.
 */
export async function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}) {
  const client = new PGlite({ ...options, extensions: { pg_trgm, btree_gist } });
  await client.waitReady;
  return client;
}

export async function openPglite(
  dataDir: string | undefined,
  options: { sharedBuffers?: string } = {},
): Promise<Database> {
  if (dataDir) await fs.mkdir(path.dirname(dataDir), { recursive: true });
  // A new data folder is made (initdb, in WebAssembly) by a PGlite of its own, closed at once: the
  // memory initdb took would otherwise stay with the server's PGlite for good (WebAssembly memory
  // never shrinks), about 300 MB at idle after a first start.
  if (dataDir && !(await fs.stat(dataDir).catch(() => null))) await (await createPglite({ dataDir })).close();
  return fromPglite(
    await createPglite({
      ...(dataDir ? { dataDir } : {}),
      ...(options.sharedBuffers ? { postgresqlconf: [`shared_buffers = ${options.sharedBuffers}`] } : {}),
    }),
    dataDir,
  );
}

const LISTEN_RETRY_MIN_MS = 250;
const LISTEN_RETRY_MAX_MS = 5_000;

/** How long to wait before the next try to listen again: doubling from 250 ms to 5 s, jittered. */
export function listenRetryDelay(failures: number): number {
  const base = Math.min(LISTEN_RETRY_MAX_MS, LISTEN_RETRY_MIN_MS * 2 ** failures);
  return base / 2 + Math.random() * (base / 2);
}

export type PostgresOptions = {
  /**
   * The longest a statement of the app's pool may run before PostgreSQL cancels it (0: no limit),
   * so one slow request cannot hold a connection for minutes. Migrations, the job queue and LISTEN
   * use connections of their own, without it.
   */
  statementTimeoutMs?: number;
};

export function openPostgres(url: string, logger?: Logger, options: PostgresOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  pool.on('error', (error) => logger?.error({ err: error }, 'idle PostgreSQL client failed'));
  // The pool listens to its idle clients only: one it has let go (closing, or checked out) whose
  // connection the server ends (a restart, a failover, a test's database dropped WITH (FORCE) while
  // close() is still ending it) would otherwise throw its error with no one to hear it.
  pool.on('connect', (client) =>
    client.on('error', (error) => logger?.debug({ err: error }, 'PostgreSQL connection ended by the server')),
  );
  // Health's own connection, made when first asked for: never behind the pool's queue.
  const pingPool = new pg.Pool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: HEALTH_PING_TIMEOUT_MS,
    statement_timeout: HEALTH_PING_TIMEOUT_MS,
  });
  pingPool.on('error', (error) => logger?.warn({ err: error }, 'health check connection failed'));
  const listeners = new Set<pg.Client>();
  /**
   * Sends a probe through the pool and waits for the listening connection to hear it; warns when
   * it does not: live updates and job wake-ups would silently stop (docs/operations.md).
   */
  const probeListen = async (channel: string, awaited: Set<string>) => {
    const probe = `${LISTEN_PROBE}${Math.random().toString(36).slice(2)}`;
    awaited.add(probe);
    try {
      await pool.query('select pg_notify($1, $2)', [channel, probe]);
      const deadline = Date.now() + LISTEN_PROBE_TIMEOUT_MS;
      while (awaited.has(probe) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    } catch (error) {
      logger?.debug({ err: error }, 'LISTEN probe could not be sent');
      awaited.delete(probe);
      return;
    }
    if (!awaited.delete(probe)) return;
    logger?.warn(
      { channel, waitedMs: LISTEN_PROBE_TIMEOUT_MS },
      'LISTEN hears nothing through DATABASE_URL: is it a pooler in transaction mode (PgBouncer)? Live updates and job wake-ups need a direct or session-mode connection',
    );
  };
  return {
    db: drizzlePg({ client: pool, schema }),
    kind: 'postgres',
    url,
    async listen(channel, onPayload, onState = () => {}) {
      // LISTEN needs one connection kept open for as long as we listen.
      let client: pg.Client | undefined;
      let stopped = false;
      let failures = 0;
      /** This listener's probes not heard yet. */
      const probes = new Set<string>();
      let retry: NodeJS.Timeout | undefined;
      /** One connection that listens; a failure to make it throws (the caller decides what next). */
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: url, keepAlive: true });
        let live = false;
        const onLost = (error?: Error) => {
          if (!live) return;
          live = false;
          listeners.delete(next);
          next.end().catch(() => {});
          client = undefined;
          if (stopped) return;
          logger?.warn({ err: error }, 'LISTEN connection lost; reconnecting');
          onState('down');
          reconnectLater();
        };
        next.on('notification', (message) => {
          if (message.channel !== channel || message.payload === undefined) return;
          // Any instance's probe is no event; this one's own is heard.
          if (message.payload.startsWith(LISTEN_PROBE)) probes.delete(message.payload);
          else onPayload(message.payload);
        });
        next.on('error', onLost);
        next.on('end', () => onLost());
        try {
          await next.connect();
          await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          next.end().catch(() => {});
          throw error;
        }
        if (stopped) {
          await next.end().catch(() => {});
          return;
        }
        live = true;
        client = next;
        listeners.add(next);
      };
      // Forever, with a growing, jittered delay: an outage of any length ends with the listener back.
      const reconnectLater = () => {
        if (retry || stopped) return;
        retry = setTimeout(() => {
          retry = undefined;
          connect().then(
            () => {
              if (stopped || !client) return;
              failures = 0;
              logger?.info('LISTEN connection restored');
              onState('up');
            },
            (error) => {
              failures += 1;
              logger?.debug({ err: error, failures }, 'LISTEN reconnect failed; trying again');
              reconnectLater();
            },
          );
        }, listenRetryDelay(failures));
        retry.unref();
      };
      await connect();
      // Not awaited: the server starts meanwhile; the probe only warns.
      void probeListen(channel, probes);
      return async () => {
        stopped = true;
        clearTimeout(retry);
        if (client) {
          listeners.delete(client);
          await client.end().catch(() => {});
        }
      };
    },
    async ping() {
      await pingPool.query('select 1');
    },
    async close() {
      await Promise.all([...listeners].map((client) => client.end().catch(() => {})));
      listeners.clear();
      await Promise.all([pool.end(), pingPool.end()]);
    },
  };
}

export async function openDatabase(
  options: {
    databaseUrl?: string;
    dataDir: string;
    logger?: Logger;
    pgliteSharedBuffers?: string;
  } & PostgresOptions,
) {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.logger, {
      ...(options.statementTimeoutMs !== undefined ? { statementTimeoutMs: options.statementTimeoutMs } : {}),
    });
  return openPglite(path.join(options.dataDir, 'pglite'), {
    ...(options.pgliteSharedBuffers ? { sharedBuffers: options.pgliteSharedBuffers } : {}),
  });
}
