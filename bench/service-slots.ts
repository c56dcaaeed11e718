/**
 * The public schedule of one professional with a full catalogue, through the HTTP layer on PGlite:
 * 20 services, 500 appointments of mixed lengths over the next 8 weeks and 200 busy events from
 * their own calendar, slots asked for a 60-minute service with buffers. Against the same route for
 * a professional with nothing booked (the bare route). Targets (issue #23): median < 5 ms, and
 * within 2× of the bare route. Run: node bench/service-slots.ts [--db pglite|postgres] (part of
 * npm run bench, on both); PostgreSQL is a fresh database made through BENCH_DATABASE_URL.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { appointments, calendarBusy, employeeCalendars } from '../apps/server/src/db/schema.ts';
import { addDays, zonedTimeToUtc } from '../apps/server/src/lib/time-zone.ts';
import { insertEmployee } from '../apps/server/test/factories.ts';
import { startBenchApp } from './bench-app.ts';
import { databaseKind, freshDatabase } from './fresh-database.ts';

const TARGET_MEDIAN_MS = 5;
const TARGET_RATIO = 2;
const ZONE = 'Europe/Madrid';
const now = new Date('2026-11-22T10:00:00Z');

const { values: options } = parseArgs({ options: { db: { type: 'string', default: 'pglite' } } });
const kind = databaseKind(options.db);
const { database, drop } = await freshDatabase(kind);
await migrate(database);
const server = await startBenchApp(database, now);
const { app } = server;

const everyDay = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
    day,
    [
      ['07:00', '14:00'],
      ['15:00', '21:00'],
    ],
  ]),
) as never;
const bare = await insertEmployee(database.db, { availability: everyDay, password: 'bench-password' });
const busy = await insertEmployee(database.db, { availability: everyDay });
const headers = await server.signIn(bare.username, 'bench-password');

// 20 services of 15 to 120 minutes, all offered by the busy professional; the bench asks for a 60-minute one.
const lengths = [15, 30, 45, 60, 90, 120];
const serviceIds: string[] = [];
for (let i = 0; i < 20; i++) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/services',
    headers,
    payload: {
      name: `Service ${i + 1}`,
      durationMinutes: i === 0 ? 60 : lengths[i % lengths.length],
      priceAmount: 1000 + i * 100,
      currency: 'eur',
      bufferBeforeMinutes: i === 0 ? 10 : 0,
      bufferAfterMinutes: i === 0 ? 10 : 5,
      employeeIds: [busy.id, ...(i === 0 ? [bare.id] : [])],
    },
  });
  serviceIds.push(response.json().id);
}
const asked = serviceIds[0]!;

// 500 appointments of mixed lengths, back to back with gaps, over the next 8 weeks.
const rows: Array<typeof appointments.$inferInsert> = [];
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
for (let day = 0; rows.length < 500; day++) {
  const date = addDays('2026-11-23', day % 56);
  let minute = 7 * 60 + (day % 3) * 15;
  for (let k = 0; k < 9 && rows.length < 500; k++) {
    const length = lengths[(day + k) % lengths.length]!;
    if (minute + length > 21 * 60) break;
    const startsAt = zonedTimeToUtc(date, hhmm(minute), ZONE);
    const endsAt = new Date(startsAt.getTime() + length * 60_000);
    rows.push({
      employeeId: busy.id,
      employeeName: busy.name,
      clientName: `Client ${rows.length}`,
      startsAt,
      endsAt,
      blockedFrom: startsAt,
      blockedUntil: new Date(endsAt.getTime() + 5 * 60_000),
      serviceId: serviceIds[1 + ((day + k) % 19)]!,
      serviceName: 'Service',
      priceAmount: 1000,
      priceCurrency: 'eur',
      localDate: date,
      startTime: hhmm(minute),
      endTime: hhmm(minute + length),
    });
    minute += length + 20;
  }
}
await database.db.insert(appointments).values(rows);
// 200 busy events of one to three hours from their own calendar.
const [calendar] = await database.db
  .insert(employeeCalendars)
  .values({ employeeId: busy.id, url: 'https://calendar.example/basic.ics' })
  .returning();
await database.db.insert(calendarBusy).values(
  Array.from({ length: 200 }, (_, i) => {
    const start = zonedTimeToUtc(
      addDays('2026-11-23', (i * 3) % 56),
      hhmm(8 * 60 + ((i * 5) % 20) * 30),
      ZONE,
    );
    return {
      calendarId: calendar!.id,
      employeeId: busy.id,
      startsAt: start,
      endsAt: new Date(start.getTime() + (60 + (i % 3) * 60) * 60_000),
    };
  }),
);

async function measure(username: string) {
  const url = `/api/schedule/${username}?service=${asked}`;
  for (let i = 0; i < 30; i++) await app.inject({ url });
  const samples: number[] = [];
  let slots = 0;
  for (let i = 0; i < 200; i++) {
    const start = performance.now();
    const response = await app.inject({ url });
    samples.push(performance.now() - start);
    slots = (response.json().slots as Array<{ times: string[] }>).reduce((n, day) => n + day.times.length, 0);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[100]!, p95: samples[190]!, slots };
}

const empty = await measure(bare.username);
const loaded = await measure(busy.username);
const ratio = loaded.median / empty.median;
const ok = loaded.median < TARGET_MEDIAN_MS && ratio <= TARGET_RATIO;
console.log(
  `${ok ? 'ok  ' : 'SLOW'} ${kind}: GET /api/schedule/:username?service= with 20 services, 500 appointments of mixed lengths and 200 feed events over 8 weeks (${loaded.slots} open): median ${loaded.median.toFixed(2)} ms, p95 ${loaded.p95.toFixed(2)} ms; bare route ${empty.median.toFixed(2)} ms (${empty.slots} open), ${ratio.toFixed(2)}× (targets: median < ${TARGET_MEDIAN_MS} ms, ≤ ${TARGET_RATIO}× bare)`,
);
await server.close();
await database.close();
await drop();
process.exitCode = ok ? 0 : 1;
