import { INSIGHTS_MESSAGES, type InsightsFigures, type InsightsReport } from '@chatdesk/contract/insights';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertAppointment, insertEmployee } from '../../../test/factories.ts';
import type { Db } from '../../db/client.ts';
import {
  appointmentEvents,
  appointmentReminders,
  appointments,
  chats,
  clients,
  contacts,
  messages,
  payments,
} from '../../db/schema.ts';
import { TEST_CARDS } from '../../integrations/payments/local-payment-provider.ts';
import { addDays, zonedDate, zonedTimeToUtc } from '../../lib/time-zone.ts';
import { createInsightsRepository } from './insights.repository.ts';
import { periodDates } from './insights.service.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const ZONE = 'Europe/Madrid';

let t: TestContext;
let headers: Record<string, string>;
// The seeded history is relative to a fixed "now", the app's clock.
const fixedNow = new Date('2026-11-26T12:00:00Z');
let now = fixedNow;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  ({ headers } = await t.signIn());
});
afterAll(() => t.close());
// A test that moves the app's clock (to the wall clock) leaves the fixed one to the next.
afterEach(() => {
  now = fixedNow;
});

const report = async (query: string, as = headers) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/insights?${query}`, headers: as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as InsightsReport;
};

/** A small deterministic random source, so a failure replays the same history. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

// ---------------------------------------------------------------------------------------------
// What the raw tables say, recomputed here without the rollup: conversations replayed from the
// messages and handovers, by the contract's definitions.

type Step =
  | { at: Date; kind: 'message'; sender: 'customer' | 'assistant' | 'staff' | 'system'; text: string }
  | {
      at: Date;
      kind: 'handover';
      reason: 'person' | 'complaint' | 'not_understood' | 'model_error' | 'policy';
    };

type Replayed = {
  startedAt: number;
  lastMessageAt: number;
  lastCustomerAt: number;
  lastReplyAt: number | null;
  firstAssistantReplyAt: number | null;
  firstStaffReplyAt: number | null;
  handedOverAt: number | null;
  reason: string | null;
  reopened: boolean;
  thanked: boolean;
};

const THANKS =
  /(^|[^a-z])(gracias|thanks|thank you|thx|ty|merci|grazie|obrigad[oa]|danke|moltes gracies|genial|perfecto|perfect|hasta luego|adios|bye|nos vemos)([^a-z]|$)/;
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function replay(steps: Step[]): Replayed[] {
  const list: Replayed[] = [];
  for (const step of steps) {
    const open = list.at(-1);
    const at = step.at.getTime();
    if (step.kind === 'handover') {
      if (open && open.handedOverAt === null) {
        open.handedOverAt = at;
        open.reason = step.reason;
      }
      continue;
    }
    if (step.sender === 'system') continue;
    if (step.sender === 'customer') {
      if (!open || at - open.lastMessageAt >= 24 * HOUR) {
        list.push({
          startedAt: at,
          lastMessageAt: at,
          lastCustomerAt: at,
          lastReplyAt: null,
          firstAssistantReplyAt: null,
          firstStaffReplyAt: null,
          handedOverAt: null,
          reason: null,
          reopened: false,
          thanked: THANKS.test(fold(step.text)),
        });
      } else {
        if (
          open.lastReplyAt !== null &&
          open.lastReplyAt >= open.lastCustomerAt &&
          at - open.lastReplyAt >= HOUR
        )
          open.reopened = true;
        open.lastMessageAt = at;
        open.lastCustomerAt = at;
        open.thanked = THANKS.test(fold(step.text));
      }
    } else if (open && at - open.lastMessageAt < 24 * HOUR) {
      open.lastMessageAt = at;
      open.lastReplyAt = at;
      if (step.sender === 'assistant') open.firstAssistantReplyAt ??= at;
      else open.firstStaffReplyAt ??= at;
    }
  }
  return list;
}

function outcomeOf(c: Replayed) {
  if (c.handedOverAt !== null) return 'handed_over';
  if (c.firstStaffReplyAt !== null) return 'staff';
  if (c.lastReplyAt === null || c.lastReplyAt < c.lastCustomerAt)
    return c.lastCustomerAt <= now.getTime() - 15 * MINUTE ? 'unanswered' : 'in_progress';
  if (c.reopened) return 'reopened';
  if (c.thanked || c.lastMessageAt <= now.getTime() - 24 * HOUR) return 'resolved';
  return 'in_progress';
}

/** PostgreSQL's percentile_cont: linear between the two nearest ranks. */
function percentile(values: number[], p: number) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = p * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}
const spread = (values: number[]) => ({
  count: values.length,
  median: percentile(values, 0.5),
  p90: percentile(values, 0.9),
});

function conversationFigures(all: Replayed[], from: number, to: number): InsightsFigures['conversations'] {
  const inPeriod = all.filter((c) => c.startedAt >= from && c.startedAt < to);
  const by = (outcome: string) => inPeriod.filter((c) => outcomeOf(c) === outcome);
  const handed = by('handed_over');
  const reason = (r: string) => handed.filter((c) => c.reason === r).length;
  const secs = (ms: number) => ms / 1000;
  return {
    total: inPeriod.length,
    resolved: by('resolved').length,
    handedOver: handed.length,
    handedOverBy: {
      person: reason('person'),
      complaint: reason('complaint'),
      not_understood: reason('not_understood'),
      model_error: reason('model_error'),
      policy: reason('policy'),
    },
    handledByStaff: by('staff').length,
    unanswered: by('unanswered').length,
    inProgress: by('in_progress').length,
    reopened: inPeriod.filter((c) => c.reopened).length,
    firstReplyAssistant: spread(
      inPeriod.flatMap((c) => (c.firstAssistantReplyAt ? [secs(c.firstAssistantReplyAt - c.startedAt)] : [])),
    ),
    firstReplyStaff: spread(
      inPeriod.flatMap((c) => (c.firstStaffReplyAt ? [secs(c.firstStaffReplyAt - c.startedAt)] : [])),
    ),
    waitingForPerson: spread(
      inPeriod.flatMap((c) =>
        c.firstStaffReplyAt !== null && c.handedOverAt !== null && c.firstStaffReplyAt >= c.handedOverAt
          ? [secs(c.firstStaffReplyAt - c.handedOverAt)]
          : [],
      ),
    ),
  };
}

// ---------------------------------------------------------------------------------------------

describe('GET /api/insights', () => {
  it('recomputes every figure from the raw tables for a seeded period and the one before', async () => {
    const next = random(7);
    const texts = [
      'hola, tenéis hueco el viernes?',
      'cuanto cuesta?',
      'Gracias!',
      'vale',
      'y el sábado?',
      'perfecto 👍',
    ];
    const replayed: Replayed[] = [];
    const chatHistories: Step[][] = [];
    // 24 chats over the last 24 days: customers, answers, handovers, staff, reminders.
    for (let chatIndex = 0; chatIndex < 24; chatIndex++) {
      let at = now.getTime() - (24 - chatIndex) * 24 * HOUR + next() * 6 * HOUR;
      // Every chat opens with its customer.
      const steps: Step[] = [{ at: new Date(at), kind: 'message', sender: 'customer', text: texts[0]! }];
      for (let i = 0; i < 10 && at < now.getTime(); i++) {
        // Gaps from seconds to two days: some conversations close, some reopen.
        at += [20_000, 5 * MINUTE, 45 * MINUTE, 2 * HOUR, 30 * HOUR][Math.floor(next() * 5)]!;
        const roll = next();
        if (roll > 0.9) {
          const reason = (['person', 'complaint', 'policy', 'model_error'] as const)[i % 4]!;
          steps.push({ at: new Date(at), kind: 'handover', reason });
          // Half the handovers get a person's answer a few minutes later.
          if (next() < 0.5)
            steps.push({
              at: new Date(at + 7 * MINUTE),
              kind: 'message',
              sender: 'staff',
              text: 'Hola, soy Laura',
            });
          continue;
        }
        const sender =
          roll < 0.45 ? 'customer' : roll < 0.75 ? 'assistant' : roll < 0.85 ? 'staff' : 'system';
        steps.push({
          at: new Date(at),
          kind: 'message',
          sender,
          text: texts[Math.floor(next() * texts.length)]!,
        });
      }
      chatHistories.push(steps);
    }
    // And the edges, written out: an answer 45 minutes before the customer's next word does not
    // reopen, 61 minutes does; a last word 14 minutes old waits, 16 minutes is unanswered.
    const base = now.getTime() - 3 * 24 * HOUR;
    const message = (minutes: number, sender: 'customer' | 'assistant', text = 'y el sábado?'): Step => ({
      at: new Date(base + minutes * MINUTE),
      kind: 'message',
      sender,
      text,
    });
    chatHistories.push(
      [message(0, 'customer'), message(1, 'assistant'), message(46, 'customer'), message(47, 'assistant')],
      [message(0, 'customer'), message(1, 'assistant'), message(62, 'customer'), message(63, 'assistant')],
      [message(0, 'customer'), message(1, 'assistant'), message(2, 'customer', 'Muchas gracias!!')],
      [{ ...message(0, 'customer'), at: new Date(now.getTime() - 14 * MINUTE) }],
      [{ ...message(0, 'customer'), at: new Date(now.getTime() - 16 * MINUTE) }],
    );
    for (const [index, steps] of chatHistories.entries()) {
      const [contact] = await t.db
        .insert(contacts)
        .values({ name: `Insights ${index}`, prefix: '34', phone: `61000${String(index).padStart(4, '0')}` })
        .returning();
      const [chat] = await t.db.insert(chats).values({ contactId: contact!.id }).returning();
      for (const step of steps) {
        if (step.kind === 'message')
          await t.db.insert(messages).values({
            chatId: chat!.id,
            text: step.text,
            sender: step.sender,
            status: 'delivered',
            createdAt: step.at,
          });
        else {
          // As the chats service does: a handover makes the chat wait, a person's answer ends the wait.
          await t.db.update(chats).set({ waitingSince: null }).where(eq(chats.id, chat!.id));
          await t.db
            .update(chats)
            .set({ waitingSince: step.at, handoffReason: step.reason })
            .where(eq(chats.id, chat!.id));
        }
      }
      replayed.push(...replay(steps));
    }

    // Bookings, changes, reminders and money over the same days.
    const [client] = await t.db
      .insert(clients)
      .values({ name: 'Paying client', phone: '+34 600 999 000' })
      .returning();
    const expected = { appointments: [] as Array<Record<string, unknown>> };
    const statusById = new Map<string, string>();
    const appointmentStatus = (id: string) => statusById.get(id);
    const events: Array<{
      appointmentId: string;
      kind: string;
      actor: string;
      at: Date;
      data?: Record<string, string | number>;
      startsAt: Date;
    }> = [];
    const reminders: Array<{ appointmentId: string; sentAt: Date; status: string }> = [];
    const paid: Array<{ at: Date; amount: number; currency: string; status: string }> = [];
    for (let i = 0; i < 30; i++) {
      const createdAt = new Date(now.getTime() - next() * 22 * 24 * HOUR);
      const startsAt = new Date(createdAt.getTime() + (next() * 10 - 3) * 24 * HOUR);
      const status = (['scheduled', 'completed', 'cancelled', 'no-show'] as const)[Math.floor(next() * 4)]!;
      const channel = (['page', 'chat', 'staff'] as const)[Math.floor(next() * 3)]!;
      const row = await insertAppointment(t.db, {
        createdAt,
        startsAt,
        status,
        channel,
        employeeName: ['Carla', 'Dani'][i % 2]!,
        serviceName: ['Cut', 'Colour'][i % 2]!,
        priceAmount: [1800, 5500][i % 2]!,
      });
      statusById.set(row.id, status);
      expected.appointments.push({
        createdAt,
        startsAt,
        status,
        channel,
        employee: row.employeeName,
        service: row.serviceName,
        price: row.priceAmount,
      });
      if (status === 'cancelled') {
        const actor = (['customer', 'staff', 'assistant', 'system'] as const)[i % 4]!;
        const at = new Date(Math.min(now.getTime(), createdAt.getTime() + next() * 5 * 24 * HOUR));
        events.push({ appointmentId: row.id, kind: 'cancelled', actor, at, startsAt });
        if (i % 3 === 0)
          events.push({
            appointmentId: row.id,
            kind: 'refunded',
            actor,
            at,
            data: { amount: row.priceAmount, currency: 'eur' },
            startsAt,
          });
      }
      if (i % 5 === 0)
        events.push({
          appointmentId: row.id,
          kind: 'rescheduled',
          actor: i % 2 ? 'assistant' : 'customer',
          at: new Date(createdAt.getTime() + HOUR),
          startsAt,
        });
      if (i % 4 === 0)
        reminders.push({
          appointmentId: row.id,
          sentAt: new Date(startsAt.getTime() - 24 * HOUR),
          status: i % 8 === 0 ? 'sent' : 'failed',
        });
      paid.push({
        at: createdAt,
        amount: row.priceAmount,
        currency: 'eur',
        status: i % 7 === 0 ? 'failed' : 'completed',
      });
    }
    for (const e of events)
      await t.db.insert(appointmentEvents).values({
        appointmentId: e.appointmentId,
        kind: e.kind as 'cancelled',
        actor: e.actor as 'staff',
        createdAt: e.at,
        data: e.data ?? {},
      });
    for (const r of reminders)
      await t.db.insert(appointmentReminders).values({
        appointmentId: r.appointmentId,
        hoursBefore: 24,
        channel: 'email',
        startsAt: new Date(r.sentAt.getTime() + 24 * HOUR),
        dueAt: r.sentAt,
        status: r.status as 'sent',
        sentAt: r.sentAt,
      });
    for (const p of paid)
      await t.db.insert(payments).values({
        clientId: client!.id,
        amount: p.amount,
        currency: p.currency,
        status: p.status as 'completed',
        paidAt: p.at,
      });

    const today = zonedDate(now, ZONE);
    const from = addDays(today, -9);
    const body = await report(`period=custom&from=${from}&to=${today}`);
    const dates = periodDates({ period: 'custom', from, to: today }, today);
    expect(body.period).toEqual({ ...dates, timeZone: ZONE });

    const expectFigures = (figures: InsightsFigures, fromDate: string, toDate: string) => {
      const a = zonedTimeToUtc(fromDate, '00:00', ZONE).getTime();
      const b = zonedTimeToUtc(addDays(toDate, 1), '00:00', ZONE).getTime();
      const within = (d: Date) => d.getTime() >= a && d.getTime() < b;
      expect(figures.conversations).toEqual(conversationFigures(replayed, a, b));

      const booked = expected.appointments.filter((x) => within(x.createdAt as Date));
      const started = expected.appointments.filter((x) => within(x.startsAt as Date));
      const cancelled = events.filter((e) => e.kind === 'cancelled' && within(e.at));
      const ahead = (e: (typeof events)[number]) => e.startsAt.getTime() - e.at.getTime();
      const attended = started.filter((x) => x.status === 'completed').length;
      const noShows = started.filter((x) => x.status === 'no-show').length;
      const sent = reminders.filter((r) => r.status === 'sent' && within(r.sentAt));
      const after = (r: (typeof reminders)[number], kind: string) =>
        events.some((e) => e.appointmentId === r.appointmentId && e.kind === kind && e.at >= r.sentAt);
      const revenue = paid
        .filter((p) => p.status === 'completed' && within(p.at))
        .reduce((n, p) => n + p.amount, 0);
      const refunds = events
        .filter((e) => e.kind === 'refunded' && within(e.at))
        .reduce((n, e) => n + Number(e.data!.amount), 0);
      expect(figures.bookings).toEqual({
        total: booked.length,
        byChannel: {
          page: booked.filter((x) => x.channel === 'page').length,
          chat: booked.filter((x) => x.channel === 'chat').length,
          staff: booked.filter((x) => x.channel === 'staff').length,
        },
        cancellations: {
          total: cancelled.length,
          byCustomer: cancelled.filter((e) => e.actor === 'customer').length,
          byStaff: cancelled.filter((e) => e.actor === 'staff').length,
          byAssistant: cancelled.filter((e) => e.actor === 'assistant').length,
          bySystem: cancelled.filter((e) => e.actor === 'system').length,
          under24h: cancelled.filter((e) => ahead(e) < 24 * HOUR).length,
          under7d: cancelled.filter((e) => ahead(e) >= 24 * HOUR && ahead(e) < 7 * 24 * HOUR).length,
          earlier: cancelled.filter((e) => ahead(e) >= 7 * 24 * HOUR).length,
        },
        reschedules: events.filter((e) => e.kind === 'rescheduled' && within(e.at)).length,
        attended,
        noShows,
        noShowRate: attended + noShows ? noShows / (attended + noShows) : null,
        reminders: {
          sent: sent.length,
          thenCancelled: sent.filter((r) => after(r, 'cancelled')).length,
          thenMoved: sent.filter((r) => after(r, 'rescheduled')).length,
          thenAttended: sent.filter((r) => appointmentStatus(r.appointmentId) === 'completed').length,
          thenNoShow: sent.filter((r) => appointmentStatus(r.appointmentId) === 'no-show').length,
        },
        money: revenue || refunds ? [{ currency: 'eur', revenue, refunds, net: revenue - refunds }] : [],
      });
      const byAssistant = events.filter((e) => e.actor === 'assistant' && within(e.at));
      const refundedByAssistant = byAssistant
        .filter((e) => e.kind === 'refunded')
        .reduce((n, e) => n + Number(e.data!.amount), 0);
      expect(figures.assistant).toEqual({
        bookingsFromChat: booked.filter((x) => x.channel === 'chat').length,
        cancelled: byAssistant.filter((e) => e.kind === 'cancelled').length,
        moved: byAssistant.filter((e) => e.kind === 'rescheduled').length,
        refunded: refundedByAssistant ? [{ currency: 'eur', amount: refundedByAssistant }] : [],
      });
    };
    expectFigures(body.current, dates.from, dates.to);
    expectFigures(body.previous, dates.previousFrom, dates.previousTo);

    // The daily series adds up to the period's totals.
    expect(body.daily).toHaveLength(10);
    expect(body.daily.reduce((n, d) => n + d.conversations, 0)).toBe(body.current.conversations.total);
    expect(body.daily.reduce((n, d) => n + d.bookings, 0)).toBe(body.current.bookings.total);
    expect(body.current.conversations.total).toBeGreaterThan(3);
    expect(body.current.bookings.total).toBeGreaterThan(3);
    // The history exercises every kind of figure, so a wrong one cannot hide behind a zero.
    const both = [body.current, body.previous];
    expect(
      both.some((f) => f.conversations.handedOver > 0 && f.conversations.waitingForPerson.count > 0),
    ).toBe(true);
    expect(both.some((f) => f.conversations.resolved > 0 && f.conversations.reopened > 0)).toBe(true);
    expect(both.some((f) => f.bookings.cancellations.total > 0 && f.bookings.reminders.sent > 0)).toBe(true);
  });

  it("counts a booking made from the assistant's link as the chat's, and its conversation as resolved", async () => {
    const everyDay = Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
        d,
        [['09:00', '18:00']],
      ]),
    ) as never;
    const rosa = await insertEmployee(t.db, {
      name: 'Rosa Insights',
      username: 'rosa-insights',
      availability: everyDay,
    });
    // The chat's messages and the booking are stamped by the wall clock, not the app's: the period
    // is the wall clock's yesterday and today, and the app's clock is the wall clock for this test,
    // so it passes whatever day it runs. (With the fixed "now", a conversation stamped after it was
    // not counted once the wall clock passed that day: the test failed from 27 November 2026 on.)
    now = new Date();
    // Signed in on this clock: the suite's session, signed on the fixed one, has long expired on it.
    const { headers: onWallClock } = await t.signIn();
    const today = zonedDate(now, ZONE);
    const period = `period=custom&from=${addDays(today, -1)}&to=${today}`;
    const before = await report(period, onWallClock);
    const { chatId } = await t.app.services.chats.receiveInbound({
      prefix: '34',
      phone: '612340001',
      name: 'Ana Chat',
      text: 'Hola, quiero reservar con Rosa',
      channel: 'whatsapp',
    });
    const replies = await t.db.select().from(messages).where(eq(messages.chatId, chatId));
    const link = replies
      .filter((m) => m.sender === 'assistant')
      .map((m) => /\/schedule\/rosa-insights\?c=([a-z0-9]+)/.exec(m.text)?.[1])
      .find(Boolean);
    expect(link, replies.map((m) => m.text).join('\n')).toBeTruthy();

    // The visitor follows it: the page sends the link's ref with the payment.
    const schedule = (await t.app.inject({ url: '/api/schedule/rosa-insights' })).json();
    const day = schedule.slots[1];
    const slot = { employeeId: rosa.id, date: day.date, timeSlot: day.times[0] };
    const visitor = { name: 'Ana Chat', email: 'ana.chat@example.com', phone: '+34 612 340 001' };
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/payments/intent',
      payload: { ...slot, clientInfo: visitor, chatRef: link },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const { clientSecret, paymentIntentId } = intent.json();
    const card = { number: TEST_CARDS.success, expMonth: 12, expYear: 2030, cvc: '123' };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/payments/local/confirm',
          payload: { clientSecret, card },
        })
      ).statusCode,
    ).toBe(200);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/schedule/book',
      payload: { ...slot, clientInfo: visitor, payment: { id: paymentIntentId } },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const [row] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, booked.json().appointment.id));
    expect(row).toMatchObject({ channel: 'chat' });
    expect(row!.conversationId).toBeTruthy();

    const after = await report(period, onWallClock);
    expect(after.current.assistant.bookingsFromChat).toBe(before.current.assistant.bookingsFromChat + 1);
    expect(after.current.bookings.byChannel.chat).toBe(before.current.bookings.byChannel.chat + 1);
    expect(after.current.conversations.total).toBe(before.current.conversations.total + 1);
    expect(after.current.conversations.resolved).toBe(before.current.conversations.resolved + 1);

    // A ref nobody sent books all the same, as the booking page's own.
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/payments/intent',
      payload: {
        ...slot,
        timeSlot: day.times[2],
        clientInfo: { ...visitor, email: 'x@example.com' },
        chatRef: 'NOT A REF!',
      },
    });
    expect(stranger.statusCode, stranger.body).toBe(200);
  });

  it('exports the period as CSV, one row per conversation or appointment, formulas kept as text', async () => {
    const [contact] = await t.db
      .insert(contacts)
      .values({ name: '=HYPERLINK("http://evil.example")', prefix: '34', phone: '619000111' })
      .returning();
    const [chat] = await t.db.insert(chats).values({ contactId: contact!.id }).returning();
    await t.db.insert(messages).values({
      chatId: chat!.id,
      text: 'hola',
      sender: 'customer',
      status: 'delivered',
      createdAt: new Date(now.getTime() - 2 * HOUR),
    });
    const body = await report('period=week');
    for (const [table, total] of [
      ['conversations', body.current.conversations.total],
      ['appointments', body.current.bookings.total],
    ] as const) {
      const response = await t.app.inject({ url: `/api/insights/export/${table}?period=week`, headers });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="${table}-${body.period.from}-to-${body.period.to}.csv"`,
      );
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(lines).toHaveLength(total + 1);
      if (table === 'conversations') {
        expect(lines[0]).toContain('Started (Europe/Madrid),Customer,Phone,Channel,Outcome');
        // A name that would run as a formula in a spreadsheet is text there.
        expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
        expect(response.body).not.toMatch(/(^|,)=HYPERLINK/m);
      } else expect(lines[0]).toContain('Professional,Service,Client');
    }
    expect(
      (await t.app.inject({ url: '/api/insights/export/payments?period=week', headers })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ url: '/api/insights/export/appointments?period=week' })).statusCode).toBe(
      401,
    );
    const backwards = await t.app.inject({
      url: '/api/insights/export/appointments?period=custom&from=2026-11-20&to=2026-11-10',
      headers,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain(INSIGHTS_MESSAGES.rangeBackwards);
  });

  it('refuses a custom period without dates, backwards or longer than a year, with a message', async () => {
    for (const [query, message] of [
      ['period=custom', INSIGHTS_MESSAGES.customNeedsDates],
      ['period=custom&from=2026-11-20&to=2026-11-10', INSIGHTS_MESSAGES.rangeBackwards],
      ['period=custom&from=2024-01-01&to=2026-01-01', INSIGHTS_MESSAGES.rangeTooLong],
      ['period=custom&from=2026-02-30&to=2026-03-01', INSIGHTS_MESSAGES.dateInvalid],
      ['period=year', undefined],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/api/insights?${query}`, headers });
      expect(response.statusCode, query).toBe(400);
      if (message) expect(response.json().message).toContain(message);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/insights' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('this week runs from Monday to today, the last 30 days end today, each against as many days before', () => {
    // Thursday 26 November 2026.
    expect(periodDates({ period: 'week' }, '2026-11-26')).toEqual({
      from: '2026-11-23',
      to: '2026-11-26',
      previousFrom: '2026-11-19',
      previousTo: '2026-11-22',
    });
    expect(periodDates({ period: '30d' }, '2026-11-26')).toEqual({
      from: '2026-10-28',
      to: '2026-11-26',
      previousFrom: '2026-09-28',
      previousTo: '2026-10-27',
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The quarter-hour counts (migration 0037) are kept by triggers: after any change, at once or
// not, they hold what the rows say, bucket by bucket.

describe('the quarter-hour counts', () => {
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
  const expectExact = async () => {
    const { kept, recomputed } = await keptAndRecomputed();
    expect(kept).toEqual(recomputed);
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Two transactions at once: the first holds its change uncommitted while the second makes its own. */
  async function atOnce(first: (tx: Db) => Promise<unknown>, second: (tx: Db) => Promise<unknown>) {
    await Promise.all([
      t.db.transaction(async (tx) => {
        await first(tx as unknown as Db);
        await sleep(150);
      }),
      (async () => {
        await sleep(50);
        await t.db.transaction(async (tx) => {
          await second(tx as unknown as Db);
        });
      })(),
    ]);
  }
  const cancel = (db: Db, id: string, at: Date, actor: 'customer' | 'staff' = 'customer') =>
    Promise.all([
      db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, id)),
      db.insert(appointmentEvents).values({ appointmentId: id, kind: 'cancelled', actor, createdAt: at }),
    ]);
  const remind = async (db: Db, appointmentId: string, sentAt: Date) => {
    const [row] = await db
      .insert(appointmentReminders)
      .values({
        appointmentId,
        hoursBefore: 24,
        channel: 'email',
        startsAt: new Date(sentAt.getTime() + 24 * HOUR),
        dueAt: sentAt,
        status: 'planned',
      })
      .returning();
    return row!.id;
  };
  const settle = (db: Db, id: string, sentAt: Date) =>
    db.update(appointmentReminders).set({ status: 'sent', sentAt }).where(eq(appointmentReminders.id, id));
  const week = () => report('period=week').then((body) => body.current.bookings);

  it('moves an appointment from one count to another as its status, start, history and payments change', async () => {
    const startsAt = new Date(now.getTime() - 2 * HOUR);
    const createdAt = new Date(now.getTime() - 30 * HOUR);
    const before = await week();
    const a = await insertAppointment(t.db, { startsAt, createdAt, channel: 'chat' });
    const reminder = await remind(t.db, a.id, new Date(now.getTime() - 26 * HOUR));
    await settle(t.db, reminder, new Date(now.getTime() - 26 * HOUR));
    await expectExact();

    // Attended, then marked a no-show: it leaves one count for the other, its reminder's too.
    await t.db.update(appointments).set({ status: 'completed' }).where(eq(appointments.id, a.id));
    let after = await week();
    expect(after.attended).toBe(before.attended + 1);
    expect(after.reminders.thenAttended).toBe(before.reminders.thenAttended + 1);
    await t.db.update(appointments).set({ status: 'no-show' }).where(eq(appointments.id, a.id));
    after = await week();
    expect(after.attended).toBe(before.attended);
    expect(after.noShows).toBe(before.noShows + 1);
    expect(after.reminders).toMatchObject({
      sent: before.reminders.sent + 1,
      thenAttended: before.reminders.thenAttended,
      thenNoShow: before.reminders.thenNoShow + 1,
    });
    await expectExact();

    // Moved after its reminder, then cancelled: the reminder is followed by both; moving the
    // start of a cancelled appointment moves its cancellation to another notice.
    await t.db.update(appointments).set({ status: 'scheduled' }).where(eq(appointments.id, a.id));
    await t.db.insert(appointmentEvents).values({
      appointmentId: a.id,
      kind: 'rescheduled',
      actor: 'assistant',
      createdAt: new Date(now.getTime() - 25 * HOUR),
    });
    await cancel(t.db, a.id, new Date(now.getTime() - 20 * HOUR));
    after = await week();
    expect(after.reminders.thenMoved).toBe(before.reminders.thenMoved + 1);
    expect(after.reminders.thenCancelled).toBe(before.reminders.thenCancelled + 1);
    expect(after.cancellations.under24h).toBe(before.cancellations.under24h + 1);
    await t.db
      .update(appointments)
      .set({ startsAt: new Date(now.getTime() + 3 * 24 * HOUR) })
      .where(eq(appointments.id, a.id));
    after = await week();
    expect(after.cancellations.under24h).toBe(before.cancellations.under24h);
    expect(after.cancellations.under7d).toBe(before.cancellations.under7d + 1);
    await expectExact();

    // A refund, and a payment completed, then refunded, then failed.
    await t.db.insert(appointmentEvents).values({
      appointmentId: a.id,
      kind: 'refunded',
      actor: 'staff',
      createdAt: new Date(now.getTime() - 19 * HOUR),
      data: { amount: 700, currency: 'usd' },
    });
    const [client] = await t.db
      .insert(clients)
      .values({ name: 'Counted client', phone: '+34 600 111 222' })
      .returning();
    const [payment] = await t.db
      .insert(payments)
      .values({ clientId: client!.id, amount: 900, currency: 'usd', status: 'completed', paidAt: createdAt })
      .returning();
    after = await week();
    expect(after.money.find((m) => m.currency === 'usd')).toEqual({
      currency: 'usd',
      revenue: 900,
      refunds: 700,
      net: 200,
    });
    await t.db.update(payments).set({ status: 'refunded' }).where(eq(payments.id, payment!.id));
    await expectExact();
    await t.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, payment!.id));
    expect((await week()).money.find((m) => m.currency === 'usd')).toMatchObject({
      revenue: 0,
      refunds: 700,
    });
    await expectExact();

    // A reminder no longer sent, an event taken back, and the appointment deleted with its
    // history: every count it was in goes back.
    await t.db
      .update(appointmentReminders)
      .set({ status: 'failed', sentAt: null })
      .where(eq(appointmentReminders.id, reminder));
    await expectExact();
    await settle(t.db, reminder, new Date(now.getTime() - 26 * HOUR));
    await t.db
      .delete(appointmentEvents)
      .where(and(eq(appointmentEvents.appointmentId, a.id), eq(appointmentEvents.kind, 'rescheduled')));
    expect((await week()).reminders.thenMoved).toBe(before.reminders.thenMoved);
    await expectExact();
    await t.db.delete(appointments).where(eq(appointments.id, a.id));
    await t.db.delete(payments).where(eq(payments.id, payment!.id));
    after = await week();
    expect({ ...after, noShowRate: null }).toEqual({ ...before, noShowRate: null });
    await expectExact();
  });

  it('counts two cancellations in the same quarter hour at once, each', async () => {
    const startsAt = new Date(now.getTime() - 3 * HOUR);
    const a = await insertAppointment(t.db, { startsAt, createdAt: new Date(now.getTime() - 50 * HOUR) });
    const b = await insertAppointment(t.db, { startsAt, createdAt: new Date(now.getTime() - 50 * HOUR) });
    const before = await week();
    const at = new Date(now.getTime() - 5 * HOUR);
    await atOnce(
      (tx) => cancel(tx, a.id, at),
      (tx) => cancel(tx, b.id, new Date(at.getTime() + MINUTE), 'staff'),
    );
    const after = await week();
    expect(after.cancellations.total).toBe(before.cancellations.total + 2);
    expect(after.cancellations.byCustomer).toBe(before.cancellations.byCustomer + 1);
    expect(after.cancellations.byStaff).toBe(before.cancellations.byStaff + 1);
    await expectExact();
  });

  it('keeps what followed a reminder marked sent while its appointment is cancelled or attended, in either order', async () => {
    const startsAt = new Date(now.getTime() - 4 * HOUR);
    const sentAt = new Date(now.getTime() - 28 * HOUR);
    for (const reminderFirst of [true, false]) {
      const a = await insertAppointment(t.db, { startsAt, createdAt: new Date(now.getTime() - 60 * HOUR) });
      const b = await insertAppointment(t.db, { startsAt, createdAt: new Date(now.getTime() - 60 * HOUR) });
      const [ra, rb] = [await remind(t.db, a.id, sentAt), await remind(t.db, b.id, sentAt)];
      const before = await week();
      const sendBoth = async (tx: Db) => {
        await settle(tx, ra, sentAt);
        await settle(tx, rb, sentAt);
      };
      const change = async (tx: Db) => {
        await cancel(tx, a.id, new Date(now.getTime() - 6 * HOUR));
        await tx.update(appointments).set({ status: 'completed' }).where(eq(appointments.id, b.id));
      };
      if (reminderFirst) await atOnce(sendBoth, change);
      else await atOnce(change, sendBoth);
      const after = await week();
      expect(after.reminders.sent, `reminder first: ${reminderFirst}`).toBe(before.reminders.sent + 2);
      expect(after.reminders.thenCancelled).toBe(before.reminders.thenCancelled + 1);
      expect(after.reminders.thenAttended).toBe(before.reminders.thenAttended + 1);
      await expectExact();
    }
  });

  it('moves two appointments between the same two quarter hours in opposite directions at once', async () => {
    const early = new Date(now.getTime() - 5 * HOUR);
    const late = new Date(now.getTime() - 4 * HOUR);
    const a = await insertAppointment(t.db, { startsAt: early });
    const b = await insertAppointment(t.db, { startsAt: late });
    const move = (id: string, to: Date) => (tx: Db) =>
      tx.update(appointments).set({ startsAt: to }).where(eq(appointments.id, id));
    await atOnce(move(a.id, late), move(b.id, early));
    await expectExact();
  });

  it('reads a period that does not start on a quarter hour from the rows', async () => {
    const repository = createInsightsRepository(t.db);
    const createdAt = new Date('2026-11-20T10:05:00Z');
    const before = await repository.bookings({
      from: new Date('2026-11-20T10:03:00Z'),
      to: new Date('2026-11-20T10:10:00Z'),
    });
    await insertAppointment(t.db, { createdAt, channel: 'staff' });
    const around = await repository.bookings({
      from: new Date('2026-11-20T10:03:00Z'),
      to: new Date('2026-11-20T10:10:00Z'),
    });
    const after = await repository.bookings({
      from: new Date('2026-11-20T10:06:00Z'),
      to: new Date('2026-11-20T10:10:00Z'),
    });
    expect(around.byChannel.staff).toBe(before.byChannel.staff + 1);
    expect(after.byChannel.staff).toBe(before.byChannel.staff);
    // A half-hour zone's days are whole quarter hours: its daily series is read from the counts.
    const kolkata = { from: new Date('2026-11-19T18:30:00Z'), to: new Date('2026-11-20T18:30:00Z') };
    expect((await repository.dailyBookings(kolkata, 'Asia/Kolkata')).get('2026-11-20')).toBe(
      (await repository.bookings(kolkata)).total,
    );
  });
});
