import { z } from 'zod';
import { calendarDate } from './common.ts';

/**
 * The owner's Insights page (issue #24): what the assistant and the team did with the
 * conversations, and what happened to the bookings and the money, for a period against the one
 * before it. Every figure is recomputable from the raw tables (insights.test.ts does).
 */

export const INSIGHTS_PERIODS = ['week', '30d', 'custom'] as const;
export type InsightsPeriod = (typeof INSIGHTS_PERIODS)[number];

/** The longest custom period, in days: a year compared with the year before. */
export const INSIGHTS_MAX_DAYS = 366;

export const INSIGHTS_MESSAGES = {
  dateInvalid: 'Dates must be yyyy-MM-dd',
  customNeedsDates: 'A custom period needs a start and an end date',
  rangeBackwards: 'The start date must not be after the end date',
  rangeTooLong: `A period can be at most ${INSIGHTS_MAX_DAYS} days`,
} as const;

/**
 * Why the assistant gave a conversation to a person: the customer asked for one, complained, was
 * not understood, the model failed, or the business's policy says a person handles it (an
 * appointment asked about from a number that is no client's, a change the policy refuses…).
 */
export const HANDOFF_REASONS = ['person', 'complaint', 'not_understood', 'model_error', 'policy'] as const;
export type HandoffReason = (typeof HANDOFF_REASONS)[number];

/**
 * A conversation opens with a customer's message when their chat has been quiet this long (or
 * never spoke): the WhatsApp customer-service window, which owners already know.
 */
export const CONVERSATION_GAP_HOURS = 24;
/** A customer writing again this long after the assistant's answer has come back: the conversation is reopened. */
export const REOPEN_AFTER_MINUTES = 60;

export const insightsQuerySchema = z
  .object({
    period: z.enum(INSIGHTS_PERIODS).default('30d'),
    from: calendarDate(INSIGHTS_MESSAGES.dateInvalid).optional(),
    to: calendarDate(INSIGHTS_MESSAGES.dateInvalid).optional(),
  })
  .superRefine((query, context) => {
    if (query.period !== 'custom') return;
    if (!query.from || !query.to) {
      context.addIssue({ code: 'custom', message: INSIGHTS_MESSAGES.customNeedsDates, path: ['from'] });
      return;
    }
    if (query.from > query.to)
      context.addIssue({ code: 'custom', message: INSIGHTS_MESSAGES.rangeBackwards, path: ['from'] });
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
    if (days > INSIGHTS_MAX_DAYS)
      context.addIssue({ code: 'custom', message: INSIGHTS_MESSAGES.rangeTooLong, path: ['to'] });
  });
export type InsightsQuery = z.input<typeof insightsQuerySchema>;

const count = z.number().int().min(0);

/** A spread of durations in seconds; null when nothing was measured. */
const durationSchema = z.object({ count, median: z.number().nullable(), p90: z.number().nullable() });
export type DurationFigure = z.infer<typeof durationSchema>;

const moneySchema = z.object({ currency: z.string(), revenue: count, refunds: count, net: z.number().int() });
export type MoneyFigure = z.infer<typeof moneySchema>;

export const conversationFiguresSchema = z.object({
  /** Conversations that opened in the period. */
  total: count,
  /**
   * The assistant answered, nobody took over, the customer's last word got an answer, and the
   * customer booked, said thanks, or did not come back within 24 hours. Reopened ones are not.
   */
  resolved: count,
  /** The assistant gave it to a person. */
  handedOver: count,
  handedOverBy: z.object(
    Object.fromEntries(HANDOFF_REASONS.map((reason) => [reason, count])) as {
      [K in HandoffReason]: typeof count;
    },
  ),
  /** A person answered without the assistant handing it over (the assistant was off, or staff stepped in). */
  handledByStaff: count,
  /** The customer's last message got no answer from anyone. */
  unanswered: count,
  /** Still open: the assistant answered less than 24 hours ago and the customer may come back. */
  inProgress: count,
  /** The customer came back an hour or more after the assistant's answer, within the conversation. */
  reopened: count,
  /** From the customer's first message to the first answer. */
  firstReplyAssistant: durationSchema,
  firstReplyStaff: durationSchema,
  /** From the handover to a person's first answer. */
  waitingForPerson: durationSchema,
});
export type ConversationFigures = z.infer<typeof conversationFiguresSchema>;

export const bookingFiguresSchema = z.object({
  /** Appointments booked in the period (by when they were booked). */
  total: count,
  byChannel: z.object({ page: count, chat: count, staff: count }),
  /**
   * Cancellations made in the period, by who made them and how long before the start: under 24
   * hours (or after it), 24 hours to 7 days, more than 7 days; the three do not overlap.
   */
  cancellations: z.object({
    total: count,
    byCustomer: count,
    byStaff: count,
    byAssistant: count,
    bySystem: count,
    under24h: count,
    under7d: count,
    earlier: count,
  }),
  reschedules: count,
  /**
   * Appointments in the period (by their start) marked completed and no-show; the rate is a share
   * from 0 to 1 of those two (null when there are none).
   */
  attended: count,
  noShows: count,
  noShowRate: z.number().nullable(),
  /** Reminders sent in the period, and what their appointment became after. */
  reminders: z.object({
    sent: count,
    thenCancelled: count,
    thenMoved: count,
    thenAttended: count,
    thenNoShow: count,
  }),
  /** Payments taken in the period, refunds made in it, and the difference, per currency (minor units). */
  money: z.array(moneySchema),
});
export type BookingFigures = z.infer<typeof bookingFiguresSchema>;

export const assistantFiguresSchema = z.object({
  /** Bookings made through a booking link the assistant sent in a chat: `bookings.byChannel.chat`. */
  bookingsFromChat: count,
  cancelled: count,
  moved: count,
  /** What it refunded under the cancellation policy, per currency (minor units). */
  refunded: z.array(z.object({ currency: z.string(), amount: count })),
});
export type AssistantFigures = z.infer<typeof assistantFiguresSchema>;

export const insightsFiguresSchema = z.object({
  conversations: conversationFiguresSchema,
  bookings: bookingFiguresSchema,
  assistant: assistantFiguresSchema,
});
export type InsightsFigures = z.infer<typeof insightsFiguresSchema>;

const packMoneySchema = z.object({
  currency: z.string(),
  sales: count,
  refunds: count,
  net: z.number().int(),
});
export type PackMoneyFigure = z.infer<typeof packMoneySchema>;

/** Packs of sessions: their money in the period (from their ledger), and what is owed now. */
export const packFiguresSchema = z.object({
  /** Pack sales minus pack refunds in the period, and in the period before, per currency (minor units). */
  money: z.array(packMoneySchema),
  previousMoney: z.array(packMoneySchema),
  /** Sessions left in packs not yet expired, now (whatever the period), and how many packs hold them. */
  outstandingSessions: count,
  packsWithSessions: count,
});
export type PackFigures = z.infer<typeof packFiguresSchema>;

export const insightsReportSchema = z.object({
  period: z.object({
    from: z.string(),
    to: z.string(),
    previousFrom: z.string(),
    previousTo: z.string(),
    timeZone: z.string(),
  }),
  current: insightsFiguresSchema,
  previous: insightsFiguresSchema,
  packs: packFiguresSchema,
  /** Each local date of the period. */
  daily: z.array(
    z.object({
      date: z.string(),
      conversations: count,
      resolved: count,
      handedOver: count,
      bookings: count,
    }),
  ),
  byProfessional: z.array(
    z.object({
      id: z.string().nullable(),
      name: z.string(),
      bookings: count,
      cancellations: count,
      attended: count,
      noShows: count,
      noShowRate: z.number().nullable(),
    }),
  ),
  byService: z.array(
    z.object({
      id: z.string().nullable(),
      name: z.string(),
      bookings: count,
      /** Booked value (the prices of the appointments booked), minor units. */
      value: count,
      currency: z.string(),
    }),
  ),
});
export type InsightsReport = z.infer<typeof insightsReportSchema>;
