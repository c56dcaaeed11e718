import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.ts';
import type { Database } from './client.ts';
import { migrate } from './migrate.ts';

/**
 * A backup is gzip-compressed JSON lines, the same for both databases and restorable into either
 * (docs/decisions/019-logical-backups.md): a header, then for each table a line naming it, its
 * columns and its row count, followed by exactly that many rows, each a `row_to_json` object.
 */
export const BACKUP_FORMAT = 'chatdesk-backup';
export const BACKUP_VERSION = 1;

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  /** The latest migration applied to the database backed up (its tag in migrations/meta/_journal.json). */
  migration: string;
  tables: string[];
};

type TableLine = { table: string; columns: string[]; rows: number };

/** What both drivers answer to: a pg client and a PGlite transaction. */
type Sql = { query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }> };

/** Rows fetched from the cursor at a time: a big table is never in memory at once. */
const FETCH_ROWS = 1_000;
/** Rows inserted by one statement on restore. */
const INSERT_ROWS = 500;

/** `chatdesk-2026-11-26T05-40-00Z.jsonl.gz`: sorts by time and is a valid name on every system. */
export function backupFileName(now = new Date()) {
  return `chatdesk-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.jsonl.gz`;
}

type JournalEntry = { when: number; tag: string };

function migrationJournal(): JournalEntry[] {
  const text = readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8');
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries;
}

/** Whether a backup was taken at a migration earlier than `tag`. */
function takenBefore(header: BackupHeader, tag: string) {
  const tags = migrationJournal().map((entry) => entry.tag);
  return tags.indexOf(header.migration) < tags.indexOf(tag);
}

const quote = (name: string) => pg.escapeIdentifier(name);

/**
 * Runs `work` in one transaction on one connection. PostgreSQL gets a connection of its own, without
 * the pool's statement timeout, since a backup of a big business outlasts it; PGlite has only one.
 */
async function inTransaction<T>(
  database: Database,
  mode: 'snapshot' | 'write',
  work: (sql: Sql) => Promise<T>,
): Promise<T> {
  if (database.kind === 'pglite' || !database.url) {
    return database.pglite!.transaction(async (tx) => {
      if (mode === 'snapshot') await tx.query('set transaction read only');
      return work(tx);
    });
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(mode === 'snapshot' ? 'begin isolation level repeatable read read only' : 'begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * The app's tables in an order where every table comes after those its foreign keys point at.
 * pg-boss keeps its tables in its own schema and drizzle its migrations in `drizzle`: neither is here.
 */
async function appTables(sql: Sql): Promise<string[]> {
  const { rows: tables } = (await sql.query(
    `select relname as name from pg_class
     where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by relname`,
  )) as { rows: Array<{ name: string }> };
  const references = await foreignKeys(sql);
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const edge of references)
      if (edge.table === table && edge.references !== table) visit(edge.references);
    ordered.push(table);
  };
  for (const { name } of tables) visit(name);
  return ordered;
}

async function foreignKeys(sql: Sql) {
  const { rows } = (await sql.query(
    `select conrelid::regclass::text as "table", confrelid::regclass::text as "references"
     from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
  )) as { rows: Array<{ table: string; references: string }> };
  return rows;
}

/** A table's stored columns: generated ones are computed again on restore. */
async function storedColumns(sql: Sql, table: string): Promise<string[]> {
  const { rows } = (await sql.query(
    `select column_name as name from information_schema.columns
     where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
    [table],
  )) as { rows: Array<{ name: string }> };
  return rows.map((row) => row.name);
}

async function latestMigration(sql: Sql): Promise<string> {
  const { rows } = (await sql.query(
    'select created_at as "when" from drizzle.__drizzle_migrations order by created_at desc limit 1',
  )) as { rows: Array<{ when: string | number }> };
  const entry = migrationJournal().find((candidate) => candidate.when === Number(rows[0]?.when));
  if (!entry) throw new Error('The database has no migration this code knows: nothing to back up.');
  return entry.tag;
}

/** Writes a line, waiting when the stream is full: the database is read no faster than the file is written. */
async function writeLine(stream: Writable, line: string) {
  if (!stream.write(`${line}\n`)) await once(stream, 'drain');
}

/** Writes one consistent snapshot of every table of the app to `output`, then ends it. */
export async function writeBackup(database: Database, output: Writable): Promise<BackupHeader> {
  const gzip = createGzip();
  const written = pipeline(gzip, output);
  // Awaited below: an output that fails meanwhile must not count as an unhandled rejection.
  written.catch(() => {});
  try {
    const header = await inTransaction(database, 'snapshot', async (sql) => {
      const tables = await appTables(sql);
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        migration: await latestMigration(sql),
        tables,
      };
      await writeLine(gzip, JSON.stringify(header));
      for (const table of tables) await writeTable(sql, gzip, table);
      return header;
    });
    gzip.end();
    await written;
    return header;
  } catch (error) {
    gzip.destroy(error as Error);
    await written.catch(() => {});
    throw error;
  }
}

async function writeTable(sql: Sql, gzip: Writable, table: string) {
  const columns = await storedColumns(sql, table);
  const { rows } = (await sql.query(`select count(*)::int as count from ${quote(table)}`)) as {
    rows: Array<{ count: number }>;
  };
  const line: TableLine = { table, columns, rows: rows[0]!.count };
  await writeLine(gzip, JSON.stringify(line));
  // A cursor rather than paging by primary key: calendar_busy has none.
  await sql.query(
    `declare backup_rows no scroll cursor for
     select row_to_json(t)::text as line from (select ${columns.map(quote).join(', ')} from ${quote(table)}) t`,
  );
  for (;;) {
    const batch = (await sql.query(`fetch ${FETCH_ROWS} from backup_rows`)) as {
      rows: Array<{ line: string }>;
    };
    for (const row of batch.rows) await writeLine(gzip, row.line);
    if (batch.rows.length < FETCH_ROWS) break;
  }
  await sql.query('close backup_rows');
}

/** The lines of a gzip-compressed stream, one at a time; `next` throws when the file ends early. */
function linesOf(input: Readable) {
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  const lines = readline.createInterface({ input: input.pipe(gunzip), crlfDelay: Number.POSITIVE_INFINITY });
  const iterator = lines[Symbol.asyncIterator]();
  return {
    async next(): Promise<unknown> {
      const result = await iterator.next();
      if (result.done) throw new Error('The backup ends early: the file is incomplete.');
      return JSON.parse(result.value);
    },
    close: () => lines.close(),
  };
}

function checkHeader(value: unknown): BackupHeader {
  const header = value as Partial<BackupHeader> | null;
  if (header?.format !== BACKUP_FORMAT) throw new Error('This file is not a chatdesk backup.');
  if (header.version !== BACKUP_VERSION)
    throw new Error(
      `This backup has format version ${header.version}; this version reads ${BACKUP_VERSION}.`,
    );
  if (!migrationJournal().some((entry) => entry.tag === header.migration))
    throw new Error(
      `This backup was taken at migration ${header.migration}, which this version does not know: restore it with the version that took it, or a newer one.`,
    );
  return header as BackupHeader;
}

/**
 * Restores a backup into a database with no business in it: migrates it to the latest, then in one
 * transaction inserts every table's rows with triggers off (their results, the conversations rollup,
 * the appointment day counts and the insights counts, are in the backup too) and moves every
 * sequence past its rows.
 */
export async function restoreBackup(database: Database, input: Readable): Promise<BackupHeader> {
  const lines = linesOf(input);
  try {
    const header = checkHeader(await lines.next());
    await migrate(database);
    await inTransaction(database, 'write', async (sql) => {
      const { rows } = (await sql.query(
        'select exists (select 1 from employees) or exists (select 1 from company) as "hasData"',
      )) as { rows: Array<{ hasData: boolean }> };
      if (rows[0]?.hasData)
        throw new Error(
          'This database already holds a business (employees or company details): restore into an empty database.',
        );
      const known = await appTables(sql);
      const missing = header.tables.filter((table) => !known.includes(table));
      if (missing.length > 0) throw new Error(`This database has no table ${missing.join(', ')}.`);
      const references = await foreignKeys(sql);
      const misordered = references.some(
        (edge) =>
          header.tables.includes(edge.table) &&
          header.tables.indexOf(edge.references) > header.tables.indexOf(edge.table),
      );
      if (misordered)
        throw new Error("The backup's tables are not in an order this database's foreign keys allow.");
      // Reference data a start may have written (the plan catalogue) is replaced by the backup's.
      // Cascade: a backup taken before a table existed leaves it out, and the table may point at
      // one it holds (reminder_outcomes at appointment_reminders); it is rebuilt below.
      await sql.query(`truncate ${header.tables.map(quote).join(', ')} restart identity cascade`);
      for (const table of header.tables) await restoreTable(sql, lines, table);
      // A backup taken before Insights kept its counts (migration 0037) has none, and one taken
      // before it counted conversations (0045) or bookings per professional and service (0049)
      // has none of theirs: they are worked out from the rows restored, as the migrations did for
      // the rows they found.
      if (
        !header.tables.includes('insights_counts') ||
        takenBefore(header, '0049_insights_counts_by_professional_and_service')
      )
        await sql.query('select insights_counts_rebuild()');
      await moveSequences(sql, header.tables);
    });
    return header;
  } finally {
    lines.close();
  }
}

async function restoreTable(sql: Sql, lines: ReturnType<typeof linesOf>, table: string) {
  const line = (await lines.next()) as TableLine;
  if (line.table !== table) throw new Error(`The backup holds ${line.table} where ${table} was expected.`);
  const stored = await storedColumns(sql, table);
  const columns = line.columns.filter((column) => stored.includes(column)).map(quote);
  const insert = `insert into ${quote(table)} (${columns.join(', ')}) overriding system value
    select ${columns.join(', ')} from json_populate_recordset(null::${quote(table)}, $1::json)`;
  await sql.query(`alter table ${quote(table)} disable trigger user`);
  let batch: unknown[] = [];
  for (let read = 0; read < line.rows; read++) {
    batch.push(await lines.next());
    if (batch.length === INSERT_ROWS || read === line.rows - 1) {
      await sql.query(insert, [JSON.stringify(batch)]);
      batch = [];
    }
  }
  await sql.query(`alter table ${quote(table)} enable trigger user`);
}

/** Identity and serial columns continue after the restored rows, not from 1. */
async function moveSequences(sql: Sql, tables: string[]) {
  const { rows } = (await sql.query(
    `select table_name as "table", column_name as "column" from information_schema.columns
     where table_schema = 'public' and table_name = any($1::text[]) and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
    [tables],
  )) as { rows: Array<{ table: string; column: string }> };
  for (const { table, column } of rows) {
    await sql.query(
      `select setval(pg_get_serial_sequence($1, $2), coalesce(max(${quote(column)}), 0) + 1, false) from ${quote(table)}`,
      [quote(table), column],
    );
  }
}
