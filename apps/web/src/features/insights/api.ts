import { apiRoutes } from '@chatdesk/contract/api-routes';
import type { InsightsQuery } from '@chatdesk/contract/insights';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';

export const insightsKeys = {
  all: ['insights'] as const,
  report: (query: InsightsQuery) => ['insights', 'report', query] as const,
};

export function insightsQueryOptions(query: InsightsQuery) {
  return queryOptions({
    queryKey: insightsKeys.report(query),
    queryFn: ({ signal }) => apiCall(apiRoutes.insights.report, { query, signal }),
  });
}

/**
 * The report for a period against the one before; `null` while a custom period is still being chosen.
 * The last report stays on screen (dimmed) while the next period loads, so the page does not jump.
 */
export function useInsights(query: InsightsQuery | null) {
  return useQuery({
    ...insightsQueryOptions(query ?? { period: '30d' }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
