import '@mantine/charts/styles.css';

import type { InsightsPeriod } from '@chatdesk/contract/insights';
import { Alert, Box, Stack, Text } from '@mantine/core';
import { IconCalendarQuestion } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useInsights } from './api';
import { AssistantSection } from './components/assistant-section';
import { BookingsSection } from './components/bookings-section';
import { ConversationsSection } from './components/conversations-section';
import { ExportMenu } from './components/export-menu';
import { PacksSection } from './components/packs-section';
import { PeriodControl } from './components/period-control';
import { ReviewQueue } from './components/review-queue';
import { describePeriod } from './insights-format';
import { insightsQueryOf, type PeriodValues, periodSearch, periodValuesFrom } from './insights-period';

/** The last 30 days up to today, on this device's calendar: where a custom period starts when nothing is shown yet. */
function lastThirtyDays(): { from: string; to: string } {
  const day = (offset: number) => {
    const date = new Date();
    date.setDate(date.getDate() - offset);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  };
  return { from: day(29), to: day(0) };
}

export function InsightsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const values = periodValuesFrom(searchParams);
  const { query, problems } = insightsQueryOf(values);
  const insights = useInsights(query);

  // The period lives in the address, so a reload or a shared link shows the same figures.
  const show = (next: PeriodValues) => setSearchParams(periodSearch(next), { replace: true });

  const choosePeriod = (period: InsightsPeriod) => {
    if (period !== 'custom') return show({ period, from: null, to: null });
    // A custom period starts from the dates on screen, to be narrowed or widened from there.
    const start = insights.data?.period ?? lastThirtyDays();
    show({ period, from: values.from ?? start.from, to: values.to ?? start.to });
  };

  const chooseDate = (key: 'from' | 'to', value: string | null) => show({ ...values, [key]: value });

  return (
    <Box maw={1200}>
      <PageHeader
        title="Insights"
        description="What the assistant and your team did with customers' conversations, and what became of the bookings and the money, compared with the period before."
        actions={<ExportMenu query={query} />}
      />

      <Stack gap="lg">
        <PeriodControl values={values} onPeriodChange={choosePeriod} onDateChange={chooseDate} />

        {query === null ? (
          <Alert color="yellow" icon={<IconCalendarQuestion size={18} />} title="Choose the period">
            {problems.join(' ')}
          </Alert>
        ) : (
          <QueryState
            query={insights}
            loadingLabel="Loading insights"
            errorTitle="Failed to load insights"
            skeleton="detail"
          >
            {(report) => (
              <Stack
                gap={40}
                style={{ opacity: insights.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
                aria-busy={insights.isPlaceholderData}
              >
                <Text size="sm" aria-live="polite" data-testid="insights-period">
                  <Text span inherit fw={600}>
                    {describePeriod(report.period)}
                  </Text>
                  <Text span inherit c="dimmed">
                    {` · days in ${report.period.timeZone}`}
                  </Text>
                </Text>
                <ConversationsSection report={report} />
                <BookingsSection report={report} />
                <PacksSection report={report} />
                <AssistantSection report={report} />
              </Stack>
            )}
          </QueryState>
        )}

        <ReviewQueue />
      </Stack>
    </Box>
  );
}
