/** Slot computation for 8 weeks with 500 booked slots. Target: under 5 ms. Run: npm run bench */
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
const taken: Date[] = [];
for (let i = 0; taken.length < 500; i++) {
  const date = addDays(from, i % 56);
  const minutes = 7 * 60 + ((i * 7) % 24) * 30;
  taken.push(
    zonedTimeToUtc(
      date,
      `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 ? '30' : '00'}`,
      timeZone,
    ),
  );
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
const query = { availability, timeZone, from, to, now: new Date('2026-11-22T10:00:00Z'), taken, exceptions };

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
  `${ok ? 'ok  ' : 'SLOW'} slots for 8 weeks minus 500 booked (${count} open): median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (target: median < ${TARGET_MS} ms)`,
);
process.exitCode = ok ? 0 : 1;
