import type { InsightsFigures, InsightsReport, insightsQuerySchema } from '@chatdesk/contract/insights';
import type { z } from 'zod';
import { addDays, weekdayOf, zonedDate, zonedTimeToUtc } from '../../lib/time-zone.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { InsightsRepository, Range } from './insights.repository.ts';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

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
  if (query.period === 'week') from = addDays(today, -WEEKDAYS.indexOf(weekdayOf(today)));
  else if (query.period === '30d') from = addDays(today, -29);
  else {
    from = query.from!;
    to = query.to!;
  }
  const length = daysBetween(from, to) + 1;
  return { from, to, previousFrom: addDays(from, -length), previousTo: addDays(from, -1) };
}

export function createInsightsService(deps: {
  repository: InsightsRepository;
  company: Pick<CompanyService, 'scheduling'>;
  clock: () => Date;
}) {
  const { repository } = deps;

  /** A period's figures; with a time zone, its conversations per day too. */
  async function figures(range: Range, now: Date, timeZone?: string) {
    const [{ days, ...conversations }, bookings, assistant] = await Promise.all([
      repository.conversations(range, now, timeZone),
      repository.bookings(range),
      repository.assistant(range),
    ]);
    const result: InsightsFigures = { conversations, bookings, assistant };
    return { figures: result, days };
  }

  return {
    async report(query: z.output<typeof insightsQuerySchema>): Promise<InsightsReport> {
      const now = deps.clock();
      const { timeZone } = await deps.company.scheduling();
      const dates = periodDates(query, zonedDate(now, timeZone));
      const instants = (from: string, to: string): Range => ({
        from: zonedTimeToUtc(from, '00:00', timeZone),
        to: zonedTimeToUtc(addDays(to, 1), '00:00', timeZone),
      });
      const current = instants(dates.from, dates.to);
      const [currentFigures, previousFigures, bookingsByDay, byProfessional, byService] = await Promise.all([
        figures(current, now, timeZone),
        figures(instants(dates.previousFrom, dates.previousTo), now),
        repository.dailyBookings(current, timeZone),
        repository.byProfessional(current),
        repository.byService(current),
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
        daily: days,
        byProfessional,
        byService,
      };
    },
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
