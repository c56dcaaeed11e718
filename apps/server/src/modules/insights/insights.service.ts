import type { InsightsFigures, InsightsReport, insightsQuerySchema } from '@chatdesk/contract/insights';
import { stringify } from 'csv-stringify/sync';
import type { z } from 'zod';
import { minorUnitDigits } from '../../lib/money.ts';
import { addDays, WEEKDAYS, weekdayOf, zonedDate, zonedTimeToUtc } from '../../lib/time-zone.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { InsightsRepository, Range } from './insights.repository.ts';

/** Whole days from one local date to another (both yyyy-MM-dd). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/**
 * The local dates a period covers and the same number of days just before it: this week (Monday
 * to today), the last 30 days (today included), or the dates asked for.
 */
export function periodDates(query: z.output<typeof insightsQuerySchema>, today: string) {
  let from: string;
  let to = today;
  // The week starts on Monday (WEEKDAYS starts on Sunday).
  if (query.period === 'week') from = addDays(today, -((WEEKDAYS.indexOf(weekdayOf(today)) + 6) % 7));
  else if (query.period === '30d') from = addDays(today, -29);
  else {
    from = query.from!;
    to = query.to!;
  }
  const length = daysBetween(from, to) + 1;
  return { from, to, previousFrom: addDays(from, -length), previousTo: addDays(from, -1) };
}

export const EXPORT_TABLES = ['conversations', 'appointments'] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];

export function createInsightsService(deps: {
  repository: InsightsRepository;
  company: Pick<CompanyService, 'scheduling'>;
  clock: () => Date;
}) {
  const { repository } = deps;

  /** A period's figures; with a time zone, its conversations per day too. */
  async function figures(range: Range, now: Date, timeZone?: string) {
    const [{ days, ...conversations }, { bookings, assistant }] = await Promise.all([
      repository.conversations(range, now, timeZone),
      repository.bookingsAndAssistant(range),
    ]);
    const result: InsightsFigures = { conversations, bookings, assistant };
    return { figures: result, days };
  }

  /** The period asked for, in the business's zone: its dates and its instants. */
  async function period(query: z.output<typeof insightsQuerySchema>) {
    const now = deps.clock();
    const { timeZone } = await deps.company.scheduling();
    const dates = periodDates(query, zonedDate(now, timeZone));
    const instants = (from: string, to: string): Range => ({
      from: zonedTimeToUtc(from, '00:00', timeZone),
      to: zonedTimeToUtc(addDays(to, 1), '00:00', timeZone),
    });
    return { now, timeZone, dates, instants };
  }

  return {
    /**
     * The period's conversations or appointments as CSV, one row each, for a spreadsheet: a cell
     * that would start a formula (=, +, -, @) is quoted so a spreadsheet shows it as text.
     */
    async exportCsv(table: ExportTable, query: z.output<typeof insightsQuerySchema>) {
      const { now, timeZone, dates, instants } = await period(query);
      const range = instants(dates.from, dates.to);
      const yesNo = (value: unknown) => (value ? 'yes' : 'no');
      const major = (amount: unknown, currency: unknown) =>
        (Number(amount ?? 0) / 10 ** minorUnitDigits(String(currency))).toFixed(
          minorUnitDigits(String(currency)),
        );
      const records =
        table === 'conversations'
          ? [
              [
                `Started (${timeZone})`,
                'Customer',
                'Phone',
                'Channel',
                'Outcome',
                'Handed over because',
                'Customer messages',
                "Assistant's first reply (s)",
                "A person's first reply (s)",
                'Waited for a person (s)',
                'Reopened',
                'Thanked',
                'Booked from the chat',
              ],
              ...(await repository.conversationRows(range, now, timeZone)).map((r) => [
                r.started,
                r.customer,
                r.phone,
                r.channel,
                String(r.outcome).replace('_', ' '),
                r.handoff_reason ? String(r.handoff_reason).replace('_', ' ') : '',
                r.customer_messages,
                r.assistant_first_reply ?? '',
                r.staff_first_reply ?? '',
                r.waiting ?? '',
                yesNo(r.reopened),
                yesNo(r.thanked),
                yesNo(r.booked),
              ]),
            ]
          : [
              [
                `Booked (${timeZone})`,
                'Date',
                'Start',
                'End',
                'Professional',
                'Service',
                'Client',
                'Email',
                'Phone',
                'Channel',
                'Status',
                'Price',
                'Currency',
                'Cancelled',
                'Cancelled by',
                'Moves',
                'Refunded',
              ],
              ...(await repository.appointmentRows(range, timeZone)).map((r) => [
                r.booked,
                r.date,
                r.start_time,
                r.end_time,
                r.employee_name,
                r.service_name,
                r.client_name,
                r.client_email ?? '',
                r.client_phone ?? '',
                r.channel,
                r.status,
                major(r.price_amount, r.price_currency),
                String(r.price_currency).toUpperCase(),
                r.cancelled ?? '',
                r.cancelled_by ?? '',
                r.moves,
                Number(r.refunded) ? major(r.refunded, r.price_currency) : '',
              ]),
            ];
      return {
        filename: `${table}-${dates.from}-to-${dates.to}.csv`,
        csv: stringify(records, { escape_formulas: true, bom: true }),
      };
    },

    async report(query: z.output<typeof insightsQuerySchema>): Promise<InsightsReport> {
      const { now, timeZone, dates, instants } = await period(query);
      const current = instants(dates.from, dates.to);
      const previous = instants(dates.previousFrom, dates.previousTo);
      const [
        currentFigures,
        previousFigures,
        bookingsByDay,
        byProfessional,
        byService,
        packMoney,
        packMoneyBefore,
        owed,
      ] = await Promise.all([
        figures(current, now, timeZone),
        figures(previous, now),
        repository.dailyBookings(current, timeZone),
        repository.byProfessional(current),
        repository.byService(current),
        repository.packMoney(current),
        repository.packMoney(previous),
        repository.outstandingSessions(now),
      ]);
      const days: InsightsReport['daily'] = [];
      for (let date = dates.from; date <= dates.to; date = addDays(date, 1)) {
        const conversations = currentFigures.days.get(date);
        days.push({
          date,
          conversations: conversations?.total ?? 0,
          resolved: conversations?.resolved ?? 0,
          handedOver: conversations?.handedOver ?? 0,
          bookings: bookingsByDay.get(date) ?? 0,
        });
      }
      return {
        period: { ...dates, timeZone },
        current: currentFigures.figures,
        previous: previousFigures.figures,
        packs: {
          money: packMoney,
          previousMoney: packMoneyBefore,
          outstandingSessions: owed.sessions,
          packsWithSessions: owed.packs,
        },
        daily: days,
        byProfessional,
        byService,
      };
    },
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
