// `npm run eval`: plays the corpus against the assistant through the simulator's service, on a
// fresh embedded database per business, with the clock fixed. With LLM_BASE_URL and LLM_MODEL set
// it measures that model instead of the built-in engine.
//   npm run eval -- [--business fitness] [--intent open_times] [--case <id>] [--quiet] [--strict]
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { createPglite, fromPglite } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { company, employees } from '../src/db/schema.ts';
import { seedDemoData, seedReferenceData } from '../src/db/seed-demo.ts';
import { createEventBus } from '../src/events/event-bus.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { judge } from './checks.ts';
import { type EvalCase, loadBusiness, loadCorpus } from './corpus.ts';

/** Monday 23 November 2026, 10:00 in Madrid: every date in the corpus is relative to it. */
const NOW = new Date('2026-11-23T09:00:00Z');
const TARGET = { overall: 0.95, perIntent: 0.85 };

const { values: args } = parseArgs({
  options: {
    business: { type: 'string' },
    intent: { type: 'string' },
    case: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
    /** Plays one conversation of these messages and prints the replies (a quick try, no checks). */
    say: { type: 'string', multiple: true },
  },
});

async function seedBusiness(db: Db, key: string) {
  if (key === 'fitness') return seedDemoData(db, NOW);
  const fixture = loadBusiness(key);
  await db.insert(company).values({ id: 1, ...fixture.company, logo: null });
  const passwordHash = await hashPassword(randomBytes(12).toString('hex'));
  for (const employee of fixture.employees) await db.insert(employees).values({ ...employee, passwordHash });
}

type Outcome = { case: EvalCase; problems: string[]; transcript: string[] };

async function runBusiness(key: string, cases: EvalCase[]): Promise<Outcome[]> {
  const client = await createPglite();
  const database = fromPglite(client);
  await migrate(database);
  await seedReferenceData(database.db);
  await seedBusiness(database.db, key);
  const events = createEventBus(database);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://localhost:3000',
    SIMULATOR_ENABLED: 'true',
  });
  // The clock ticks a millisecond a call, so messages keep their order; it stays Monday 10:00.
  let ticks = 0;
  const app = await buildApp({
    config,
    database,
    events,
    jwtSecret: randomBytes(32).toString('hex'),
    clock: () => new Date(NOW.getTime() + ticks++),
  });
  const outcomes: Outcome[] = [];
  try {
    for (const item of cases) {
      // The simulator keys a conversation by the session's first 12 letters and digits: one fresh chat per case.
      const session = randomBytes(6).toString('hex');
      const transcript: string[] = [];
      const problems: string[] = [];
      for (const [index, turn] of item.turns.entries()) {
        transcript.push(`  customer: ${turn.customer}`);
        const response = await app.services.simulator.send(turn.customer, session);
        for (const reply of response.replies)
          transcript.push(`  assistant: ${reply.replaceAll('\n', '\n             ')}`);
        if (!turn.expect) continue;
        const handedOver = response.assignedTo === 'human';
        for (const problem of judge(response.replies, handedOver, turn.expect))
          problems.push(`turn ${index + 1}: ${problem}`);
      }
      outcomes.push({ case: item, problems, transcript });
    }
  } finally {
    await app.close();
    await database.close();
  }
  return outcomes;
}

const percent = (passed: number, total: number) => (total ? `${((100 * passed) / total).toFixed(1)}%` : '–');

if (args.say?.length) {
  const business = args.business ?? 'fitness';
  const conversation: EvalCase = {
    id: 'try',
    business,
    intent: 'try',
    turns: args.say.map((customer) => ({ customer })),
  };
  const [outcome] = await runBusiness(business, [conversation]);
  console.log(outcome!.transcript.join('\n'));
  process.exit(0);
}

const corpus = loadCorpus().filter(
  (item) =>
    (!args.business || item.business === args.business) &&
    (!args.intent || item.intent === args.intent) &&
    (!args.case || item.id === args.case),
);
const businesses = [...new Set(corpus.map((item) => item.business))];
const engine = process.env.LLM_BASE_URL
  ? `LLM ${process.env.LLM_MODEL} at ${process.env.LLM_BASE_URL}`
  : 'built-in engine';
console.log(`Assistant evaluation: ${corpus.length} conversations, ${engine}, clock ${NOW.toISOString()}\n`);

let allMet = true;
for (const business of businesses) {
  const outcomes = await runBusiness(
    business,
    corpus.filter((item) => item.business === business),
  );
  const byIntent = new Map<string, { passed: number; total: number }>();
  for (const outcome of outcomes) {
    const tally = byIntent.get(outcome.case.intent) ?? { passed: 0, total: 0 };
    tally.total++;
    if (outcome.problems.length === 0) tally.passed++;
    byIntent.set(outcome.case.intent, tally);
  }
  if (!args.quiet) {
    for (const outcome of outcomes.filter((o) => o.problems.length > 0)) {
      console.log(
        `✗ ${outcome.case.id} [${outcome.case.intent}]${outcome.case.note ? ` ${outcome.case.note}` : ''}`,
      );
      console.log(outcome.transcript.join('\n'));
      for (const problem of outcome.problems) console.log(`    → ${problem}`);
      console.log('');
    }
  }
  const passed = outcomes.filter((o) => o.problems.length === 0).length;
  console.log(`${business}: ${passed}/${outcomes.length} = ${percent(passed, outcomes.length)}`);
  let lowest = 1;
  for (const [intent, tally] of [...byIntent].sort(([a], [b]) => a.localeCompare(b))) {
    lowest = Math.min(lowest, tally.passed / tally.total);
    console.log(
      `  ${intent.padEnd(20)} ${String(tally.passed).padStart(3)}/${String(tally.total).padEnd(3)} ${percent(tally.passed, tally.total)}`,
    );
  }
  const met = passed / outcomes.length >= TARGET.overall && lowest >= TARGET.perIntent;
  allMet &&= met;
  console.log(`  target (≥ 95% overall, every intent ≥ 85%): ${met ? 'met' : 'NOT met'}\n`);
}
if (args.strict && !allMet) process.exit(1);
