/**
 * Slot computation for one professional over 8 weeks, for a 60-minute service with 10-minute
 * buffers, around 500 booked appointments of mixed lengths (15 to 90 minutes) and 200 busy events
 * from a calendar feed (1 to 3 hours). Target: median under 5 ms. Run: npm run bench
 */
import { performance } from 'node:perf_hooks';
import { openSlots } from '../apps/server/src/lib/slots.ts';
import { addDays, zonedTimeToUtc } from '../apps/server/src/lib/time-zone.ts';

const TARGET_MS = 5;
const timeZone = 'Europe/Madrid';
const from = '2026-11-23';
const to = addDays(from, 55);
const everyDay = [
  ['07:00', '13:00'],
  ['15:00', '21:00'],
] as Array<[string, string]>;
const availability = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, everyDay]),
);
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const lengths = [15, 30, 45, 60, 90];
const busy: Array<{ start: Date; end: Date }> = [];
for (let i = 0; busy.length < 500; i++) {
  const start = zonedTimeToUtc(addDays(from, i % 56), hhmm(7 * 60 + ((i * 7) % 24) * 30), timeZone);
  busy.push({ start, end: new Date(start.getTime() + lengths[i % lengths.length]! * 60_000) });
}
for (let i = 0; i < 200; i++) {
  const start = zonedTimeToUtc(addDays(from, (i * 3) % 56), hhmm(8 * 60 + ((i * 5) % 20) * 30), timeZone);
  busy.push({ start, end: new Date(start.getTime() + (60 + (i % 3) * 60) * 60_000) });
}
// A few dated exceptions, as a real calendar has: a week off, a holiday, one day with other hours.
const exceptions = {
  overrides: [
    { fromDate: addDays(from, 10), toDate: addDays(from, 16), ranges: [] },
    {
      fromDate: addDays(from, 30),
      toDate: addDays(from, 30),
      ranges: [['10:00', '14:00'] as [string, string]],
    },
  ],
  closures: [{ fromDate: addDays(from, 24), toDate: addDays(from, 24) }],
};
const query = {
  availability,
  timeZone,
  from,
  to,
  earliest: new Date('2026-11-22T10:00:00Z'),
  shape: { durationMinutes: 60, bufferBeforeMinutes: 10, bufferAfterMinutes: 10 },
  busy,
  exceptions,
};

for (let i = 0; i < 20; i++) openSlots(query);
const samples: number[] = [];
let count = 0;
for (let i = 0; i < 200; i++) {
  const start = performance.now();
  count = openSlots(query).length;
  samples.push(performance.now() - start);
}
samples.sort((a, b) => a - b);
const median = samples[Math.floor(samples.length / 2)]!;
const p95 = samples[Math.floor(samples.length * 0.95)]!;
const ok = median < TARGET_MS;
console.log(
  `${ok ? 'ok  ' : 'SLOW'} slots of a 60-minute service with buffers for 8 weeks around 500 appointments of mixed lengths and 200 feed events (${count} open): median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (target: median < ${TARGET_MS} ms)`,
);
process.exitCode = ok ? 0 : 1;
