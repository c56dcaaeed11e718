import {
  INSIGHTS_PERIODS,
  type InsightsPeriod,
  type InsightsQuery,
  insightsQuerySchema,
} from '@chatdesk/contract/insights';

/** The period as the page's address holds it: `?period=week|30d|custom&from=yyyy-MM-dd&to=yyyy-MM-dd`. */
export type PeriodValues = { period: InsightsPeriod; from: string | null; to: string | null };

export const PERIOD_LABELS: Record<InsightsPeriod, string> = {
  week: 'This week',
  '30d': 'Last 30 days',
  custom: 'Custom',
};

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the period from the address; an unknown period is the last 30 days, the API's default. */
export function periodValuesFrom(params: URLSearchParams): PeriodValues {
  const raw = params.get('period');
  const period = INSIGHTS_PERIODS.find((value) => value === raw) ?? '30d';
  if (period !== 'custom') return { period, from: null, to: null };
  const date = (key: string) => {
    const value = params.get(key);
    return value && DATE_PATTERN.test(value) ? value : null;
  };
  return { period, from: date('from'), to: date('to') };
}

/** The address's search for a period: dates only with a custom one, and nothing for the default. */
export function periodSearch(values: PeriodValues): URLSearchParams {
  const params = new URLSearchParams();
  if (values.period === '30d') return params;
  params.set('period', values.period);
  if (values.period === 'custom') {
    if (values.from) params.set('from', values.from);
    if (values.to) params.set('to', values.to);
  }
  return params;
}

/**
 * The API's query for the period, checked by the contract's own rules; a custom period still being
 * chosen (a date missing, the dates backwards, longer than a year) gives the reasons instead.
 */
export function insightsQueryOf(
  values: PeriodValues,
): { query: InsightsQuery; problems: [] } | { query: null; problems: string[] } {
  const query: InsightsQuery =
    values.period === 'custom'
      ? {
          period: 'custom',
          ...(values.from ? { from: values.from } : {}),
          ...(values.to ? { to: values.to } : {}),
        }
      : { period: values.period };
  const parsed = insightsQuerySchema.safeParse(query);
  if (parsed.success) return { query, problems: [] };
  return { query: null, problems: [...new Set(parsed.error.issues.map((issue) => issue.message))] };
}
