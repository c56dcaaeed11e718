import { HANDOFF_REASONS, type HandoffReason } from '@chatdesk/contract/insights';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { spreadOfBins } from './reply-time-bins.ts';

/** A period in instants [from, to), with its local dates for the daily series. */
export type Range = { from: Date; to: Date };

type Row = Record<string, unknown>;

const int = (value: unknown) => Number(value ?? 0);
const seconds = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** A conversation's outcome, in the order it is decided (the contract's definitions). */
const outcome = (now: Date) => sql`case
  when c.handed_over_at is not null then 'handed_over'
  when c.first_staff_reply_at is not null then 'staff'
  when c.last_reply_at is null or c.last_reply_at < c.last_customer_at then
    case when c.last_customer_at <= ${now}::timestamptz - interval '15 minutes' then 'unanswered' else 'in_progress' end
  when c.reopened then 'reopened'
  when c.thanked or c.booked or c.last_message_at <= ${now}::timestamptz - interval '24 hours' then 'resolved'
  else 'in_progress'
end`;

/**
 * The conversations of a period (opened in it), customers' only: the simulator's are staff trying
 * the assistant. `booked`: a booking came from the link the assistant sent in it.
 */
const periodConversations = (range: Range) => sql`
  select c.*, b.conversation_id is not null as booked
    from conversations c
    -- A booking from a conversation is made after it opened: the period's bookings from chats, once.
    left join (select distinct conversation_id from appointments
                where conversation_id is not null and created_at >= ${range.from}) b on b.conversation_id = c.id
   where c.started_at >= ${range.from} and c.started_at < ${range.to} and c.channel <> 'simulator'`;

/**
 * The period's conversations with their outcome, worked out once per row: inlined into each count,
 * the outcome's lookup of a booking repeated a dozen times per row, and the plan's cost crossed
 * PostgreSQL's JIT threshold (0.4 s of compiling for 10 ms of reading).
 */
const withOutcomes = (range: Range, now: Date) => sql`
  c as (${periodConversations(range)}),
  o as materialized (select c.*, ${outcome(now)} as outcome from c c)`;

const QUARTER_HOUR = 15 * 60_000;
const DAY = 86_400_000;
/** Whether a period starts and ends on quarter hours (UTC), as every time zone's days do now. */
const onQuarterHours = (range: Range) =>
  range.from.getTime() % QUARTER_HOUR === 0 && range.to.getTime() % QUARTER_HOUR === 0;

/**
 * A period's counts, of the figures in `insights_counts` (migration 0037): the sum of its quarter
 * hours, kept by triggers; for a period that does not start and end on quarter hours, the same
 * figures recomputed from the rows by the database function the triggers keep them by.
 */
const countsOf = (range: Range) =>
  onQuarterHours(range)
    ? sql`(select figure, key, detail, count, amount from insights_counts
            where bucket >= ${range.from} and bucket < ${range.to})`
    : sql`(select figure, key, detail, count, amount from insights_counts_of(${range.from}, ${range.to}))`;

/**
 * A period's rows of figures counted per quarter hour and per UTC day (`<figure>_day`, migrations
 * 0045 and 0049), each under its own name: whole UTC days from the day rows, the edges of the
 * period (its ends are local midnights, on quarter hours) from the quarter hours.
 */
const quartersAndDays = (range: Range, figures: string[]) => {
  const firstDay = new Date(Math.ceil(range.from.getTime() / DAY) * DAY);
  const lastDay = new Date(Math.floor(range.to.getTime() / DAY) * DAY);
  const quarters = (from: Date, to: Date) => sql`
    select figure, key, detail, count, amount from insights_counts
     where figure in (${sql.join(
       figures.map((f) => sql`${f}`),
       sql`, `,
     )}) and bucket >= ${from} and bucket < ${to}`;
  if (firstDay >= lastDay) return sql`(${quarters(range.from, range.to)})`;
  return sql`(${quarters(range.from, firstDay)}
    union all ${quarters(lastDay, range.to)}
    union all
    select left(figure, -4), key, detail, count, amount from insights_counts
     where figure in (${sql.join(
       figures.map((f) => sql`${`${f}_day`}`),
       sql`, `,
     )}) and bucket >= ${firstDay} and bucket < ${lastDay})`;
};

/** The reply times' counts, medians and 90th percentiles (percentile_cont) over conversation rows. */
const replyTimes = sql`
  count(first_assistant_reply_at) as assistant_count,
  percentile_cont(0.5) within group (order by extract(epoch from first_assistant_reply_at - started_at)) as assistant_median,
  percentile_cont(0.9) within group (order by extract(epoch from first_assistant_reply_at - started_at)) as assistant_p90,
  count(first_staff_reply_at) as staff_count,
  percentile_cont(0.5) within group (order by extract(epoch from first_staff_reply_at - started_at)) as staff_median,
  percentile_cont(0.9) within group (order by extract(epoch from first_staff_reply_at - started_at)) as staff_p90,
  count(*) filter (where first_staff_reply_at >= handed_over_at) as waiting_count,
  percentile_cont(0.5) within group (order by extract(epoch from first_staff_reply_at - handed_over_at))
    filter (where first_staff_reply_at >= handed_over_at) as waiting_median,
  percentile_cont(0.9) within group (order by extract(epoch from first_staff_reply_at - handed_over_at))
    filter (where first_staff_reply_at >= handed_over_at) as waiting_p90`;

/** The three reply-time figures of a row read with `replyTimes`. */
function spreadsOf(row: Row) {
  const spread = (prefix: string) => ({
    count: int(row[`${prefix}_count`]),
    median: seconds(row[`${prefix}_median`]),
    p90: seconds(row[`${prefix}_p90`]),
  });
  return {
    firstReplyAssistant: spread('assistant'),
    firstReplyStaff: spread('staff'),
    waitingForPerson: spread('waiting'),
  };
}

/**
 * Up to this many conversations in a period, reply times are read exactly from its rows (a few
 * milliseconds); above, from their bins. A small business always sees exact figures.
 */
export const EXACT_REPLY_TIMES_UP_TO = 2_000;

/** Conversations counted by outcome (and a handover's reason), as the rollup's rows add up. */
function tally() {
  const outcomes = new Map<string, number>();
  const reasons = new Map<string, number>();
  const of = (outcome: string) => outcomes.get(outcome) ?? 0;
  const counted = {
    reopened: 0,
    add(outcome: string, reason: string, count: number) {
      outcomes.set(outcome, of(outcome) + count);
      // No reason given is counted as not understood, as the rows' read does.
      if (outcome === 'handed_over') {
        const key = reason === '' ? 'not_understood' : reason;
        reasons.set(key, (reasons.get(key) ?? 0) + count);
      }
    },
    of,
    total: () => [...outcomes.values()].reduce((n, count) => n + count, 0),
    figures: () => ({
      total: counted.total(),
      resolved: of('resolved'),
      handedOver: of('handed_over'),
      handedOverBy: Object.fromEntries(HANDOFF_REASONS.map((r) => [r, reasons.get(r) ?? 0])) as Record<
        HandoffReason,
        number
      >,
      handledByStaff: of('staff'),
      unanswered: of('unanswered'),
      inProgress: of('in_progress'),
      reopened: counted.reopened,
    }),
  };
  return counted;
}
type Tally = ReturnType<typeof tally>;

/** Currencies in the order SQL's `order by` gives them: codes by their characters, none last. */
const byCurrency = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;

/** The professionals' table's rows: id, name, bookings, cancellations, attended, no_shows. */
const professionalsOf = (rows: Row[]) =>
  rows.map((r) => {
    const attended = int(r.attended);
    const noShows = int(r.no_shows);
    return {
      id: r.id === null ? null : String(r.id),
      name: String(r.name),
      bookings: int(r.bookings),
      cancellations: int(r.cancellations),
      attended,
      noShows,
      noShowRate: attended + noShows > 0 ? noShows / (attended + noShows) : null,
    };
  });

/** The services' table's rows: id, name, currency, bookings, value. */
const servicesOf = (rows: Row[]) =>
  rows.map((r) => ({
    id: r.id === null ? null : String(r.id),
    name: String(r.name),
    bookings: int(r.bookings),
    value: int(r.value),
    currency: String(r.currency),
  }));

/**
 * The reads behind Insights: conversations from their quarter-hour counts (migration 0045) over
 * their rollup (kept by triggers, migration 0026), bookings, cancellations, moves, reminders and
 * money from their quarter-hour counts (migration 0037), the professionals' and services' tables
 * from theirs (migration 0049); the exports by the rows' own time indexes.
 */
export function createInsightsRepository(db: Db) {
  async function one(query: ReturnType<typeof sql>): Promise<Row> {
    const result = await db.execute(query);
    return (result.rows[0] ?? {}) as Row;
  }
  async function all(query: ReturnType<typeof sql>): Promise<Row[]> {
    return (await db.execute(query)).rows as Row[];
  }

  /**
   * The period's conversation figures from the rows (and, with a time zone, the same counts per
   * local date), in one statement (grouping sets: the whole period, and each day): what the
   * rollup's figures equal, and the read for a period whose ends are not on quarter hours.
   */
  async function conversationsFromRows(range: Range, now: Date, timeZone?: string) {
    const rows = await all(sql`
      with ${withOutcomes(range, now)}
      select ${timeZone ? sql`(started_at at time zone ${timeZone})::date::text` : sql`null::text`} as day,
             count(*) as total,
             count(*) filter (where outcome = 'resolved') as resolved,
             count(*) filter (where outcome = 'handed_over') as handed_over,
             count(*) filter (where outcome = 'handed_over' and handoff_reason = 'person') as by_person,
             count(*) filter (where outcome = 'handed_over' and handoff_reason = 'complaint') as by_complaint,
             count(*) filter (where outcome = 'handed_over' and (handoff_reason = 'not_understood' or handoff_reason is null)) as by_not_understood,
             count(*) filter (where outcome = 'handed_over' and handoff_reason = 'model_error') as by_model_error,
             count(*) filter (where outcome = 'handed_over' and handoff_reason = 'policy') as by_policy,
             count(*) filter (where outcome = 'staff') as handled_by_staff,
             count(*) filter (where outcome = 'unanswered') as unanswered,
             count(*) filter (where outcome = 'in_progress') as in_progress,
             count(*) filter (where reopened) as reopened,
             ${replyTimes}
        from o group by grouping sets ((), (1))`);
    const row = rows.find((r) => r.day === null) ?? {};
    const days = new Map(
      rows
        .filter((r) => r.day !== null)
        .map((r) => [
          String(r.day),
          { total: int(r.total), resolved: int(r.resolved), handedOver: int(r.handed_over) },
        ]),
    );
    return {
      total: int(row.total),
      resolved: int(row.resolved),
      handedOver: int(row.handed_over),
      handedOverBy: {
        person: int(row.by_person),
        complaint: int(row.by_complaint),
        not_understood: int(row.by_not_understood),
        model_error: int(row.by_model_error),
        policy: int(row.by_policy),
      },
      handledByStaff: int(row.handled_by_staff),
      unanswered: int(row.unanswered),
      inProgress: int(row.in_progress),
      reopened: int(row.reopened),
      ...spreadsOf(row),
      days,
    };
  }

  /**
   * The period's conversation counts from the quarter hours (migration 0045), per local date with
   * a time zone: each conversation counted with the outcome it will have once over, then those
   * still in progress (no person involved, and the customer's last word unanswered for less than
   * 15 minutes, or answered less than 24 hours ago and not thanked or booked from) read from the
   * rows and moved there. Null when a local midnight of the period is not on a quarter hour (only
   * historical offsets): the rows are read instead.
   */
  async function conversationCounts(range: Range, now: Date, timeZone?: string) {
    const day = (at: SQL) => (timeZone ? sql`(${at} at time zone ${timeZone})::date::text` : sql`null::text`);
    const [counts, open] = await Promise.all([
      // Per local date: the period's local midnights worked out once (not for each row), and each
      // quarter hour given the date of the last midnight at or before it. A midnight that is not
      // on a quarter hour (only historical offsets) would split one: the rows are read instead.
      all(
        timeZone
          ? sql`
        with days as (
          select d::date::text as day, d::timestamp at time zone ${timeZone} as starts
            from generate_series((${range.from}::timestamptz at time zone ${timeZone})::date,
                                 ((${range.to}::timestamptz - interval '1 microsecond') at time zone ${timeZone})::date,
                                 interval '1 day') d
        ), midnights as (
          select array_agg(starts order by starts) as starts, array_agg(day order by starts) as days,
                 bool_or(extract(epoch from starts)::bigint % 900 <> 0) as straddles
            from days
        )
        select m.days[g.day] as day, g.figure, g.key, g.detail, g.count, m.straddles
          from (select width_bucket(c.bucket, m.starts) as day, c.figure, c.key, c.detail, sum(c.count) as count
                  from insights_counts c, midnights m
                 where c.figure in ('conversation', 'conversation_reopened')
                   and c.bucket >= ${range.from} and c.bucket < ${range.to}
                 group by 1, 2, 3, 4) g, midnights m`
          : sql`
        select null::text as day, figure, key, detail, sum(count) as count, false as straddles
          from insights_counts
         where figure in ('conversation', 'conversation_reopened') and bucket >= ${range.from} and bucket < ${range.to}
         group by 2, 3, 4`,
      ),
      // Those in progress now, by the outcome they are counted with, on the two partial indexes of
      // migration 0046: a customer's word unanswered for less than 15 minutes (counted unanswered),
      // and answered but not yet thanked, booked from or quiet for 24 hours (counted resolved).
      all(sql`
        select ${day(sql`c.started_at`)} as day, 'unanswered' as settled, count(*) as count
          from conversations c
         where c.handed_over_at is null and c.first_staff_reply_at is null
           and (c.last_reply_at is null or c.last_reply_at < c.last_customer_at)
           and c.last_customer_at > ${now}::timestamptz - interval '15 minutes'
           and c.started_at >= ${range.from} and c.started_at < ${range.to} and c.channel <> 'simulator'
         group by 1
        union all
        select ${day(sql`c.started_at`)}, 'resolved', count(*)
          from conversations c
         where c.handed_over_at is null and c.first_staff_reply_at is null
           and c.last_reply_at >= c.last_customer_at and not c.reopened and not c.thanked
           and c.last_message_at > ${now}::timestamptz - interval '24 hours'
           and c.started_at >= ${range.from} and c.started_at < ${range.to} and c.channel <> 'simulator'
           and not exists (select 1 from appointments a where a.conversation_id = c.id and a.created_at >= ${range.from})
         group by 1`),
    ]);
    if (counts.some((row) => row.straddles)) return null;
    const period = tally();
    const days = new Map<string, Tally>();
    const add = (dayOf: unknown, outcome: string, reason: string, count: number) => {
      period.add(outcome, reason, count);
      if (dayOf === null) return;
      const key = String(dayOf);
      if (!days.has(key)) days.set(key, tally());
      days.get(key)!.add(outcome, reason, count);
    };
    for (const row of counts) {
      if (row.figure === 'conversation_reopened') period.reopened += int(row.count);
      else add(row.day, String(row.key), String(row.detail), int(row.count));
    }
    for (const row of open) {
      add(row.day, String(row.settled), '', -int(row.count));
      add(row.day, 'in_progress', '', int(row.count));
    }
    return { period, days };
  }

  /**
   * The period's reply times from their bins (decision 025): whole UTC days from the day rows, the
   * edges of the period (its ends are local midnights) from the quarter hours.
   */
  async function replyBins(range: Range) {
    const rows = await all(sql`
      select figure, key, sum(count) as count, sum(amount) as amount
        from ${quartersAndDays(range, ['reply_assistant', 'reply_staff', 'reply_waiting'])} b
       group by 1, 2`);
    const of = (figure: string) =>
      spreadOfBins(
        rows
          .filter((row) => row.figure === figure)
          .map((row) => ({ bin: int(row.key), count: int(row.count), milliseconds: int(row.amount) })),
      );
    return {
      firstReplyAssistant: of('reply_assistant'),
      firstReplyStaff: of('reply_staff'),
      waitingForPerson: of('reply_waiting'),
    };
  }

  /** The period's reply times exactly, from its conversations' rows. */
  async function exactReplyTimes(range: Range) {
    return spreadsOf(
      await one(sql`
        select ${replyTimes} from conversations
         where started_at >= ${range.from} and started_at < ${range.to} and channel <> 'simulator'`),
    );
  }

  /** The professionals' table from the rows: what its counts (migration 0049) equal. */
  async function professionalsFromRows(range: Range) {
    return professionalsOf(
      await all(sql`
        with booked as (
          select employee_id, employee_name, count(*) as bookings from appointments
           where created_at >= ${range.from} and created_at < ${range.to} group by 1, 2
        ), cancelled as (
          select a.employee_id, a.employee_name, count(*) as cancellations
            from appointment_events e join appointments a on a.id = e.appointment_id
           where e.kind = 'cancelled' and e.created_at >= ${range.from} and e.created_at < ${range.to} group by 1, 2
        ), kept as (
          select employee_id, employee_name,
                 count(*) filter (where status = 'completed') as attended,
                 count(*) filter (where status = 'no-show') as no_shows
            from appointments where starts_at >= ${range.from} and starts_at < ${range.to} group by 1, 2
        )
        select coalesce(b.employee_id, c.employee_id, k.employee_id)::text as id,
               coalesce(b.employee_name, c.employee_name, k.employee_name) as name,
               coalesce(b.bookings, 0) as bookings, coalesce(c.cancellations, 0) as cancellations,
               coalesce(k.attended, 0) as attended, coalesce(k.no_shows, 0) as no_shows
          from booked b
          full join cancelled c on c.employee_id is not distinct from b.employee_id and c.employee_name = b.employee_name
          full join kept k on k.employee_id is not distinct from coalesce(b.employee_id, c.employee_id)
                          and k.employee_name = coalesce(b.employee_name, c.employee_name)
         order by 3 desc, 2, 1`),
    );
  }

  /** The services' table from the rows: what its counts (migration 0049) equal. */
  async function servicesFromRows(range: Range) {
    return servicesOf(
      await all(sql`
        select service_id::text as id, service_name as name, price_currency as currency,
               count(*) as bookings, sum(price_amount) as value
          from appointments where created_at >= ${range.from} and created_at < ${range.to}
         group by 1, 2, 3 order by 4 desc, 2, 3, 1`),
    );
  }

  async function bookingsAndAssistant(range: Range) {
    const counts = await all(sql`
      select figure, key, detail, sum(count) as count, sum(amount) as amount from ${countsOf(range)} c
       where figure in ('booked', 'started', 'cancelled', 'rescheduled', 'reminded', 'paid', 'refunded')
       group by 1, 2, 3`);
    const sum = (
      figure: string,
      where: (row: Row) => boolean = () => true,
      of: 'count' | 'amount' = 'count',
    ) => counts.filter((row) => row.figure === figure && where(row)).reduce((n, row) => n + int(row[of]), 0);
    const key = (value: string) => (row: Row) => row.key === value;
    const detail = (value: string) => (row: Row) => row.detail === value;
    const followed = (value: string) => (row: Row) => String(row.detail).split(' ').includes(value);
    const attended = sum('started', key('completed'));
    const noShows = sum('started', key('no-show'));
    // Revenue by when it was paid and refunds by when they were made, per currency (a currency
    // appears when anything was paid or refunded in it; a refund without one has none). Refunds are
    // an appointment's and a pack's alike (migration 0051): a pack's sale is a payment in revenue,
    // so its refund must come off too. In the period the money went back, not the sale's: a period
    // already reported keeps its figures, and the period's net is the money that stayed in it.
    const currencyOf = (row: Row) => (row.figure === 'paid' ? String(row.key) : String(row.detail) || null);
    const moneyRows = counts.filter((row) => row.figure === 'paid' || row.figure === 'refunded');
    const currencies = [...new Set(moneyRows.map(currencyOf))]
      .filter((currency) => moneyRows.some((row) => currencyOf(row) === currency && int(row.count) !== 0))
      .sort(byCurrency);
    const inCurrency = (currency: string | null) => (row: Row) => currencyOf(row) === currency;
    const assistantRefunds = counts.filter((row) => row.figure === 'refunded' && row.key === 'assistant');
    return {
      bookings: {
        total: sum('booked'),
        byChannel: {
          page: sum('booked', key('page')),
          chat: sum('booked', key('chat')),
          staff: sum('booked', key('staff')),
        },
        cancellations: {
          total: sum('cancelled'),
          byCustomer: sum('cancelled', key('customer')),
          byStaff: sum('cancelled', key('staff')),
          byAssistant: sum('cancelled', key('assistant')),
          bySystem: sum('cancelled', key('system')),
          under24h: sum('cancelled', detail('under_24h')),
          under7d: sum('cancelled', detail('under_7d')),
          earlier: sum('cancelled', detail('earlier')),
        },
        reschedules: sum('rescheduled'),
        attended,
        noShows,
        noShowRate: attended + noShows > 0 ? noShows / (attended + noShows) : null,
        reminders: {
          sent: sum('reminded'),
          thenCancelled: sum('reminded', followed('cancelled')),
          thenMoved: sum('reminded', followed('moved')),
          thenAttended: sum('reminded', key('completed')),
          thenNoShow: sum('reminded', key('no-show')),
        },
        money: currencies.map((currency) => {
          const revenue = sum('paid', inCurrency(currency), 'amount');
          const refunds = sum('refunded', inCurrency(currency), 'amount');
          return { currency: String(currency), revenue, refunds, net: revenue - refunds };
        }),
      },
      assistant: {
        bookingsFromChat: sum('booked', key('chat')),
        cancelled: sum('cancelled', key('assistant')),
        moved: sum('rescheduled', key('assistant')),
        refunded: [...new Set(assistantRefunds.map(currencyOf))]
          .filter((currency) =>
            assistantRefunds.some((row) => currencyOf(row) === currency && int(row.count) !== 0),
          )
          .sort(byCurrency)
          .map((currency) => ({
            currency: String(currency),
            amount: assistantRefunds.filter(inCurrency(currency)).reduce((n, row) => n + int(row.amount), 0),
          })),
      },
    };
  }

  return {
    conversationsFromRows,

    /**
     * The period's conversation figures and, with a time zone, the same counts per local date: the
     * counts from their quarter hours, the reply times exactly from the rows up to `exactUpTo`
     * conversations in the period and from their bins above (decision 025). A period whose ends
     * are not on quarter hours is read from the rows.
     */
    async conversations(range: Range, now: Date, timeZone?: string, exactUpTo = EXACT_REPLY_TIMES_UP_TO) {
      if (!onQuarterHours(range)) return conversationsFromRows(range, now, timeZone);
      const [counts, bins] = await Promise.all([conversationCounts(range, now, timeZone), replyBins(range)]);
      if (!counts) return conversationsFromRows(range, now, timeZone);
      const { period, days } = counts;
      const spreads = period.total() > exactUpTo ? bins : await exactReplyTimes(range);
      return {
        ...period.figures(),
        ...spreads,
        days: new Map(
          [...days]
            .filter(([, t]) => t.total() !== 0)
            .map(([date, t]) => [
              date,
              { total: t.total(), resolved: t.of('resolved'), handedOver: t.of('handed_over') },
            ]),
        ),
      };
    },

    /**
     * Bookings made per local date: the quarter hours' counts grouped by the local date each
     * starts on. A quarter hour that would straddle a local midnight (a zone whose offset was not
     * whole quarter hours, only in history) sends the read to the rows.
     */
    async dailyBookings(range: Range, timeZone: string) {
      if (onQuarterHours(range)) {
        const rows = await all(sql`
          select (bucket at time zone ${timeZone})::date::text as day, sum(count) as total,
                 bool_or((bucket at time zone ${timeZone})::date
                         <> ((bucket + interval '15 minutes' - interval '1 microsecond') at time zone ${timeZone})::date) as straddles
            from insights_counts
           where figure = 'booked' and bucket >= ${range.from} and bucket < ${range.to}
           group by 1`);
        if (!rows.some((row) => row.straddles))
          return new Map(
            rows.filter((row) => int(row.total) !== 0).map((row) => [String(row.day), int(row.total)]),
          );
      }
      const rows = await all(sql`
        select (created_at at time zone ${timeZone})::date::text as day, count(*) as total
          from appointments where created_at >= ${range.from} and created_at < ${range.to} group by 1`);
      return new Map(rows.map((row) => [String(row.day), int(row.total)]));
    },

    /**
     * The period's bookings, money and what the assistant did, in one read of its counts (they were
     * four statements, each waiting its turn beside the report's others on a busy database).
     */
    bookingsAndAssistant,

    async bookings(range: Range) {
      return (await bookingsAndAssistant(range)).bookings;
    },

    /**
     * Pack money by when it moved, from the packs' ledger: sales (their price) and refunds (stored
     * negative), per currency. A pack's sale is also a payment, so it is inside the period's revenue
     * too; this is the part of it packs brought.
     */
    async packMoney(range: Range) {
      const rows = await all(sql`
        select currency,
               coalesce(sum(amount) filter (where kind = 'sale'), 0) as sales,
               coalesce(-sum(amount) filter (where kind = 'refund'), 0) as refunds
          from pack_ledger
         where kind in ('sale', 'refund') and created_at >= ${range.from} and created_at < ${range.to}
         group by currency
         order by currency`);
      return rows.map((m) => ({
        currency: String(m.currency),
        sales: int(m.sales),
        refunds: int(m.refunds),
        net: int(m.sales) - int(m.refunds),
      }));
    },

    /** Sessions sold and not yet used, in packs still valid at `now`: what the business owes in time. */
    async outstandingSessions(now: Date) {
      const row = await one(sql`
        select coalesce(sum(sessions_left), 0) as sessions, count(*) as packs
          from client_packs
         where sessions_left > 0 and expires_at > ${now}`);
      return { sessions: int(row.sessions), packs: int(row.packs) };
    },

    async assistant(range: Range) {
      return (await bookingsAndAssistant(range)).assistant;
    },

    /**
     * The professionals' table: bookings made, cancellations made and visits that started in the
     * period (attended, no-show), per professional, from their counts per quarter hour and UTC day
     * (migration 0049); a period not on quarter hours from the rows.
     */
    async byProfessional(range: Range) {
      if (!onQuarterHours(range)) return professionalsFromRows(range);
      return professionalsOf(
        await all(sql`
          select nullif(key, '') as id, name,
                 coalesce(sum(count) filter (where figure = 'professional_booked'), 0) as bookings,
                 coalesce(sum(count) filter (where figure = 'professional_cancelled'), 0) as cancellations,
                 coalesce(sum(count) filter (where figure = 'professional_started' and status = 'completed'), 0) as attended,
                 coalesce(sum(count) filter (where figure = 'professional_started' and status = 'no-show'), 0) as no_shows
            from (select figure, key, count,
                         -- A start's detail is its status, a space and the name (a status has no space).
                         case when figure = 'professional_started' then split_part(detail, ' ', 1) end as status,
                         case when figure = 'professional_started' then substr(detail, strpos(detail, ' ') + 1)
                              else detail end as name
                    from ${quartersAndDays(range, ['professional_booked', 'professional_cancelled', 'professional_started'])} c) p
           group by key, name having sum(count) <> 0
           order by 3 desc, 2, 1`),
      );
    },

    /**
     * The services' table: bookings made in the period and their value, per service, name and
     * currency, from their counts per quarter hour and UTC day (migration 0049); a period not on
     * quarter hours from the rows.
     */
    async byService(range: Range) {
      if (!onQuarterHours(range)) return servicesFromRows(range);
      return servicesOf(
        await all(sql`
          select nullif(key, '') as id, substr(detail, strpos(detail, ' ') + 1) as name,
                 -- The detail is the currency, a space and the name (a currency code has no space).
                 split_part(detail, ' ', 1) as currency, sum(count) as bookings, sum(amount) as value
            from ${quartersAndDays(range, ['service_booked'])} c
           group by key, detail having sum(count) <> 0
           order by 4 desc, 2, 3, 1`),
      );
    },

    professionalsFromRows,
    servicesFromRows,

    /** One row per conversation of the period, for the export, oldest first. */
    async conversationRows(range: Range, now: Date, timeZone: string) {
      return all(sql`
        with ${withOutcomes(range, now)}
        select to_char(o.started_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI') as started,
               ct.name as customer, '+' || ct.prefix || ' ' || ct.phone as phone, o.channel, o.outcome,
               o.handoff_reason, o.customer_messages,
               round(extract(epoch from o.first_assistant_reply_at - o.started_at)) as assistant_first_reply,
               round(extract(epoch from o.first_staff_reply_at - o.started_at)) as staff_first_reply,
               case when o.first_staff_reply_at >= o.handed_over_at
                    then round(extract(epoch from o.first_staff_reply_at - o.handed_over_at)) end as waiting,
               o.reopened, o.thanked, o.booked
          from o join chats ch on ch.id = o.chat_id join contacts ct on ct.id = ch.contact_id
         order by o.started_at, o.id`);
    },

    /** One row per appointment booked in the period, with what became of it, oldest first. */
    async appointmentRows(range: Range, timeZone: string) {
      return all(sql`
        select to_char(a.created_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI') as booked,
               a.local_date::text as date, a.start_time, a.end_time, a.employee_name, a.service_name,
               a.client_name, a.client_email, a.client_phone, a.channel, a.status, a.price_amount, a.price_currency,
               to_char(c.created_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI') as cancelled, c.actor as cancelled_by,
               coalesce(m.moves, 0) as moves, coalesce(r.refunded, 0) as refunded
          from appointments a
          left join lateral (select created_at, actor from appointment_events
                              where appointment_id = a.id and kind = 'cancelled' order by seq desc limit 1) c on true
          left join lateral (select count(*) as moves from appointment_events
                              where appointment_id = a.id and kind = 'rescheduled') m on true
          left join lateral (select sum((data->>'amount')::int) as refunded from appointment_events
                              where appointment_id = a.id and kind = 'refunded') r on true
         where a.created_at >= ${range.from} and a.created_at < ${range.to}
         order by a.created_at, a.id`);
    },
  };
}

export type InsightsRepository = ReturnType<typeof createInsightsRepository>;
