/**
 * The Insights page's data for the last 30 days (against the 30 before) at volume, through the HTTP
 * layer: 50,000 chats with 50 messages each (2.5 M) and their conversations, 50,000 appointments
 * with their history, reminders and payments, all within the two periods. Target (issue #24):
 * median < 150 ms. Run: node bench/insights.ts [--db postgres|pglite] [--chats 50000]
 * (PostgreSQL: a fresh database through BENCH_DATABASE_URL, dropped after).
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seedReferenceData } from '../apps/server/src/db/seed-demo.ts';
import { createInsightsRepository } from '../apps/server/src/modules/insights/insights.repository.ts';
import { insertEmployee } from '../apps/server/test/factories.ts';
import { startBenchApp } from './bench-app.ts';
import { databaseKind, freshDatabase } from './fresh-database.ts';

const TARGET_MS = 150;
const { values: options } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    chats: { type: 'string', default: '50000' },
    // Each read of the report on its own, to see which one a slow report spends its time in.
    breakdown: { type: 'boolean', default: false },
    // Keeps the PostgreSQL database, to look into with psql.
    keep: { type: 'boolean', default: false },
  },
});
const kind = databaseKind(options.db);
const CHATS = Number(options.chats);
const MESSAGES = 50;
const now = new Date('2026-11-26T12:00:00Z');

const { database, drop } = await freshDatabase(kind, { keep: options.keep });
try {
  await migrate(database);
  await seedReferenceData(database.db);
  const db = database.db;
  const employee = await insertEmployee(db, { password: 'bench-password' });
  const at = `'${now.toISOString()}'::timestamptz`;
  const started = performance.now();
  // Chats spread over the 60 days, each a burst of 50 messages seven minutes apart; the rollup is
  // written in bulk as the triggers would have kept it (one conversation per chat), and the
  // triggers are off for the load only.
  await db.execute(
    sql.raw(`
    insert into contacts (id, name, prefix, phone)
    select md5('contact' || g)::uuid, 'Cliente ' || g, '34', (600000000 + g)::text from generate_series(1, ${CHATS}) g`),
  );
  await db.execute(
    sql.raw(`
    insert into chats (id, contact_id, channel)
    select md5('chat' || g)::uuid, md5('contact' || g)::uuid, 'whatsapp' from generate_series(1, ${CHATS}) g`),
  );
  await db.execute(sql.raw('alter table messages disable trigger conversations_track_message'));
  for (let from = 1; from <= CHATS; from += 10_000) {
    const to = Math.min(CHATS, from + 9_999);
    await db.execute(
      sql.raw(`
      insert into messages (chat_id, text, sender, status, created_at)
      select md5('chat' || g)::uuid, 'mensaje ' || k,
             case when k % 2 = 1 then 'customer' when g % 5 = 0 then 'staff' else 'assistant' end, 'delivered',
             ${at} - (g % 60) * interval '1 day' - (g % 600) * interval '1 minute' + k * interval '7 minutes'
        from generate_series(${from}, ${to}) g cross join generate_series(1, ${MESSAGES}) k`),
    );
  }
  await db.execute(sql.raw('alter table messages enable trigger conversations_track_message'));
  // Counted for Insights by a trigger (migration 0045): off for the load, rebuilt with the other counts below.
  for (const trigger of ['insights_track_conversation', 'insights_track_conversation_update'])
    await db.execute(sql.raw(`alter table conversations disable trigger ${trigger}`));
  await db.execute(
    sql.raw(`
    insert into conversations (chat_id, channel, started_at, last_message_at, last_customer_at, last_reply_at,
                               customer_messages, first_assistant_reply_at, first_staff_reply_at,
                               handed_over_at, handoff_reason, reopened, thanked)
    select md5('chat' || g)::uuid, 'whatsapp', s, s + 49 * interval '7 minutes', s + 48 * interval '7 minutes',
           s + 49 * interval '7 minutes', 25,
           case when g % 5 <> 0 then s + interval '7 minutes' end,
           case when g % 5 = 0 then s + interval '7 minutes' end,
           case when g % 11 = 0 then s + interval '20 minutes' end,
           case when g % 11 = 0 then (array['person','complaint','not_understood','model_error','policy'])[1 + g % 5] end,
           g % 13 = 0, g % 3 = 0
      from (select g, ${at} - (g % 60) * interval '1 day' - (g % 600) * interval '1 minute' + interval '7 minutes' as s
              from generate_series(1, ${CHATS}) g) x`),
  );
  // As many appointments, booked over the 60 days, with their history, reminders and payments (of
  // professionals since removed: a calendar of its own would refuse so many overlapping times).
  // Insights' counts (migration 0037) are worked out from the rows once they are in, as the
  // migration does, with their triggers off for the load only (row by row they took minutes).
  const insightsTriggers = [
    ['appointments', 'insights_track_appointment'],
    ['appointments', 'insights_track_appointment_update'],
    ['appointments', 'insights_track_appointment_delete'],
    ['appointment_events', 'insights_track_event_insert'],
    ['appointment_events', 'insights_track_event_update'],
    ['appointment_events', 'insights_track_event_delete'],
    ['appointment_reminders', 'insights_track_reminder'],
    ['payments', 'insights_track_payment'],
    ['payments', 'insights_track_payment_update'],
  ] as const;
  for (const [table, trigger] of insightsTriggers)
    await db.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
  await db.execute(
    sql.raw(`
    insert into clients (id, name, phone) values ('00000000-0000-4000-8000-000000000001', 'Cliente', '+34 600 000 000')`),
  );
  await db.execute(
    sql.raw(`
    insert into appointments (id, employee_id, employee_name, client_name, starts_at, ends_at, blocked_from, blocked_until,
                              service_name, price_amount, price_currency, local_date, start_time, end_time, status,
                              channel, created_at)
    select md5('appointment' || g)::uuid, null, 'Profesional ' || (g % 9),
           'Cliente ' || g, s, s + interval '30 minutes', s, s + interval '30 minutes', 'Servicio ' || (g % 20),
           1000 + (g % 20) * 100, 'eur', (s at time zone 'Europe/Madrid')::date, '10:00', '10:30',
           (array['scheduled','completed','cancelled','no-show'])[1 + g % 4],
           (array['page','chat','staff'])[1 + g % 3], c
      from (select g, ${at} - (g % 60) * interval '1 day' as c,
                   ${at} - (g % 60) * interval '1 day' + (g % 14) * interval '1 day' + (g % 9) * interval '1 minute' * 30
                     + (g % 97) * interval '1 second' as s
              from generate_series(1, ${CHATS}) g) x`),
  );
  await db.execute(
    sql.raw(`
    insert into appointment_events (appointment_id, kind, actor, data, created_at)
    select id, 'booked', 'customer', '{}'::jsonb, created_at from appointments
    union all
    select id, 'cancelled', (array['customer','staff','assistant','system'])[1 + (extract(epoch from created_at)::bigint % 4)::int],
           '{}'::jsonb, created_at + interval '2 hours' from appointments where status = 'cancelled'
    union all
    select id, 'refunded', 'assistant', jsonb_build_object('amount', price_amount, 'currency', 'eur'), created_at + interval '2 hours'
      from appointments where status = 'cancelled' and price_amount % 200 = 0`),
  );
  await db.execute(
    sql.raw(`
    insert into appointment_reminders (appointment_id, hours_before, channel, starts_at, due_at, status, sent_at)
    select id, 24, 'email', starts_at, starts_at - interval '24 hours', 'sent', starts_at - interval '24 hours'
      from appointments where starts_at - interval '24 hours' < ${at}`),
  );
  await db.execute(
    sql.raw(`
    insert into payments (client_id, amount, currency, status, appointment_id, paid_at)
    select '00000000-0000-4000-8000-000000000001', price_amount, 'eur', 'completed', id, created_at from appointments`),
  );
  for (const [table, trigger] of insightsTriggers)
    await db.execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
  for (const trigger of ['insights_track_conversation', 'insights_track_conversation_update'])
    await db.execute(sql.raw(`alter table conversations enable trigger ${trigger}`));
  await db.execute(sql.raw('select insights_counts_rebuild()'));
  await db.execute(sql.raw('analyze'));
  console.log(
    `${kind}: seeded ${CHATS} chats, ${CHATS * MESSAGES} messages, ${CHATS} appointments in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );

  const server = await startBenchApp(database, now);
  const { app } = server;
  const headers = await server.signIn(employee.username, 'bench-password');
  const url = '/api/insights?period=30d';
  const first = await app.inject({ url, headers });
  if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body}`);
  const body = first.json();
  for (let i = 0; i < 5; i++) await app.inject({ url, headers });
  const samples: number[] = [];
  for (let i = 0; i < 30; i++) {
    const start = performance.now();
    await app.inject({ url, headers });
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const median = samples[15]!;
  const ok = median < TARGET_MS;
  console.log(
    `${ok ? 'ok  ' : 'SLOW'} ${kind}: GET ${url} over ${body.current.conversations.total} conversations and ${body.current.bookings.total} bookings in the period (${CHATS} chats, ${CHATS * MESSAGES} messages, ${CHATS} appointments in all): median ${median.toFixed(1)} ms, p90 ${samples[27]!.toFixed(1)} ms (target < ${TARGET_MS} ms)`,
  );
  if (options.breakdown) {
    const repository = createInsightsRepository(db);
    const range = { from: new Date(now.getTime() - 30 * 86_400_000), to: now };
    const reads: Array<[string, () => Promise<unknown>]> = [
      ['conversations', () => repository.conversations(range, now)],
      ['conversations by day', () => repository.conversations(range, now, 'Europe/Madrid')],
      // What the quarter-hour counts replace (migration 0045): the same figures from the rows.
      [
        'conversations by day, from the rows',
        () => repository.conversationsFromRows(range, now, 'Europe/Madrid'),
      ],
      ['bookings by day', () => repository.dailyBookings(range, 'Europe/Madrid')],
      ['bookings', () => repository.bookings(range)],
      ['assistant', () => repository.assistant(range)],
      ['byProfessional', () => repository.byProfessional(range)],
      ['byService', () => repository.byService(range)],
    ];
    for (const [name, read] of reads) {
      await read();
      const start = performance.now();
      for (let i = 0; i < 5; i++) await read();
      console.log(`  ${name}: ${((performance.now() - start) / 5).toFixed(1)} ms`);
    }
  }
  await server.close();
  process.exitCode = ok ? 0 : 1;
} finally {
  await database.close();
  await drop();
}
