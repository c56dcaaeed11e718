import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertAppointment } from '../../../test/factories.ts';
import { chats, contacts, conversations, messages } from '../../db/schema.ts';
import { addDays, zonedDate, zonedTimeToUtc } from '../../lib/time-zone.ts';
import { createInsightsRepository, type Range } from './insights.repository.ts';
import { binOf, binStart, spreadOfBins } from './reply-time-bins.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const now = new Date('2026-11-26T12:00:00Z');

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
});
afterAll(() => t.close());

type Sender = 'customer' | 'assistant' | 'staff';
type Step = [at: number, sender: Sender | 'handover', text?: string];

let phones = 0;
/** A chat and its history as the chats service writes it: messages, and a handover making it wait. */
async function chatWith(steps: Step[], channel: 'whatsapp' | 'simulator' = 'whatsapp') {
  phones++;
  const [contact] = await t.db
    .insert(contacts)
    .values({ name: `Rollup ${phones}`, prefix: '34', phone: `62000${String(phones).padStart(4, '0')}` })
    .returning();
  const [chat] = await t.db.insert(chats).values({ contactId: contact!.id, channel }).returning();
  for (const [at, sender, text] of steps) {
    if (sender === 'handover') {
      await t.db
        .update(chats)
        .set({ waitingSince: new Date(at), handoffReason: (text as 'person' | undefined) ?? null })
        .where(eq(chats.id, chat!.id));
      continue;
    }
    await t.db.insert(messages).values({
      chatId: chat!.id,
      text: text ?? (sender === 'customer' ? 'hola, tenéis hueco?' : 'Sí, a las 10:00'),
      sender,
      status: 'delivered',
      createdAt: new Date(at),
    });
  }
  return chat!.id;
}

/** A small deterministic random source, so a failure replays the same history. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const localDays = (zone: string, from: string, to: string): Range => ({
  from: zonedTimeToUtc(from, '00:00', zone),
  to: zonedTimeToUtc(addDays(to, 1), '00:00', zone),
});

/** The kept counts and the same recomputed from the rows, per figure, bucket and dimension. */
async function keptAndRecomputed() {
  const read = async (source: string) =>
    (
      await t.db.execute(
        sql.raw(`select figure, bucket::text, key, detail, sum(count)::int as count, sum(amount)::bigint::text as amount
                   from ${source} group by 1, 2, 3, 4 having sum(count) <> 0 or sum(amount) <> 0 order by 1, 2, 3, 4`),
      )
    ).rows;
  return {
    kept: await read('insights_counts'),
    recomputed: await read(`insights_counts_of('-infinity', 'infinity')`),
  };
}

describe('conversations counted per quarter hour', () => {
  const at = (ms: number) => now.getTime() + ms;
  // Madrid's midnight of 21 November is 23:00 UTC on the 20th.
  const madridMidnight = zonedTimeToUtc('2026-11-21', '00:00', 'Europe/Madrid').getTime();

  beforeAll(async () => {
    const next = random(25);
    // A month of chats, several a day, with every kind of history: answered fast and slow,
    // thanked, reopened, handed over (with and without a reason, answered by a person or not).
    for (let index = 0; index < 60; index++) {
      let when = at(-30 * 24 * HOUR + index * 12 * HOUR + next() * 6 * HOUR);
      const steps: Step[] = [[when, 'customer']];
      for (let i = 0; i < 8 && when < now.getTime(); i++) {
        when += [4 * SECOND, 37 * SECOND, 5 * MINUTE, 45 * MINUTE, 2 * HOUR, 30 * HOUR][
          Math.floor(next() * 6)
        ]!;
        const roll = next();
        if (roll > 0.9) {
          steps.push([
            when,
            'handover',
            (['person', 'complaint', 'policy', 'model_error', undefined] as const)[i % 5],
          ]);
          if (next() < 0.6) steps.push([when + (1 + next() * 90) * MINUTE, 'staff']);
          continue;
        }
        const sender: Sender = roll < 0.45 ? 'customer' : roll < 0.8 ? 'assistant' : 'staff';
        steps.push([when, sender, sender === 'customer' && next() < 0.2 ? 'Gracias!' : undefined]);
      }
      await chatWith(steps);
    }
    // Across Madrid's midnight: one a minute before (the 20th there), one a minute after (the 21st).
    await chatWith([
      [madridMidnight - MINUTE, 'customer'],
      [madridMidnight - MINUTE + 6 * SECOND, 'assistant'],
    ]);
    await chatWith([
      [madridMidnight + MINUTE, 'customer'],
      [madridMidnight + MINUTE + 9 * SECOND, 'assistant'],
    ]);
    // Reopened: the customer came back 61 minutes after the answer.
    await chatWith([
      [at(-3 * 24 * HOUR), 'customer'],
      [at(-3 * 24 * HOUR + 3 * SECOND), 'assistant'],
      [at(-3 * 24 * HOUR + 64 * MINUTE), 'customer'],
      [at(-3 * 24 * HOUR + 65 * MINUTE), 'assistant'],
    ]);
    // Still open, each differently: the last word 10 minutes old (in progress), 20 minutes old
    // (unanswered), answered 2 hours ago (in progress), thanked (resolved), reopened and answered.
    await chatWith([[at(-10 * MINUTE), 'customer']]);
    await chatWith([[at(-20 * MINUTE), 'customer']]);
    await chatWith([
      [at(-2 * HOUR), 'customer'],
      [at(-2 * HOUR + 5 * SECOND), 'assistant'],
    ]);
    await chatWith([
      [at(-3 * HOUR), 'customer'],
      [at(-3 * HOUR + 5 * SECOND), 'assistant'],
      [at(-2 * HOUR), 'customer', 'perfecto, gracias'],
      [at(-2 * HOUR + 4 * SECOND), 'assistant'],
    ]);
    await chatWith([
      [at(-5 * HOUR), 'customer'],
      [at(-5 * HOUR + 5 * SECOND), 'assistant'],
      [at(-3 * HOUR), 'customer'],
      [at(-3 * HOUR + 5 * SECOND), 'assistant'],
    ]);
    // Open and booked from its link: resolved now.
    const booked = await chatWith([
      [at(-4 * HOUR), 'customer'],
      [at(-4 * HOUR + 2 * SECOND), 'assistant'],
    ]);
    const [conversation] = await t.db.select().from(conversations).where(eq(conversations.chatId, booked));
    await insertAppointment(t.db, { createdAt: new Date(at(-3 * HOUR)), conversationId: conversation!.id });
    // Spanning a period's start: opened the evening before the 20th (Madrid) and still going after it.
    const spanStart = zonedTimeToUtc('2026-11-20', '00:00', 'Europe/Madrid').getTime();
    await chatWith([
      [spanStart - 30 * MINUTE, 'customer'],
      [spanStart - 29 * MINUTE, 'assistant'],
      [spanStart + 3 * HOUR, 'customer'],
      [spanStart + 3 * HOUR + 40 * SECOND, 'staff'],
    ]);
    // Staff trying the assistant in the simulator: never counted.
    await chatWith(
      [
        [at(-2 * 24 * HOUR), 'customer'],
        [at(-2 * 24 * HOUR + SECOND), 'assistant'],
      ],
      'simulator',
    );
  });

  it('keeps the same counts as recomputing them from the conversations', async () => {
    const { kept, recomputed } = await keptAndRecomputed();
    expect(kept.some((row) => String(row.figure).startsWith('reply_'))).toBe(true);
    expect(kept).toEqual(recomputed);
  });

  it("gives every count the rows give, per local day too, in Madrid's and Kolkata's days", async () => {
    const repository = createInsightsRepository(t.db);
    const today = zonedDate(now, 'Europe/Madrid');
    const periods: Array<[Range, string | undefined]> = [
      [localDays('Europe/Madrid', addDays(today, -29), today), 'Europe/Madrid'],
      [localDays('Europe/Madrid', '2026-11-20', '2026-11-21'), 'Europe/Madrid'],
      [localDays('Europe/Madrid', addDays(today, -6), today), undefined],
      [localDays('Asia/Kolkata', '2026-11-10', '2026-11-26'), 'Asia/Kolkata'],
      [localDays('Asia/Kathmandu', '2026-11-01', '2026-11-26'), 'Asia/Kathmandu'],
    ];
    for (const [range, zone] of periods) {
      const rows = await repository.conversationsFromRows(range, now, zone);
      // Up to its limit the reply times are exact: everything equals the rows' figures.
      expect(await repository.conversations(range, now, zone)).toEqual(rows);
      // From the bins: the counts exactly, the median and 90th percentile within the bins' bound.
      const binned = await repository.conversations(range, now, zone, 0);
      const { firstReplyAssistant, firstReplyStaff, waitingForPerson, ...counts } = binned;
      const {
        firstReplyAssistant: assistant,
        firstReplyStaff: staff,
        waitingForPerson: waiting,
        ...rowCounts
      } = rows;
      expect(counts).toEqual(rowCounts);
      for (const [estimate, exact] of [
        [firstReplyAssistant, assistant],
        [firstReplyStaff, staff],
        [waitingForPerson, waiting],
      ] as const) {
        expect(estimate.count).toBe(exact.count);
        for (const key of ['median', 'p90'] as const) {
          if (exact[key] === null) expect(estimate[key]).toBeNull();
          // Off by less than 1 s + 5% (decision 025); the bins' sums are whole milliseconds.
          else expect(Math.abs(estimate[key]! - exact[key]!)).toBeLessThan(1 + 0.05 * exact[key]! + 0.001);
        }
      }
    }
    // The history reaches every outcome, so no figure passes as a zero.
    const month = await repository.conversationsFromRows(periods[0]![0], now, 'Europe/Madrid');
    expect(month).toMatchObject({
      resolved: expect.any(Number),
      handedOver: expect.any(Number),
    });
    for (const figure of [
      month.resolved,
      month.handedOver,
      month.handledByStaff,
      month.unanswered,
      month.inProgress,
      month.reopened,
      month.handedOverBy.not_understood,
      month.waitingForPerson.count,
    ])
      expect(figure).toBeGreaterThan(0);
    // The two chats a minute either side of Madrid's midnight fall on two days.
    const days = (await repository.conversations(periods[1]![0], now, 'Europe/Madrid')).days;
    expect(days.get('2026-11-20')?.total).toBeGreaterThan(0);
    expect(days.get('2026-11-21')?.total).toBeGreaterThan(0);
  });

  it('moves the counts as a conversation changes, and takes them off when its chat is deleted', async () => {
    const chatId = await chatWith([[at(-50 * MINUTE), 'customer']]);
    await chatWith([]);
    const steps: Array<() => Promise<unknown>> = [
      () =>
        t.db.insert(messages).values({
          chatId,
          text: 'Hola',
          sender: 'assistant',
          status: 'delivered',
          createdAt: new Date(at(-49 * MINUTE)),
        }),
      () =>
        t.db
          .update(chats)
          .set({ waitingSince: new Date(at(-40 * MINUTE)), handoffReason: 'complaint' })
          .where(eq(chats.id, chatId)),
      () =>
        t.db.insert(messages).values({
          chatId,
          text: 'Soy Laura',
          sender: 'staff',
          status: 'delivered',
          createdAt: new Date(at(-30 * MINUTE)),
        }),
      () => t.db.delete(chats).where(eq(chats.id, chatId)),
    ];
    for (const step of steps) {
      await step();
      const { kept, recomputed } = await keptAndRecomputed();
      expect(kept).toEqual(recomputed);
    }
  });

  it("puts a reply time in the bin the database's insights_reply_bin does", async () => {
    const values = [-2.5, 0, 0.999, 1, 59.999, 60, 60.5, 62.99, 63.01, 600, 3599, 3600, 86_400, 1_000_000];
    const result = await t.db.execute(
      sql.raw(
        `select v::float8 as v, insights_reply_bin(v) as bin from unnest(array[${values.join(',')}]::float8[]) v`,
      ),
    );
    for (const row of result.rows as Array<{ v: number; bin: number }>)
      expect(row.bin).toBe(binOf(Number(row.v)));
  });
});

describe('the median and 90th percentile from bins', () => {
  const exact = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    const rank = p * (sorted.length - 1);
    const low = Math.floor(rank);
    return sorted[low]! + (sorted[Math.ceil(rank)]! - sorted[low]!) * (rank - low);
  };
  const binsOf = (values: number[]) => {
    const bins = new Map<number, { bin: number; count: number; milliseconds: number }>();
    for (const value of values) {
      const bin = binOf(value);
      const entry = bins.get(bin) ?? { bin, count: 0, milliseconds: 0 };
      entry.count++;
      entry.milliseconds += Math.round(value * 1000);
      bins.set(bin, entry);
    }
    return [...bins.values()];
  };

  it('is within 1 s + 5% of the exact figure, whatever the spread', () => {
    const next = random(3);
    for (let round = 0; round < 200; round++) {
      const size = 1 + Math.floor(next() * 300);
      const scale = [5, 120, 3600, 86_400][round % 4]!;
      const values = Array.from({ length: size }, () => next() ** 3 * scale);
      const spread = spreadOfBins(binsOf(values));
      expect(spread.count).toBe(size);
      for (const [p, estimate] of [
        [0.5, spread.median],
        [0.9, spread.p90],
      ] as const) {
        const truth = exact(values, p);
        expect(Math.abs(estimate! - truth)).toBeLessThan(1 + 0.05 * truth + 0.001);
      }
    }
  });

  it('is exact when each bin holds equal values, and null when nothing was measured', () => {
    const values = [4, 4, 4, 7, 7, 420, 420, 420, 3600];
    const spread = spreadOfBins(binsOf(values));
    expect(spread).toEqual({ count: 9, median: exact(values, 0.5), p90: exact(values, 0.9) });
    expect(spreadOfBins([])).toEqual({ count: 0, median: null, p90: null });
  });

  it('starts each bin where the one before ends: 1 s wide under a minute, 5% above', () => {
    expect(binStart(binOf(42.5))).toBe(42);
    for (const seconds of [61, 600, 7200, 86_400]) {
      const bin = binOf(seconds);
      expect(binStart(bin)).toBeLessThanOrEqual(seconds);
      expect(binStart(bin + 1)).toBeGreaterThan(seconds);
      expect(binStart(bin + 1) / binStart(bin)).toBeCloseTo(1.05, 10);
    }
  });
});
