import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

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

/**
 * The reads behind Insights: conversations from their rollup (kept by triggers, migration 0026),
 * bookings, events, reminders and payments by their own time indexes. Each period is a handful of
 * aggregate statements, whatever the volume of messages.
 */
export function createInsightsRepository(db: Db) {
  async function one(query: ReturnType<typeof sql>): Promise<Row> {
    const result = await db.execute(query);
    return (result.rows[0] ?? {}) as Row;
  }
  async function all(query: ReturnType<typeof sql>): Promise<Row[]> {
    return (await db.execute(query)).rows as Row[];
  }

  return {
    /**
     * The period's conversation figures and, with a time zone, the same counts per local date, in
     * one statement (grouping sets: the whole period, and each day).
     */
    async conversations(range: Range, now: Date, timeZone?: string) {
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
                 filter (where first_staff_reply_at >= handed_over_at) as waiting_p90
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
      const spread = (prefix: string) => ({
        count: int(row[`${prefix}_count`]),
        median: seconds(row[`${prefix}_median`]),
        p90: seconds(row[`${prefix}_p90`]),
      });
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
        firstReplyAssistant: spread('assistant'),
        firstReplyStaff: spread('staff'),
        waitingForPerson: spread('waiting'),
        days,
      };
    },

    /** Bookings made per local date. */
    async dailyBookings(range: Range, timeZone: string) {
      const rows = await all(sql`
        select (created_at at time zone ${timeZone})::date::text as day, count(*) as total
          from appointments where created_at >= ${range.from} and created_at < ${range.to} group by 1`);
      return new Map(rows.map((row) => [String(row.day), int(row.total)]));
    },

    async bookings(range: Range) {
      // One walk of each time index: bookings by when they were made, appointments by their start.
      const row = await one(sql`
        select b.*, k.*,
               (select count(*) from appointment_events where kind = 'rescheduled'
                  and created_at >= ${range.from} and created_at < ${range.to}) as reschedules
          from (select count(*) as total,
                       count(*) filter (where channel = 'page') as by_page,
                       count(*) filter (where channel = 'chat') as by_chat,
                       count(*) filter (where channel = 'staff') as by_staff
                  from appointments where created_at >= ${range.from} and created_at < ${range.to}) b,
               (select count(*) filter (where status = 'completed') as attended,
                       count(*) filter (where status = 'no-show') as no_shows
                  from appointments where starts_at >= ${range.from} and starts_at < ${range.to}) k`);
      const cancellations = await one(sql`
        select count(*) as total,
               count(*) filter (where e.actor = 'customer') as by_customer,
               count(*) filter (where e.actor = 'staff') as by_staff,
               count(*) filter (where e.actor = 'assistant') as by_assistant,
               count(*) filter (where e.actor = 'system') as by_system,
               count(*) filter (where a.starts_at - e.created_at < interval '24 hours') as under_24h,
               count(*) filter (where a.starts_at - e.created_at >= interval '24 hours'
                                  and a.starts_at - e.created_at < interval '7 days') as under_7d,
               count(*) filter (where a.starts_at - e.created_at >= interval '7 days') as earlier
          from appointment_events e join appointments a on a.id = e.appointment_id
         where e.kind = 'cancelled' and e.created_at >= ${range.from} and e.created_at < ${range.to}`);
      // What each reminder's appointment became after it was sent: its cancellation or move since
      // (made after the period began, as the reminder was), read once per appointment.
      const reminders = await one(sql`
        select count(*) as sent,
               count(*) filter (where ev.cancelled_at >= r.sent_at) as then_cancelled,
               count(*) filter (where ev.moved_at >= r.sent_at) as then_moved,
               count(*) filter (where a.status = 'completed') as then_attended,
               count(*) filter (where a.status = 'no-show') as then_no_show
          from appointment_reminders r
          join appointments a on a.id = r.appointment_id
          left join (
            select appointment_id,
                   max(created_at) filter (where kind = 'cancelled') as cancelled_at,
                   max(created_at) filter (where kind = 'rescheduled') as moved_at
              from appointment_events
             where kind in ('cancelled', 'rescheduled') and created_at >= ${range.from}
             group by appointment_id
          ) ev on ev.appointment_id = r.appointment_id
         where r.status = 'sent' and r.sent_at >= ${range.from} and r.sent_at < ${range.to}`);
      const money = await all(sql`
        with taken as (
          select currency, sum(amount) as amount from payments
           where paid_at >= ${range.from} and paid_at < ${range.to} and status in ('completed', 'refunded')
           group by currency
        ), refunded as (
          select data->>'currency' as currency, sum((data->>'amount')::int) as amount from appointment_events
           where kind = 'refunded' and created_at >= ${range.from} and created_at < ${range.to}
           group by 1
        )
        select coalesce(t.currency, r.currency) as currency, coalesce(t.amount, 0) as revenue, coalesce(r.amount, 0) as refunds
          from taken t full join refunded r on r.currency = t.currency
         order by 1`);
      const attended = int(row.attended);
      const noShows = int(row.no_shows);
      return {
        total: int(row.total),
        byChannel: { page: int(row.by_page), chat: int(row.by_chat), staff: int(row.by_staff) },
        cancellations: {
          total: int(cancellations.total),
          byCustomer: int(cancellations.by_customer),
          byStaff: int(cancellations.by_staff),
          byAssistant: int(cancellations.by_assistant),
          bySystem: int(cancellations.by_system),
          under24h: int(cancellations.under_24h),
          under7d: int(cancellations.under_7d),
          earlier: int(cancellations.earlier),
        },
        reschedules: int(row.reschedules),
        attended,
        noShows,
        noShowRate: attended + noShows > 0 ? noShows / (attended + noShows) : null,
        reminders: {
          sent: int(reminders.sent),
          thenCancelled: int(reminders.then_cancelled),
          thenMoved: int(reminders.then_moved),
          thenAttended: int(reminders.then_attended),
          thenNoShow: int(reminders.then_no_show),
        },
        money: money.map((m) => ({
          currency: String(m.currency),
          revenue: int(m.revenue),
          refunds: int(m.refunds),
          net: int(m.revenue) - int(m.refunds),
        })),
      };
    },

    async assistant(range: Range) {
      const row = await one(sql`
        select
          (select count(*) from appointments where channel = 'chat' and created_at >= ${range.from} and created_at < ${range.to}) as from_chat,
          (select count(*) from appointment_events where kind = 'cancelled' and actor = 'assistant'
             and created_at >= ${range.from} and created_at < ${range.to}) as cancelled,
          (select count(*) from appointment_events where kind = 'rescheduled' and actor = 'assistant'
             and created_at >= ${range.from} and created_at < ${range.to}) as moved`);
      const refunded = await all(sql`
        select data->>'currency' as currency, sum((data->>'amount')::int) as amount from appointment_events
         where kind = 'refunded' and actor = 'assistant' and created_at >= ${range.from} and created_at < ${range.to}
         group by 1 order by 1`);
      return {
        bookingsFromChat: int(row.from_chat),
        cancelled: int(row.cancelled),
        moved: int(row.moved),
        refunded: refunded.map((r) => ({ currency: String(r.currency), amount: int(r.amount) })),
      };
    },

    async byProfessional(range: Range) {
      const rows = await all(sql`
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
         order by 3 desc, 2`);
      return rows.map((r) => {
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
    },

    async byService(range: Range) {
      const rows = await all(sql`
        select service_id::text as id, service_name as name, price_currency as currency,
               count(*) as bookings, sum(price_amount) as value
          from appointments where created_at >= ${range.from} and created_at < ${range.to}
         group by 1, 2, 3 order by 4 desc, 2`);
      return rows.map((r) => ({
        id: r.id === null ? null : String(r.id),
        name: String(r.name),
        bookings: int(r.bookings),
        value: int(r.value),
        currency: String(r.currency),
      }));
    },

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
