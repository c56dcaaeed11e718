import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { executePrepared, PreparingClient } from './prepared.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t.close());

describe('prepared statements for the busy paths', () => {
  it('answer as db.execute does, with their parameters', async () => {
    const query = (n: number) => sql`select ${n}::int + 1 as "next", ${`x${n}`}::text as "label"`;
    expect((await executePrepared(t.db, query(1))).rows).toEqual((await t.db.execute(query(1))).rows);
    expect((await executePrepared(t.db, query(41))).rows).toEqual([{ next: 42, label: 'x41' }]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'are named after their text on PostgreSQL, so another text is another statement',
    async () => {
      const names = await t.db.transaction(async (tx) => {
        await executePrepared(tx, sql`select ${1}::int as "one"`);
        await executePrepared(tx, sql`select ${1}::int as "one"`);
        await executePrepared(tx, sql`select ${1}::int as "one", ${2}::int as "two"`);
        const { rows } = await tx.execute(
          sql`select name, statement from pg_prepared_statements where name like 'p\_%'`,
        );
        return rows as Array<{ name: string; statement: string }>;
      });
      const ours = names.filter((row) => row.statement.startsWith('select $1::int as "one"'));
      expect(ours).toHaveLength(2);
      expect(new Set(ours.map((row) => row.name)).size).toBe(2);
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    "the job queue's client prepares what has parameters and sends the rest as it is",
    async () => {
      const pool = new pg.Pool({
        connectionString: process.env.TEST_DATABASE_URL,
        max: 1,
        Client: PreparingClient,
      });
      try {
        expect((await pool.query('select $1::int + 1 as "next"', [1])).rows).toEqual([{ next: 2 }]);
        expect((await pool.query('select $1::int + 1 as "next"', [2])).rows).toEqual([{ next: 3 }]);
        // pg-boss's transactions: several statements in one text, which only the simple protocol takes.
        const several = (await pool.query('select 1 as "a"; select 2 as "b"')) as unknown as pg.QueryResult[];
        expect(several.map((result) => result.rows[0])).toEqual([{ a: 1 }, { b: 2 }]);
        const { rows } = await pool.query(
          `select statement from pg_prepared_statements where name like 'p\\_%'`,
        );
        expect(rows).toEqual([{ statement: 'select $1::int + 1 as "next"' }]);
      } finally {
        await pool.end();
      }
    },
  );
});
