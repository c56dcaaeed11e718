import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client.ts';

/** Statement names by text; the busy paths use a few dozen texts. */
const names = new Map<string, string>();
/**
 * Past this many texts, new ones go unnamed: each name is also a statement kept by every
 * connection, so a text that varied without end must not grow them without end.
 */
const MAX_NAMED_STATEMENTS = 500;

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < MAX_NAMED_STATEMENTS) {
    name = `p_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * `db.execute` for the statements every customer message and every reply runs: a named prepared
 * statement, which PostgreSQL parses once per connection and, once its plan settles, stops
 * planning. Planning those few statements took more of the database's time than running them.
 * The name comes from the statement's text, so a statement whose text varies (a list of
 * parameters of another length) is simply another statement. Only for statements whose plan
 * does not depend on the values (lookups by key, inserts): a search keeps `db.execute`. PGlite
 * ignores the name. A connection pooler in front of PostgreSQL must keep session mode (as LISTEN
 * already requires, docs/operations.md).
 */
export function executePrepared(db: Db, query: SQL) {
  // drizzle's own `execute`, with the statement's name (`execute` passes none); `session` and
  // `dialect` are drizzle's, present on the database and on a transaction alike.
  const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect };
  const built = dialect.sqlToQuery(query);
  return session.prepareQuery(built, undefined, nameOf(built.sql), false).execute() as ReturnType<
    Db['execute']
  >;
}

/**
 * A node-postgres client that runs every statement with parameters as a named prepared statement,
 * for the job queue's pool: pg-boss sends a few statements of fixed text (a job's insert, fetch and
 * completion) for every message and reply, and planning them cost PostgreSQL as much as running
 * them. A statement without parameters (pg-boss's multi-statement transactions) is sent as it is.
 */
export class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query has a dozen overloads; this passes them through.
  override query(config: any, values?: any, callback?: any): any {
    const name = typeof config === 'string' && Array.isArray(values) && values.length > 0 && nameOf(config);
    if (name) return super.query({ name, text: config, values }, callback);
    return super.query(config, values, callback);
  }
}
