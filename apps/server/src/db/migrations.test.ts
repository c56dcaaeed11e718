import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabase } from '../../test/build-test-app.ts';
import { createChatsRepository } from '../modules/chats/chats.repository.ts';
import { MIGRATIONS_DIR } from '../paths.ts';
import { createPglite, type Database, fromPglite, openPostgres } from './client.ts';
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

/**
 * A database migrated with the migrations in `folder` only: on PGlite, or on a new PostgreSQL
 * database when the engine is 'postgres' (TEST_DATABASE_URL).
 */
async function olderDatabase(engine: 'pglite' | 'postgres', folder: string) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (engine === 'pglite' || !adminUrl) {
    const client = await createPglite();
    await migratePglite(drizzle({ client }), { migrationsFolder: folder });
    return { database: fromPglite(client), close: () => client.close() };
  }
  const name = `chatdesk_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database: Database = openPostgres(url.toString());
  await migratePg(database.db, { migrationsFolder: folder });
  return {
    database,
    close: async () => {
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

const engines = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(engines)('migration 0007 on %s: the chat summary and the search columns', (engine) => {
  let older: Awaited<ReturnType<typeof olderDatabase>>;
  let oldMigrations: string;
  const ids = {
    contact: [randomUUID(), randomUUID(), randomUUID()] as const,
    chat: [randomUUID(), randomUUID(), randomUUID()] as const,
    client: randomUUID(),
  };
  const at = (time: string) => `2026-03-01T${time}:00Z`;
  beforeAll(async () => {
    oldMigrations = await migrationsBefore('0007_search_and_chat_summary');
    older = await olderDatabase(engine, oldMigrations);
    const { db } = older.database;
    const [lucia, empty, read] = ids.contact;
    const [busy, quiet, done] = ids.chat;
    // Rows as the release before 0007 wrote them: a number written with spaces and a plus, accents,
    // a chat whose stored last_message_at had fallen behind its history.
    await db.execute(sql`
      INSERT INTO contacts (id, name, email, prefix, phone) VALUES
        (${lucia}, 'Lucía Núñez', 'LUCIA@Example.com', '+34', '600 123 456'),
        (${empty}, 'Ángel Sin Mensajes', null, '34', '611000000'),
        (${read}, 'Read Everything', null, '44', '7700900123')`);
    await db.execute(sql`
      INSERT INTO chats (id, contact_id, last_message_at) VALUES
        (${busy}, ${lucia}, ${at('08:00')}), (${quiet}, ${empty}, null), (${done}, ${read}, ${at('09:05')})`);
    // Out of order on purpose: the summary follows created_at, not the order rows were stored in.
    await db.execute(sql`
      INSERT INTO messages (chat_id, text, sender, status, read_at, created_at) VALUES
        (${busy}, 'Sí, a las diez', 'staff', 'sent', null, ${at('10:04')}),
        (${busy}, 'Hola', 'customer', 'delivered', null, ${at('10:00')}),
        (${busy}, '¿Mañana?', 'customer', 'delivered', null, ${at('10:03')}),
        (${busy}, 'Te cuento', 'assistant', 'sent', null, ${at('10:01')}),
        (${busy}, 'Vale', 'customer', 'delivered', ${at('10:02')}, ${at('10:02')}),
        (${done}, 'Gracias', 'customer', 'delivered', ${at('09:10')}, ${at('09:05')}),
        (${done}, 'Hello', 'customer', 'delivered', ${at('09:10')}, ${at('09:00')})`);
    await db.execute(sql`
      INSERT INTO clients (id, name, phone, email) VALUES (${ids.client}, 'Lucía Cliente', '+34 600-123-456', 'Lucia@Example.com')`);
    await migrate(older.database);
  });
  afterAll(async () => {
    await older?.close();
    await fs.rm(oldMigrations, { recursive: true, force: true });
  });

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    (await older.database.db.execute(query)).rows as T[];

  it('each chat carries its latest message and the number of customer messages nobody read', async () => {
    const summary = await rows<Record<string, unknown>>(sql`
      SELECT id, last_message_text, last_message_sender, last_message_at, unread_count FROM chats`);
    const byId = new Map(summary.map((row) => [row.id, row]));
    const [busy, quiet, done] = ids.chat;
    expect(byId.get(busy)).toMatchObject({
      last_message_text: 'Sí, a las diez',
      last_message_sender: 'staff',
      unread_count: 2,
    });
    expect(new Date(byId.get(busy)!.last_message_at as string).getTime()).toBe(Date.parse(at('10:04')));
    expect(byId.get(quiet)).toMatchObject({
      last_message_text: null,
      last_message_sender: null,
      last_message_at: null,
      unread_count: 0,
    });
    expect(byId.get(done)).toMatchObject({
      last_message_text: 'Gracias',
      last_message_sender: 'customer',
      unread_count: 0,
    });
  });

  it('contacts and clients carry their number in digits and their folded search text', async () => {
    const contacts = await rows<{ id: string; phone_digits: string; search_text: string }>(
      sql`SELECT id, phone_digits, search_text FROM contacts`,
    );
    const byId = new Map(contacts.map((row) => [row.id, row]));
    const [lucia, empty, read] = ids.contact;
    expect(byId.get(lucia)).toMatchObject({
      phone_digits: '34600123456',
      search_text: 'lucia nunez lucia@example.com 34600123456',
    });
    expect(byId.get(empty)).toMatchObject({
      phone_digits: '34611000000',
      search_text: 'angel sin mensajes  34611000000',
    });
    expect(byId.get(read)!.phone_digits).toBe('447700900123');
    const [client] = await rows<{ phone_digits: string; search_text: string }>(
      sql`SELECT phone_digits, search_text FROM clients WHERE id = ${ids.client}`,
    );
    expect(client).toEqual({
      phone_digits: '34600123456',
      search_text: 'lucia cliente lucia@example.com +34 600-123-456 34600123456',
    });
  });

  it('the chat list reads them: the summary, the linked client, and search by folded name or number', async () => {
    const repository = createChatsRepository(older.database.db);
    const [busy] = ids.chat;
    expect(await repository.findChat(busy)).toMatchObject({
      lastText: 'Sí, a las diez',
      lastSender: 'staff',
      unreadCount: 2,
      clientId: ids.client,
    });
    expect((await repository.list('NUÑEZ', 50)).map((chat) => chat.id)).toEqual([busy]);
    expect((await repository.list('600 123', 50)).map((chat) => chat.id)).toEqual([busy]);
  });
});

describe.each(engines)('migration 0037 on %s: the insights counts of the rows already stored', (engine) => {
  let older: Awaited<ReturnType<typeof olderDatabase>>;
  let oldMigrations: string;
  const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
  const at = (time: string) => `2026-03-01T${time}:00Z`;
  beforeAll(async () => {
    oldMigrations = await migrationsBefore('0037_insights_rollup');
    older = await olderDatabase(engine, oldMigrations);
    const { db } = older.database;
    // Three appointments as the release before 0037 left them: one attended after its reminder,
    // one cancelled (with a refund) after its reminder and moved before it, one booked by staff.
    await db.execute(sql`
      INSERT INTO appointments (id, employee_name, client_name, starts_at, ends_at, blocked_from, blocked_until,
                                service_name, price_amount, price_currency, local_date, start_time, end_time,
                                status, channel, created_at) VALUES
        (${a}, 'Carla', 'Ana', ${at('12:00')}, ${at('12:30')}, ${at('12:00')}, ${at('12:30')}, 'Cut', 1800, 'eur',
         '2026-03-01', '13:00', '13:30', 'completed', 'page', ${at('08:05')}),
        (${b}, 'Carla', 'Bea', ${at('13:00')}, ${at('13:30')}, ${at('13:00')}, ${at('13:30')}, 'Cut', 1800, 'eur',
         '2026-03-01', '14:00', '14:30', 'cancelled', 'chat', ${at('08:10')}),
        (${c}, 'Dani', 'Carmen', ${at('14:00')}, ${at('14:30')}, ${at('14:00')}, ${at('14:30')}, 'Colour', 5500, 'eur',
         '2026-03-01', '15:00', '15:30', 'scheduled', 'staff', ${at('08:20')})`);
    await db.execute(sql`
      INSERT INTO appointment_events (appointment_id, kind, actor, data, created_at) VALUES
        (${b}, 'rescheduled', 'customer', '{}', ${at('09:00')}),
        (${b}, 'cancelled', 'assistant', '{}', ${at('11:00')}),
        (${b}, 'refunded', 'assistant', '{"amount": 1800, "currency": "eur"}', ${at('11:00')})`);
    await db.execute(sql`
      INSERT INTO appointment_reminders (appointment_id, hours_before, channel, starts_at, due_at, status, sent_at) VALUES
        (${a}, 2, 'email', ${at('12:00')}, ${at('10:00')}, 'sent', ${at('10:00')}),
        (${b}, 2, 'email', ${at('13:00')}, ${at('10:00')}, 'sent', ${at('10:00')}),
        (${c}, 2, 'email', ${at('14:00')}, ${at('12:00')}, 'failed', null)`);
    await db.execute(
      sql`INSERT INTO clients (id, name, phone) VALUES ('00000000-0000-4000-8000-000000000037', 'Payer', '+34 600 000 037')`,
    );
    await db.execute(sql`
      INSERT INTO payments (client_id, amount, currency, status, appointment_id, paid_at) VALUES
        ('00000000-0000-4000-8000-000000000037', 1800, 'eur', 'completed', ${a}, ${at('08:05')}),
        ('00000000-0000-4000-8000-000000000037', 1800, 'eur', 'refunded', ${b}, ${at('08:10')}),
        ('00000000-0000-4000-8000-000000000037', 5500, 'eur', 'failed', ${c}, ${at('08:20')})`);
    await migrate(older.database);
  });
  afterAll(async () => {
    await older?.close();
    await fs.rm(oldMigrations, { recursive: true, force: true });
  });

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    (await older.database.db.execute(query)).rows as T[];
  const counts = (source: string) =>
    rows<Record<string, unknown>>(
      sql.raw(`SELECT figure, bucket::text, key, detail, sum(count)::int AS count, sum(amount)::int AS amount
                 FROM ${source} GROUP BY 1, 2, 3, 4 HAVING sum(count) <> 0 ORDER BY 1, 2, 3, 4`),
    );

  it('counts every booking, visit, cancellation, move, refund, payment and reminder per quarter hour', async () => {
    const kept = await counts('insights_counts');
    expect(kept).toEqual(await counts(`insights_counts_of('-infinity', 'infinity')`));
    const bucket = (time: string) => `2026-03-01 ${time}:00+00`;
    expect(kept).toEqual(
      expect.arrayContaining([
        { figure: 'booked', bucket: bucket('08:00'), key: 'page', detail: '', count: 1, amount: 0 },
        { figure: 'booked', bucket: bucket('08:00'), key: 'chat', detail: '', count: 1, amount: 0 },
        { figure: 'booked', bucket: bucket('08:15'), key: 'staff', detail: '', count: 1, amount: 0 },
        {
          figure: 'cancelled',
          bucket: bucket('11:00'),
          key: 'assistant',
          detail: 'under_24h',
          count: 1,
          amount: 0,
        },
        {
          figure: 'refunded',
          bucket: bucket('11:00'),
          key: 'assistant',
          detail: 'eur',
          count: 1,
          amount: 1800,
        },
        { figure: 'paid', bucket: bucket('08:00'), key: 'eur', detail: '', count: 2, amount: 3600 },
        { figure: 'reminded', bucket: bucket('10:00'), key: 'completed', detail: '', count: 1, amount: 0 },
        {
          figure: 'reminded',
          bucket: bucket('10:00'),
          key: 'cancelled',
          detail: 'cancelled',
          count: 1,
          amount: 0,
        },
      ]),
    );
    expect(kept.filter((row) => row.figure === 'rescheduled')).toEqual([
      { figure: 'rescheduled', bucket: bucket('09:00'), key: 'customer', detail: '', count: 1, amount: 0 },
    ]);
  });

  it('keeps counting from there: a status change moves the visit and the reminder', async () => {
    await older.database.db.execute(sql`UPDATE appointments SET status = 'no-show' WHERE id = ${a}`);
    const kept = await counts('insights_counts');
    expect(kept).toEqual(await counts(`insights_counts_of('-infinity', 'infinity')`));
    expect(kept.filter((row) => row.figure === 'reminded' && row.key === 'no-show')).toHaveLength(1);
  });
});

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
