/**
 * List endpoints at volume (issue #11 item 5): seeds 1×, 10× and 100× data sets in SQL, then for each
 * list endpoint measures, through real HTTP on the app built as main.ts builds it:
 * - the endpoint's median and p99 (sequential calls after a warm-up) and its response size;
 * - the service call the route makes, in process ("service": the SQL and the mapping of its rows);
 * - a bare route on the same app returning the same JSON body (HTTP, JSON, compression, no SQL),
 *   once as it is and once behind the staff routes' sign-in check (the session lookup every staff
 *   request pays);
 * - the ratio endpoint / (service + signed-in bare route), which should stay within 2: what the
 *   endpoint adds beyond its SQL and the HTTP cost of its body (validation, serialization, extra queries).
 * Targets: on PostgreSQL at 100× the chat list's first page and chat search under 30 ms median and
 * within 1.5× of their 1× time; every endpoint flat (within 1.5×) from the smallest to the largest
 * scale; on PGlite at 10× the chat list and chat search under 50 ms median; every endpoint within 2×
 * of service + signed-in bare route; at the largest scale (10× and up) the chat list's and chat
 * search's plans (EXPLAIN ANALYZE, printed) read no big table whole; at 1,000× on PostgreSQL the
 * chat list (first and last page), chat and clients search (a hit and a miss), the waiting list, the
 * appointments list (first and last page) and the Insights report under 30 ms median, with the plan
 * of the slowest statement of any that misses printed. Exit code 1 on a miss.
 * The scales are all set up first and measured in turn, call by call, so a busy moment of the
 * machine falls on every scale alike and the flatness checks compare data, not moments.
 *
 * 1× is 500 contacts and chats with 50 messages each (25,000 messages), 500 clients (half of them
 * with a chat's phone, written '+34 600 000 123'), 500 appointments, 500 notifications, 50
 * subscriptions and 10 employees; 10×, 100× and 1,000× multiply all but the employees. Each table
 * is one INSERT … SELECT from generate_series (messages in chunks of 10,000 chats) on the schema the
 * migrations make: the messages' indexes and keys are built after their load from the definitions
 * they had, and the triggers that keep conversations and the Insights counts are off for the load
 * only, their rows written in one statement after (conversations checked against the trigger on a
 * sample). 1,000× (25 M messages) seeds in about 7 minutes.
 *
 * Run: node bench/volume.ts [--db postgres|pglite] [--scale 1,10,100] [--runs 50] [--warmup 10] [--keep]
 * [--reuse chatdesk_bench_… --scale N] [--only text]
 * (defaults: postgres at 1,10,100; pglite at 1,10). PostgreSQL: BENCH_DATABASE_URL names a role
 * that may create databases (default postgres://chatdesk_ci:chatdesk_ci@127.0.0.1:5432/chatdesk_ci);
 * each scale runs on a fresh database, dropped after (kept with --keep, to look into with psql or to
 * measure again with --reuse NAME --scale N, which seeds nothing; --only TEXT measures the endpoints
 * whose name holds TEXT).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { endpoints } from '@chatdesk/contract/endpoints';
import { type SQL, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database, Db } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createEventBus } from '../apps/server/src/events/event-bus.ts';
import { requireStaff } from '../apps/server/src/http/auth.ts';
import { createChatsRepository } from '../apps/server/src/modules/chats/chats.repository.ts';
import { insertEmployee } from '../apps/server/test/factories.ts';
import { databaseKind, freshDatabase, keptPostgres } from './fresh-database.ts';

// ---------------------------------------------------------------------------------------------
// Options

const { values: options } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    scale: { type: 'string' },
    runs: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
    // A database kept by an earlier run (--keep) of one scale, measured again without seeding.
    reuse: { type: 'string' },
    // Only the endpoints whose name holds this text (e.g. --only insights).
    only: { type: 'string' },
  },
});
const kind = databaseKind(options.db);
const scales = (options.scale ?? (kind === 'postgres' ? '1,10,100' : '1,10'))
  .split(',')
  .map((s) => Number(s.trim()))
  .sort((a, b) => a - b);
if (scales.some((s) => !Number.isInteger(s) || s < 1)) throw new Error('--scale takes positive integers');
const RUNS = Number(options.runs);
const WARMUP = Number(options.warmup);
if (options.reuse && (kind !== 'postgres' || scales.length !== 1))
  throw new Error('--reuse takes a kept PostgreSQL database and the one --scale it was seeded at');
if (!Number.isInteger(RUNS) || RUNS < 1 || !Number.isInteger(WARMUP) || WARMUP < 0)
  throw new Error('--runs takes a positive integer, --warmup a whole number');

/** Per 1×: 500 chats (each 50 messages), as many clients, appointments and notifications. */
const CHATS_PER_SCALE = 500;
const MESSAGES_PER_CHAT = 50;
const EMPLOYEES = 9; // seeded in SQL, plus the employee the benchmark signs in as
const PASSWORD = 'bench-password';
/** What staff type: a name without its accent ('Lucía'), a client's surname, part of a number. */
const NAME_SEARCH = 'lucia';
const CLIENT_SEARCH = 'garcia';
const DIGITS_SEARCH = '600000123';

// ---------------------------------------------------------------------------------------------
// The data, in SQL: every value is a function of the row number g (and k, a message's number in
// its chat), so the chat summary is computed from the same expressions as the messages it sums.

const FIRST = ['Lucía', 'María', 'José', 'Andrés', 'Sofía', 'Martín', 'Inés', 'Raúl', 'Ángela', 'Óscar'];
// 'Lucía' twice, so one name in ten is hers and the name search returns a full page (50) even at 1×:
// the scales are compared on the same work.
const FIRST_MORE = [
  'Carmen',
  'Javier',
  'Pablo',
  'Elena',
  'Jesús',
  'Nuria',
  'Iván',
  'Begoña',
  'Tomás',
  'Lucía',
];
const FIRST_NAMES = [...FIRST, ...FIRST_MORE];
const LAST_NAMES = [
  'García',
  'Fernández',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Díaz',
  'Muñoz',
  'Álvarez',
  'Romero',
  'Ruiz',
  'Hernández',
  'Jiménez',
  'Núñez',
  'Castillo',
  'Peña',
];
const PHRASES = [
  'Hola, ¿tenéis cita para mañana por la tarde?',
  'Perfecto, te espero a las 17:00.',
  'Gracias por avisar 🙂',
  'Quería cambiar mi cita del jueves.',
  'Claro, ¿qué día te viene mejor?',
  'El viernes a primera hora, si puede ser.',
  'Hecho: viernes a las 9:00. ¡Hasta entonces!',
  '¿Cuánto cuesta la sesión de entrenamiento?',
  'La sesión individual son 10 €, el bono de diez 90 €.',
  'Vale, me apunto. ¡Gracias!',
];
const EMPLOYEE_NAMES = [
  'Ana Belén Núñez',
  'José Ángel Ortiz',
  'Lucía Fernández',
  'Martín Peña',
  'Inés Álvarez',
  'Raúl Jiménez',
  'Sofía Muñoz',
  'Óscar Romero',
  'Begoña Sánchez',
];
const PLANS = ['Premium mensual', 'Básico anual', 'Entrenamiento personal', 'Nutrición y seguimiento'];

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const array = (values: readonly string[]) => `(array[${values.map(literal).join(', ')}])`;
const pick = (values: readonly string[], index: string) =>
  `${array(values)}[1 + (${index}) % ${values.length}]`;
/** Ids from row numbers, so rows can refer to each other without a lookup: t is the table. */
const uid = (t: number, g: string) => `('0000000${t}-0000-4000-8000-' || lpad(to_hex(${g}), 12, '0'))::uuid`;
const CONTACT = 1;
const CHAT = 2;
const CLIENT = 3;
const EMPLOYEE = 4;
/** 'Lucía García 123' */
const personName = (g: string) =>
  `${pick(FIRST_NAMES, g)} || ' ' || ${pick(LAST_NAMES, `(${g}) / ${FIRST_NAMES.length}`)} || ' ' || (${g})`;

function dataset(base: string) {
  const at = `'${base}'::timestamptz`;
  /** A chat's latest activity, spread over 30 days. */
  const activity = (g: string) => `(${at} - ((${g})::bigint * 2654435761 % 2592000) * interval '1 second')`;
  const messageAt = (g: string, k: string) =>
    `(${activity(g)} - (${MESSAGES_PER_CHAT} - ${k}) * interval '7 minutes')`;
  const sender = (g: string, k: string) =>
    `(case when (${g} + ${k}) % 2 = 0 then 'customer' when ${g} % 3 = 0 then 'assistant' else 'staff' end)`;
  /** The customer's last few messages (0 to 8, by chat) are unread. */
  const readAt = (g: string, k: string) =>
    `(case when (${g} + ${k}) % 2 = 0 and ${k} > ${MESSAGES_PER_CHAT} - (${g} % 5) * 2 then null else ${messageAt(g, k)} + interval '1 minute' end)`;
  const status = (g: string, k: string) =>
    `(case when (${g} + ${k}) % 2 = 0 or ${k} >= ${MESSAGES_PER_CHAT - 2} then 'delivered' else 'read' end)`;
  const text = (g: string, k: string) => pick(PHRASES, `${g} + ${k}`);
  const last = String(MESSAGES_PER_CHAT);
  const chatCreated = (g: string) =>
    `(${activity(g)} - interval '1 day' - ${MESSAGES_PER_CHAT} * interval '7 minutes')`;

  return {
    employees: `
      insert into employees (id, name, email, username, password_hash, role, title, locations, availability, takes_bookings)
      select ${uid(EMPLOYEE, 'e')}, ${array(EMPLOYEE_NAMES)}[e], 'empleado' || e || '@example.com', 'empleado' || e,
             'not-a-hash', case when e % 3 = 0 then 'Recepción' else 'Entrenador personal' end, 'Coach',
             array['Madrid', 'Málaga'], '{}'::jsonb, e % 3 <> 0
        from generate_series(1, ${EMPLOYEES}) e`,
    contacts: (n: number) => `
      insert into contacts (id, name, email, prefix, phone, created_at, updated_at)
      select ${uid(CONTACT, 'g')}, ${personName('g')},
             case when g % 4 = 0 then 'contacto' || g || '@example.com' end,
             '34', (600000000 + g)::text, ${chatCreated('g')}, ${chatCreated('g')}
        from generate_series(1, ${n}) g`,
    chats: (n: number) => `
      insert into chats (id, contact_id, assigned_to, channel, last_message_at, last_message_text,
                         last_message_sender, unread_count, created_at, updated_at, search_text, waiting_since)
      select ${uid(CHAT, 'g')}, ${uid(CONTACT, 'g')},
             case when g % 3 = 0 then 'ai' else 'human' end,
             case when g % 50 = 0 then 'simulator' else 'whatsapp' end,
             ${messageAt('g', last)}, ${text('g', last)}, ${sender('g', last)},
             (select count(*)::int from generate_series(1, ${MESSAGES_PER_CHAT}) k
               where ${sender('g', 'k')} = 'customer' and ${readAt('g', 'k')} is null),
             ${chatCreated('g')}, ${activity('g')},
             (select search_text from contacts where id = ${uid(CONTACT, 'g')}),
             -- Twenty chats wait for a person at every scale, from their last message on: the list
             -- must cost what its waiting chats do, whatever the number of the others.
             case when g % ${Math.max(1, Math.floor(n / 20))} = 0 then ${activity('g')} end
        from generate_series(1, ${n}) g`,
    messages: (from: number, to: number) => `
      insert into messages (chat_id, text, sender, status, read_at, created_at)
      select ${uid(CHAT, 'g')}, ${text('g', 'k')}, ${sender('g', 'k')}, ${status('g', 'k')},
             ${readAt('g', 'k')}, ${messageAt('g', 'k')}
        from generate_series(${from}, ${to}) g cross join generate_series(1, ${MESSAGES_PER_CHAT}) k
       order by g, k`,
    /** Odd clients have the phone of the chat with their number, written as people write it. */
    clients: (n: number) => `
      insert into clients (id, name, phone, email, status, source, assigned_employee_id, address, notes,
                           created_at, updated_at)
      select ${uid(CLIENT, 'g')},
             case when g % 2 = 1 then ${personName('g')} else ${personName('g + 7')} end,
             '+34 ' || substr(p, 1, 3) || ' ' || substr(p, 4, 3) || ' ' || substr(p, 7, 3),
             case when g % 7 <> 0 then 'cliente' || g || '@example.com' end,
             ${pick(['lead', 'active', 'inactive', 'former'], 'g')},
             ${pick(['whatsapp', 'referral', 'website', 'social', 'other'], 'g')},
             case when g % 3 = 0 then ${uid(EMPLOYEE, `1 + g % ${EMPLOYEES}`)} end,
             case when g % 2 = 0 then '{"city": "Madrid", "country": "España"}'::jsonb else '{}'::jsonb end,
             case when g % 5 = 0 then 'Prefiere que le escriban por la tarde.' end,
             ${at} - g * interval '13 minutes', ${at} - g * interval '13 minutes'
        from (select g, (case when g % 2 = 1 then 600000000 + g else 700000000 + g end)::text as p
                from generate_series(1, ${n}) g) s`,
    /** Half-hour slots, 16 a day, per employee: unique among live appointments as the index demands. */
    appointments: (n: number) => `
      insert into appointments (employee_id, employee_name, employee_email, client_id, client_name, client_email,
                                client_phone, starts_at, ends_at, blocked_from, blocked_until, service_name,
                                price_amount, price_currency, local_date, start_time, end_time, status,
                                created_at, updated_at)
      select e.id, e.name, e.email, c.id, c.name, c.email, c.phone, a.s, a.s + interval '30 minutes',
             a.s, a.s + interval '30 minutes', 'Appointment', 1000, 'eur',
             (a.s at time zone 'Europe/Madrid')::date, to_char(a.s at time zone 'Europe/Madrid', 'HH24:MI'),
             to_char((a.s + interval '30 minutes') at time zone 'Europe/Madrid', 'HH24:MI'),
             case when a.s >= ${at} then (case when a.g % 10 = 0 then 'cancelled' else 'scheduled' end)
                  when a.g % 10 = 0 then 'cancelled' when a.g % 10 = 1 then 'no-show' else 'completed' end,
             a.s - interval '3 days', a.s - interval '3 days'
        from (select g, date_trunc('day', ${at}) - interval '90 days'
                        + ((g / ${EMPLOYEES}) / 16) * interval '1 day'
                        + (480 + ((g / ${EMPLOYEES}) % 16) * 30) * interval '1 minute' as s
                from generate_series(1, ${n}) g) a
        join employees e on e.id = ${uid(EMPLOYEE, `1 + a.g % ${EMPLOYEES}`)}
        join clients c on c.id = ${uid(CLIENT, 'a.g')}`,
    notifications: (n: number) => `
      insert into notifications (title, message, type, is_read, is_solved, link, created_at)
      select ${pick(['Nueva reserva', 'Pago fallido', 'Chat para una persona', 'Nueva suscripción'], 'g')},
             ${personName('g')} || ': ' || ${pick(PHRASES, 'g')},
             ${pick(['info', 'success', 'warning', 'error'], 'g')},
             g % 10 <> 0, g % 4 = 0,
             case when g % 3 = 0 then '/chats/' || ${uid(CHAT, `1 + g % ${n}`)} end,
             ${at} - g * interval '11 minutes'
        from generate_series(1, ${n}) g`,
    /** One per ten clients. */
    subscriptions: (n: number) => `
      insert into subscriptions (client_id, employee_id, plan_name, amount, currency, interval, status,
                                 cancel_at_period_end, current_period_start, current_period_end,
                                 provider_subscription_id, created_at, updated_at)
      select ${uid(CLIENT, 'g * 10')}, ${uid(EMPLOYEE, `1 + g % ${EMPLOYEES}`)}, ${pick(PLANS, 'g')},
             1000 + (g % 4) * 500, 'eur', case when g % 4 = 1 then 'year' else 'month' end,
             ${pick(['active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete'], 'g')},
             g % 7 = 0, ${at} - (g % 30) * interval '1 day', ${at} + (30 - g % 30) * interval '1 day',
             'sub_bench_' || g, ${at} - g * interval '1 hour', ${at} - g * interval '1 hour'
        from generate_series(1, ${Math.floor(n / 10)}) g`,
  };
}

/** Chats whose summary disagrees with their messages (0 expected): what a real write would keep. */
const SUMMARY_CHECK = sql`
  select count(*) filter (where c.last_message_at is distinct from lm.created_at
                             or c.last_message_text is distinct from lm.text
                             or c.last_message_sender is distinct from lm.sender)::int as "badLast",
         count(*) filter (where c.unread_count <> coalesce(u.n, 0))::int as "badUnread",
         count(*)::int as chats
    from chats c
    left join lateral (select m.text, m.sender, m.created_at from messages m where m.chat_id = c.id
                        order by m.created_at desc, m.id desc limit 1) lm on true
    left join (select chat_id, count(*) as n from messages where sender = 'customer' and read_at is null
                group by chat_id) u on u.chat_id = c.id`;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const count = (n: number) => n.toLocaleString('en-US');

/**
 * The messages' indexes and constraints (and the foreign keys that point at them), as the
 * migrations made them: dropped for the load and made again from these same definitions before
 * anything is measured, so the measure is on the product's schema. Built once over the loaded rows
 * they are what a REINDEX would give; kept up row by row, 25 M inserts took most of an hour.
 */
const MESSAGES_SCHEMA = sql`
  select 'constraint' as kind, c.conname as name, c.conrelid::regclass::text as "table",
         pg_get_constraintdef(c.oid) as definition, c.contype = 'f' and c.conrelid <> 'messages'::regclass as "pointsHere"
    from pg_constraint c
   where c.conrelid = 'messages'::regclass or c.confrelid = 'messages'::regclass
  union all
  select 'index', i.indexname, i.tablename, i.indexdef, false
    from pg_indexes i
   where i.schemaname = current_schema() and i.tablename = 'messages'
     and i.indexname not in (select conname from pg_constraint where conrelid = 'messages'::regclass)`;

type SchemaItem = {
  kind: 'constraint' | 'index';
  name: string;
  table: string;
  definition: string;
  pointsHere: boolean;
};

async function withoutMessagesSchema(db: Db, load: () => Promise<void>) {
  const exec = (statement: string) => db.execute(sql.raw(statement));
  const items = (await db.execute(MESSAGES_SCHEMA)).rows as SchemaItem[];
  const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
  // Foreign keys pointing at messages first, then the table's own constraints, then its indexes.
  const order = (item: SchemaItem) => (item.pointsHere ? 0 : item.kind === 'constraint' ? 1 : 2);
  for (const item of [...items].sort((a, b) => order(a) - order(b)))
    await exec(
      item.kind === 'index'
        ? `drop index ${quoted(item.name)}`
        : `alter table ${item.table} drop constraint ${quoted(item.name)}`,
    );
  await load();
  // Primary and unique keys before the foreign keys that need them; memory for the sorts of the
  // builds only (a setting of this transaction, not of the database).
  for (const item of [...items].sort((a, b) => order(b) - order(a)))
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local maintenance_work_mem = '1GB'`));
      await tx.execute(
        sql.raw(
          item.kind === 'index'
            ? item.definition
            : `alter table ${item.table} add constraint ${quoted(item.name)} ${item.definition}`,
        ),
      );
    });
  const after = (await db.execute(MESSAGES_SCHEMA)).rows as SchemaItem[];
  const key = (item: SchemaItem) => `${item.kind} ${item.table} ${item.name}: ${item.definition}`;
  const [was, is] = [items.map(key).sort().join('\n'), after.map(key).sort().join('\n')];
  if (was !== is) throw new Error(`the messages' schema differs after the load:\n${was}\n---\n${is}`);
}

/**
 * The conversations the trigger conversations_track_message would have made, in one statement:
 * every chat's messages are 7 minutes apart over less than 24 hours, so a chat has one
 * conversation, opened by its first customer message (an answer before it opens none), never
 * reopened (no gap of an hour). CONVERSATIONS_CHECK replays the trigger on a sample to prove it.
 */
const CONVERSATIONS = `
  insert into conversations (chat_id, channel, started_at, last_message_at, last_customer_at, last_reply_at,
                             customer_messages, first_assistant_reply_at, first_staff_reply_at, reopened, thanked)
  select c.id, c.channel, s.started, s.last_at, s.last_customer, s.last_reply, s.customers, s.first_assistant,
         s.first_staff, false, chatdesk_is_thanks(s.last_customer_text)
    from (select m.chat_id, o.started,
                 max(m.created_at) as last_at,
                 max(m.created_at) filter (where m.sender = 'customer') as last_customer,
                 max(m.created_at) filter (where m.sender <> 'customer') as last_reply,
                 count(*) filter (where m.sender = 'customer')::int as customers,
                 min(m.created_at) filter (where m.sender = 'assistant') as first_assistant,
                 min(m.created_at) filter (where m.sender = 'staff') as first_staff,
                 (array_agg(m.text order by m.created_at desc, m.id desc) filter (where m.sender = 'customer'))[1]
                   as last_customer_text
            from messages m
            join (select chat_id, min(created_at) as started from messages where sender = 'customer'
                   group by chat_id) o on o.chat_id = m.chat_id and m.created_at >= o.started
           where m.sender in ('customer', 'assistant', 'staff')
           group by m.chat_id, o.started) s
    join chats c on c.id = s.chat_id`;

/** The trigger's own conversations for 200 chats, replayed in a transaction rolled back, against the bulk ones. */
async function conversationsCheck(db: Db) {
  const sample = `select id from chats order by id limit 200`;
  const columns = `chat_id, channel, started_at, last_message_at, last_customer_at, last_reply_at, customer_messages,
                   first_assistant_reply_at, first_staff_reply_at, handed_over_at, handoff_reason, reopened, thanked`;
  const rollback = new Error('rollback');
  let differ = -1;
  try {
    await db.transaction(async (tx) => {
      const exec = (statement: string) => tx.execute(sql.raw(statement));
      await exec(`create temp table bulk_conversations on commit drop as
                    select ${columns} from conversations where chat_id in (${sample})`);
      await exec(`delete from conversations where chat_id in (${sample})`);
      await exec(`do $$ declare m record; begin
                    for m in select chat_id, sender, text, created_at from messages where chat_id in (${sample})
                              order by chat_id, created_at, id loop
                      perform conversations_apply(m.chat_id, m.sender, m.text, m.created_at);
                    end loop; end $$`);
      const result = await exec(`select count(*)::int as n from (
          (select ${columns} from conversations where chat_id in (${sample}) except all select * from bulk_conversations)
          union all
          (select * from bulk_conversations except all select ${columns} from conversations where chat_id in (${sample}))) d`);
      differ = (result.rows[0] as { n: number }).n;
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  if (differ !== 0)
    throw new Error(`${differ} bulk conversations differ from what the trigger makes (sample of 200 chats)`);
}

/** The insights rollup's triggers (migration 0037): off for the load, the counts rebuilt after as the migration does. */
const INSIGHTS_TRIGGERS = [
  ['appointments', 'insights_track_appointment'],
  ['appointments', 'insights_track_appointment_update'],
  ['appointments', 'insights_track_appointment_delete'],
] as const;

/** The trigger that counts conversations for Insights (migration 0045). */
const CONVERSATION_COUNT_TRIGGERS = [
  'insights_track_conversation',
  'insights_track_conversation_update',
] as const;

async function seed(db: Db, scale: number) {
  const n = CHATS_PER_SCALE * scale;
  const data = dataset(new Date().toISOString());
  const exec = (statement: string) => db.execute(sql.raw(statement));
  const timings: string[] = [];
  const step = async (label: string, work: () => Promise<unknown>) => {
    const start = performance.now();
    await work();
    timings.push(`${label} ${seconds(performance.now() - start)}`);
  };
  const start = performance.now();
  await step(`${EMPLOYEES} employees`, () => exec(data.employees));
  await step(`${count(n)} contacts`, () => exec(data.contacts(n)));
  await step(`${count(n)} chats`, () => exec(data.chats(n)));
  // The trigger that keeps conversations runs two statements a message: off for the load only,
  // its conversations written in one statement after (and checked against it).
  await exec('alter table messages disable trigger conversations_track_message');
  try {
    await withoutMessagesSchema(db, () =>
      step(`${count(n * MESSAGES_PER_CHAT)} messages`, async () => {
        // In chunks of chats, so no statement holds millions of rows at once.
        const chunk = 10_000;
        for (let from = 1; from <= n; from += chunk)
          await exec(data.messages(from, Math.min(n, from + chunk - 1)));
      }),
    );
  } finally {
    await exec('alter table messages enable trigger conversations_track_message');
  }
  timings.push(`(messages' indexes and keys built ${seconds(performance.now() - start)} from the start)`);
  // The trigger that counts conversations for Insights (migration 0045) is off for their load too:
  // the counts are rebuilt with the others below.
  for (const trigger of CONVERSATION_COUNT_TRIGGERS)
    await exec(`alter table conversations disable trigger ${trigger}`);
  try {
    await step(`${count(n)} conversations`, () => exec(CONVERSATIONS));
  } finally {
    for (const trigger of CONVERSATION_COUNT_TRIGGERS)
      await exec(`alter table conversations enable trigger ${trigger}`);
  }
  await step(`${count(n)} clients`, () => exec(data.clients(n)));
  for (const [table, trigger] of INSIGHTS_TRIGGERS)
    await exec(`alter table ${table} disable trigger ${trigger}`);
  try {
    await step(`${count(n)} appointments`, () => exec(data.appointments(n)));
  } finally {
    for (const [table, trigger] of INSIGHTS_TRIGGERS)
      await exec(`alter table ${table} enable trigger ${trigger}`);
  }
  await step('insights counts', () => exec('select insights_counts_rebuild()'));
  await step(`${count(n)} notifications`, () => exec(data.notifications(n)));
  await step(`${count(Math.floor(n / 10))} subscriptions`, () => exec(data.subscriptions(n)));
  const seeded = performance.now() - start;
  // VACUUM as autovacuum would have by then (visibility map for index-only scans), and ANALYZE.
  await step('vacuum analyze', () => exec('vacuum analyze'));
  let check = { badLast: -1, badUnread: -1, chats: 0 };
  await step('summary check', async () => {
    check = (await db.execute(SUMMARY_CHECK)).rows[0] as typeof check;
  });
  await step('conversations check', () => conversationsCheck(db));
  console.log(`  seeded in ${seconds(seeded)}: ${timings.join(', ')}`);
  if (check.badLast !== 0 || check.badUnread !== 0)
    throw new Error(
      `seeded chat summaries disagree with their messages: ${check.badLast} last-message and ${check.badUnread} unread-count mismatches of ${check.chats} chats`,
    );
  console.log(`  chat summaries agree with the messages in all ${count(check.chats)} chats`);
}

// ---------------------------------------------------------------------------------------------
// Databases

// ---------------------------------------------------------------------------------------------
// Measuring

type Stats = { median: number; p99: number };
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
const stats = (samples: number[]): Stats => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
};

type Case = {
  name: string;
  path: string;
  /** The call the route's handler makes, with the query the route's schema parses. */
  service: () => Promise<unknown>;
  /** Part of the chat-list targets (under 30 ms on PostgreSQL at 100×, 50 ms on PGlite at 10×). */
  chatList?: boolean;
  /** The page must not be empty: the seeded data has matches. */
  expectRows?: boolean;
  /** Under 30 ms median at 1,000× on PostgreSQL (issue #25 item 6). */
  at1000?: boolean;
};

type Result = {
  name: string;
  rows: number | null;
  http: Stats;
  service: Stats;
  bare: Stats;
  signedInBare: Stats;
  jsonBytes: number;
  wireBytes: number;
  ratio: number;
  chatList: boolean;
  expectRows: boolean;
  at1000: boolean;
};

/** The list method a route calls: `page` on the cursor-paged lists, `list` on the others. */
function listMethod(service: object): (query: unknown) => Promise<unknown> {
  const methods = service as Record<string, unknown>;
  const method = (typeof methods.page === 'function' ? methods.page : methods.list) as (
    query: unknown,
  ) => Promise<unknown>;
  return method.bind(service);
}

/** The service call behind `GET path`, given the query as the route's schema parses it. */
function serviceCall(
  service: object,
  endpoint: { query?: { parse(value: unknown): unknown } },
  path: string,
) {
  const search = new URLSearchParams(path.split('?')[1] ?? '');
  const query = endpoint.query ? endpoint.query.parse(Object.fromEntries(search)) : {};
  const method = listMethod(service);
  return () => method(query);
}

/** Rows of a first page, whichever shape the list answers in: an array, `{ items }` or `{ appointments }`. */
function rowsOf(body: unknown): number | null {
  if (Array.isArray(body)) return body.length;
  if (body && typeof body === 'object') {
    for (const value of Object.values(body)) if (Array.isArray(value)) return value.length;
  }
  return null;
}

/** The SQL the chat list runs, taken from the repository itself so it never drifts from it. */
async function chatListSql(search: string | undefined): Promise<SQL> {
  let captured: SQL | undefined;
  const spy = {
    execute: async (query: SQL) => {
      captured = query;
      return { rows: [] };
    },
  } as unknown as Db;
  await createChatsRepository(spy).list(search, 50, 0);
  return captured!;
}

async function explain(db: Db, label: string, search: string | undefined) {
  const result = await db.execute(sql`explain (analyze, buffers) ${await chatListSql(search)}`);
  const lines = (result.rows as Array<Record<string, string>>).map((row) => Object.values(row)[0]!);
  const seqScans = [...new Set(lines.flatMap((line) => line.match(/Seq Scan on \w+/g) ?? []))];
  const onBigTables = seqScans.filter((scan) => /on (messages|chats|contacts|clients)$/.test(scan));
  const time = lines.find((line) => line.startsWith('Execution Time')) ?? '';
  console.log(
    `\n  EXPLAIN (ANALYZE, BUFFERS) ${label}: ${onBigTables.length === 0 ? 'index walk (no Seq Scan on messages, chats, contacts or clients)' : `NOT an index walk: ${onBigTables.join(', ')}`}; ${time}`,
  );
  if (kind === 'pglite')
    console.log(
      "    (PGlite: EXPLAIN ANALYZE's per-node timing costs far more in WebAssembly; the service column has the real time)",
    );
  const top = lines.filter((line) => !line.startsWith('Planning') && !line.startsWith('Execution'));
  for (const line of top.slice(0, 16)) console.log(`    ${line}`);
  if (top.length > 16) console.log(`    … ${top.length - 16} more lines`);
  return onBigTables.length === 0;
}

/** Every statement the app's pool runs while `work` runs, with its parameters and time. */
async function capturedQueries(database: Database, work: () => Promise<unknown>) {
  type Query = (
    config: string | { text: string; values?: unknown[] },
    values?: unknown[],
  ) => Promise<unknown>;
  const pool = (database.db as unknown as { $client: { query: Query } }).$client;
  const original = pool.query;
  const queries: Array<{ text: string; values: unknown[]; ms: number }> = [];
  pool.query = async function (this: unknown, config, values) {
    const start = performance.now();
    try {
      return await original.call(this, config, values);
    } finally {
      const text = typeof config === 'string' ? config : config.text;
      queries.push({
        text,
        values: values ?? (typeof config === 'string' ? [] : (config.values ?? [])),
        ms: performance.now() - start,
      });
    }
  };
  try {
    await work();
  } finally {
    pool.query = original;
  }
  return queries;
}

/** The plan of the slowest statement behind a case that missed its target, as PostgreSQL ran it. */
async function explainSlowest(setup: Setup, c: Case) {
  const queries = await capturedQueries(setup.database, c.service);
  const slowest = [...queries].sort((a, b) => b.ms - a.ms)[0];
  if (!slowest) return console.log(`\n  ${c.name}: no statement went through the pool`);
  const pool = (
    setup.database.db as unknown as {
      $client: {
        query: (text: string, values: unknown[]) => Promise<{ rows: Array<Record<string, string>> }>;
      };
    }
  ).$client;
  const plan = await pool.query(`explain (analyze, buffers) ${slowest.text}`, slowest.values);
  console.log(
    `\n  ${c.name}: ${queries.length} statements, the slowest ${ms(slowest.ms)} ms; its EXPLAIN (ANALYZE, BUFFERS):\n    ${slowest.text.replace(/\s+/g, ' ').slice(0, 600)}\n    parameters ${JSON.stringify(slowest.values).slice(0, 300)}`,
  );
  for (const row of plan.rows) console.log(`    ${Object.values(row)[0]}`);
  console.log('    every statement of the call, slowest first:');
  for (const query of [...queries].sort((a, b) => b.ms - a.ms))
    console.log(`    ${ms(query.ms).padStart(9)} ms  ${query.text.replace(/\s+/g, ' ').slice(0, 140)}`);
}

/** One scale, up: its database seeded, its app listening, a staff member signed in. */
type Setup = {
  scale: number;
  database: Database;
  cases: Case[];
  /** What the bare routes answer: the body of the endpoint being measured. */
  bare: { body: unknown };
  get: (path: string) => Promise<{ ms: number; text: string }>;
  wireBytes: (path: string) => Promise<number>;
  close: () => Promise<void>;
};

async function setUp(scale: number): Promise<Setup> {
  const reused = options.reuse;
  const { database, drop } = reused
    ? { database: keptPostgres(reused), drop: async () => console.log(`kept ${reused}`) }
    : await freshDatabase(kind, { keep: options.keep });
  const closers: Array<() => Promise<void>> = [
    async () => {
      await database.close();
      await drop();
    },
  ];
  const close = async () => {
    for (const closer of closers.reverse()) await closer();
  };
  try {
    console.log(`\n${kind} ${scale}×: ${count(CHATS_PER_SCALE * scale)} chats`);
    if (reused) {
      const chats = (await database.db.execute(sql`select count(*)::int as n from chats`)).rows[0] as {
        n: number;
      };
      if (chats.n !== CHATS_PER_SCALE * scale)
        throw new Error(`${reused} holds ${chats.n} chats, not ${scale}×`);
      // Migrations written since it was seeded, so the code measured finds the schema it expects.
      await migrate(database);
      console.log(`  measuring ${reused} as seeded before`);
    } else {
      await migrate(database);
      await seed(database.db, scale);
    }

    const events = createEventBus(database);
    await events.start();
    closers.push(() => events.stop());
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
      database,
      // As if the event stream were down: no instance then keeps a read or a session it found
      // (events/shared-reads.ts, auth.service.ts), so every call here pays its query. Otherwise
      // the calls of one second would be answered from the first.
      events: { ...events, live: () => false },
      jwtSecret: randomBytes(32).toString('hex'),
    });
    closers.push(() => app.close());
    // The bare routes: the same JSON body through the same Fastify app and plugins, with no SQL of
    // their own; the second behind the staff routes' own sign-in hook, as every staff endpoint is.
    const bare: { body: unknown } = { body: null };
    app.get('/bench/bare', async () => bare.body);
    await app.register(async (staff) => {
      requireStaff(staff, app.services.auth);
      staff.get('/bench/bare-signed-in', async () => bare.body);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });

    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const employee = await insertEmployee(database.db, { password: PASSWORD, name: 'Bench Empleada' });
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: employee.username, password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    // What a browser sends: compressed answers, brotli first.
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip, deflate' };

    const get = async (path: string) => {
      const start = performance.now();
      const response = await fetch(`${base}${path}`, { headers });
      const text = await response.text();
      const ms = performance.now() - start;
      if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${text.slice(0, 300)}`);
      return { ms, text };
    };
    /** Bytes on the wire, compressed as the app sends them. */
    const wireBytes = (path: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get(`${base}${path}`, { headers }, (response) => {
            let bytes = 0;
            response.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
            });
            response.on('end', () => resolve(bytes));
          })
          .on('error', reject);
      });

    const s = app.services;
    const n = CHATS_PER_SCALE * scale;
    // The chat just before the last page of 50: its cursor asks for the last page.
    const [beforeLast] = await s.chats.list({ limit: 1, offset: n - 51 });
    const lastPageCursor = beforeLast!.cursor;
    // Appointments start 90 days before the seed's time, 16 a day per employee.
    const oldestMonth = (() => {
      const first = new Date(Date.now() - 90 * 86_400_000);
      const day = (d: Date) => d.toISOString().slice(0, 10);
      return { from: day(first), to: day(new Date(first.getTime() + 30 * 86_400_000)) };
    })();
    const list = (
      name: string,
      path: string,
      service: object,
      endpoint: object,
      extra: Partial<Case> = {},
    ) => ({
      name,
      path,
      service: serviceCall(service, endpoint as { query?: { parse(value: unknown): unknown } }, path),
      ...extra,
    });
    const cases: Case[] = [
      list('chats, first page', '/api/chats?limit=50', s.chats, endpoints.chats.list, {
        chatList: true,
        at1000: true,
      }),
      list(
        `chats, search '${NAME_SEARCH}'`,
        `/api/chats?search=${NAME_SEARCH}&limit=50`,
        s.chats,
        endpoints.chats.list,
        {
          chatList: true,
          expectRows: true,
          at1000: true,
        },
      ),
      list(
        `chats, search '${DIGITS_SEARCH}'`,
        `/api/chats?search=${DIGITS_SEARCH}&limit=50`,
        s.chats,
        endpoints.chats.list,
        {
          chatList: true,
          expectRows: true,
          at1000: true,
        },
      ),
      list('clients, first page', '/api/clients', s.clients, endpoints.clients.list),
      list(
        `clients, search '${CLIENT_SEARCH}'`,
        `/api/clients?search=${CLIENT_SEARCH}`,
        s.clients,
        endpoints.clients.list,
        {
          expectRows: true,
          at1000: true,
        },
      ),
      list('subscriptions', '/api/subscriptions', s.subscriptions, endpoints.subscriptions.list),
      list('notifications', '/api/notifications', s.notifications, endpoints.notifications.list),
      list('employees', '/api/employees', s.employees, endpoints.employees.list),
      list(
        'appointments, page 1',
        '/api/appointments?page=1&limit=10',
        s.appointments,
        endpoints.appointments.list,
        { at1000: true },
      ),
      // What Ctrl+K asks: a name's appointments (all, then only the upcoming ones), five at most.
      list(
        `appointments, search '${CLIENT_SEARCH}'`,
        `/api/appointments?search=${CLIENT_SEARCH}&limit=5`,
        s.appointments,
        endpoints.appointments.list,
        { expectRows: true },
      ),
      list(
        `appointments, upcoming, search '${CLIENT_SEARCH}'`,
        `/api/appointments?search=${CLIENT_SEARCH}&upcoming=true&limit=5`,
        s.appointments,
        endpoints.appointments.list,
      ),
      {
        name: 'notifications unread count',
        path: '/api/notifications/unread-count',
        service: () => s.notifications.unreadCount(),
      },
      // Deep pages, short searches and the chats waiting for a person (#25 item 6).
      list(
        'chats, last page (by cursor)',
        `/api/chats?limit=50&cursor=${lastPageCursor}`,
        s.chats,
        endpoints.chats.list,
        {
          expectRows: true,
          at1000: true,
        },
      ),
      list(
        `chats, search 'qx' (matches nothing)`,
        '/api/chats?search=qx&limit=50',
        s.chats,
        endpoints.chats.list,
        { at1000: true },
      ),
      list(
        `clients, search 'qx' (matches nothing)`,
        '/api/clients?search=qx',
        s.clients,
        endpoints.clients.list,
        { at1000: true },
      ),
      {
        name: 'chats waiting for a person',
        path: '/api/chats/waiting',
        service: () => s.chats.waiting(),
        at1000: true,
      },
      { name: 'unread chats count', path: '/api/chats/unread', service: () => s.chats.unread() },
      list(
        'appointments, last page',
        `/api/appointments?page=${Math.ceil(n / 10)}&limit=10`,
        s.appointments,
        endpoints.appointments.list,
        { expectRows: true, at1000: true },
      ),
      list(
        'appointments, a month (the oldest)',
        `/api/appointments?startDate=${oldestMonth.from}&endDate=${oldestMonth.to}&limit=10`,
        s.appointments,
        endpoints.appointments.list,
        { expectRows: true },
      ),
      // The Insights page's report for the last 30 days (against the 30 before): every seeded chat's
      // conversation falls in them.
      {
        name: 'insights, last 30 days',
        path: '/api/insights?period=30d',
        service: () => s.insights.report(endpoints.insights.report.query.parse({ period: '30d' })),
        at1000: true,
      },
    ];
    return {
      scale,
      database,
      cases: cases.filter((c) => !options.only || c.name.includes(options.only)),
      bare,
      get,
      wireBytes,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Every endpoint at every scale, the scales taken in turn call by call: a busy moment of the
 * machine falls on all of them alike, so comparing scales compares the data, not the moment.
 */
async function measure(setups: Setup[]) {
  const results = new Map<number, Result[]>(setups.map((setup) => [setup.scale, []]));
  const caseCount = setups[0]!.cases.length;
  console.log(
    `\nmeasuring ${caseCount} endpoints at ${setups.map((s) => `${s.scale}×`).join(', ')}, interleaved…`,
  );
  for (let index = 0; index < caseCount; index++) {
    const prepared = [];
    for (const setup of setups) {
      const c = setup.cases[index]!;
      const first = await setup.get(c.path);
      setup.bare.body = JSON.parse(first.text);
      const jsonBytes = Buffer.byteLength(first.text);
      for (const path of ['/bench/bare', '/bench/bare-signed-in'])
        if (Buffer.byteLength((await setup.get(path)).text) !== jsonBytes)
          throw new Error(`the bare body of ${c.path} differs in size`);
      for (let i = 0; i < WARMUP; i++) {
        await setup.get(c.path);
        await c.service();
        await setup.get('/bench/bare');
        await setup.get('/bench/bare-signed-in');
      }
      const samples = {
        http: [] as number[],
        service: [] as number[],
        bare: [] as number[],
        signedInBare: [] as number[],
      };
      prepared.push({
        setup,
        c,
        rows: rowsOf(setup.bare.body),
        jsonBytes,
        wire: await setup.wireBytes(c.path),
        samples,
      });
    }
    for (let i = 0; i < RUNS; i++) {
      for (const { setup, c, samples } of prepared) {
        samples.http.push((await setup.get(c.path)).ms);
        const start = performance.now();
        await c.service();
        samples.service.push(performance.now() - start);
        samples.bare.push((await setup.get('/bench/bare')).ms);
        samples.signedInBare.push((await setup.get('/bench/bare-signed-in')).ms);
      }
    }
    for (const { setup, c, rows, jsonBytes, wire, samples } of prepared) {
      const result: Result = {
        name: c.name,
        rows,
        http: stats(samples.http),
        service: stats(samples.service),
        bare: stats(samples.bare),
        signedInBare: stats(samples.signedInBare),
        jsonBytes,
        wireBytes: wire,
        ratio: 0,
        chatList: c.chatList ?? false,
        expectRows: c.expectRows ?? false,
        at1000: c.at1000 ?? false,
      };
      result.ratio = result.http.median / (result.service.median + result.signedInBare.median);
      results.get(setup.scale)!.push(result);
    }
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// Printing and targets

const ms = (value: number) => value.toFixed(2);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function printTable(scale: number, results: Result[]) {
  const header = [
    'endpoint',
    'rows',
    'median ms',
    'p99 ms',
    'KB json',
    'KB wire',
    'service ms',
    'bare ms',
    'signed-in bare ms',
    'ratio',
  ];
  const lines = results.map((r) => [
    r.name,
    r.rows === null ? '-' : String(r.rows),
    ms(r.http.median),
    ms(r.http.p99),
    kb(r.jsonBytes),
    kb(r.wireBytes),
    ms(r.service.median),
    ms(r.bare.median),
    ms(r.signedInBare.median),
    r.ratio.toFixed(2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(
    `\n  ${kind} ${scale}× — ${RUNS} sequential calls each after ${WARMUP} to warm up; medians but for p99;\n  bare: the same body from a route with no SQL; ratio = median / (service + signed-in bare)`,
  );
  console.log(`  ${format(header)}`);
  console.log(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const line of lines) console.log(`  ${format(line)}`);
}

const setups: Setup[] = [];
let measured = new Map<number, Result[]>();
let plansOk = true;
try {
  for (const scale of scales) setups.push(await setUp(scale));
  measured = await measure(setups);
  for (const [scale, results] of measured) printTable(scale, results);
  const largestSetup = setups.at(-1)!;
  // At 1,000× the cases of issue #25 item 6 are held to 30 ms; those that miss show their plan.
  if (kind === 'postgres' && largestSetup.scale >= 1000) {
    const missed = (measured.get(largestSetup.scale) ?? []).filter((r) => r.at1000 && r.http.median >= 30);
    if (missed.length > 0)
      console.log(`\nthe slowest statement of each case over 30 ms at ${largestSetup.scale}×:`);
    for (const r of missed)
      await explainSlowest(largestSetup, largestSetup.cases.find((c) => c.name === r.name)!);
  }
  console.log(`\nquery plans at ${largestSetup.scale}× (${kind}):`);
  for (const [label, search] of [
    ['chat list, first page', undefined],
    [`chat search '${NAME_SEARCH}'`, NAME_SEARCH],
    [`chat search '${DIGITS_SEARCH}'`, DIGITS_SEARCH],
  ] as const)
    plansOk = (await explain(largestSetup.database.db, label, search)) && plansOk;
} finally {
  for (const setup of setups.reverse()) await setup.close();
}

console.log(`\ntargets (${kind}):`);
let missed = false;
const check = (ok: boolean, text: string) => {
  missed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'MISS'} ${text}`);
};
const smallest = scales[0]!;
const largest = scales.at(-1)!;
const atScale = (scale: number) => measured.get(scale) ?? [];

for (const [scale, results] of measured) {
  for (const r of results.filter((r) => r.expectRows))
    check((r.rows ?? 0) > 0, `${scale}× ${r.name} finds the seeded matches (${r.rows ?? 0} rows)`);
}
const chatTarget = kind === 'postgres' ? { scale: 100, ms: 30 } : { scale: 10, ms: 50 };
if (!measured.has(chatTarget.scale))
  console.log(`(the chat list's ${chatTarget.ms} ms target is at ${chatTarget.scale}×, not run)`);
for (const r of atScale(chatTarget.scale).filter((r) => r.chatList)) {
  check(
    r.http.median < chatTarget.ms,
    `${chatTarget.scale}× ${r.name}: median ${ms(r.http.median)} ms < ${chatTarget.ms} ms`,
  );
  const one = atScale(1).find((o) => o.name === r.name);
  if (kind === 'postgres' && one)
    check(
      r.http.median <= one.http.median * 1.5,
      `${chatTarget.scale}× ${r.name}: ${ms(r.http.median)} ms within 1.5× of its 1× time (${ms(one.http.median)} ms; ${(r.http.median / one.http.median).toFixed(2)}×)`,
    );
}
if (kind === 'postgres' && largest >= 1000)
  for (const r of atScale(largest).filter((r) => r.at1000))
    check(r.http.median < 30, `${largest}× ${r.name}: median ${ms(r.http.median)} ms < 30 ms`);
if (largest > smallest) {
  for (const r of atScale(largest)) {
    const small = atScale(smallest).find((o) => o.name === r.name);
    if (!small) continue;
    const growth = r.http.median / small.http.median;
    check(
      growth <= 1.5,
      `flat ${smallest}×→${largest}× (within 1.5×) ${r.name}: ${ms(small.http.median)} → ${ms(r.http.median)} ms (${growth.toFixed(2)}×)`,
    );
  }
}
const names = atScale(largest).map((r) => r.name);
for (const name of names) {
  const ratios = scales.map((scale) => atScale(scale).find((r) => r.name === name)?.ratio ?? Number.NaN);
  check(
    ratios.every((ratio) => ratio <= 2),
    `within 2× of service + signed-in bare route ${name}: ${ratios.map((r, i) => `${r.toFixed(2)} at ${scales[i]}×`).join(', ')}`,
  );
}
// At 1× the tables are a few pages, and reading them whole is the planner's right choice.
if (largest >= 10)
  check(plansOk, `${largest}× chat list and chat search plans walk indexes (no Seq Scan on the big tables)`);
else
  console.log(
    `(the query plans are a target from 10× up; at ${largest}× reading a small table whole is right)`,
  );
process.exitCode = missed ? 1 : 0;
