import { HANDOFF_REASONS, type HandoffReason, type InsightsReport } from '@chatdesk/contract/insights';
import { BarChart, LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { IconMessagesOff } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import {
  durationChange,
  formatCount,
  formatDuration,
  formatPercent,
  formatShortDay,
  shareOf,
} from '../insights-format';
import { ChartCard } from './chart-card';
import { CountingRules } from './counting-rules';
import { FigureTable } from './figure-table';
import { InsightsSection } from './insights-section';
import { CountCard, StatCard } from './stat-card';
import { StatGrid } from './stat-grid';

export const HANDOFF_REASON_LABELS: Record<HandoffReason, string> = {
  person: 'Asked for a person',
  complaint: 'Complaint',
  not_understood: 'Not understood',
  model_error: 'Model error',
  policy: 'Policy: a person handles it',
};

const CHART_HEIGHT = 240;

export function ConversationsSection({ report }: { report: InsightsReport }) {
  const now = report.current.conversations;
  const before = report.previous.conversations;
  const ofTotal = (part: number) => {
    const share = shareOf(part, now.total);
    return share === null ? undefined : `${formatPercent(share)} of conversations`;
  };
  const p90 = (figure: { p90: number | null; count: number }) =>
    figure.count > 0 ? `9 in 10 within ${formatDuration(figure.p90)}` : 'Nothing measured';

  if (now.total === 0) {
    return (
      <InsightsSection title="Conversations">
        <Card p={0} radius="md">
          <EmptyState
            icon={<IconMessagesOff size={28} />}
            title="No conversations in this period"
            description={
              before.total > 0
                ? `There were ${formatCount(before.total)} in the period before.`
                : 'Conversations customers start in this period will be counted here.'
            }
          />
        </Card>
        <CountingRules />
      </InsightsSection>
    );
  }

  const daily = report.daily.map((day) => ({
    day: formatShortDay(day.date),
    conversations: day.conversations,
    resolved: day.resolved,
    handedOver: day.handedOver,
  }));
  const reasons = HANDOFF_REASONS.map((reason) => ({
    reason: HANDOFF_REASON_LABELS[reason],
    count: now.handedOverBy[reason],
  }));
  const replyRows = [
    ['assistant', "Assistant's first reply", now.firstReplyAssistant, before.firstReplyAssistant],
    ['staff', "People's first reply", now.firstReplyStaff, before.firstReplyStaff],
    ['waiting', 'Waiting for a person', now.waitingForPerson, before.waitingForPerson],
  ] as const;

  return (
    <InsightsSection
      title="Conversations"
      description="Conversations customers started in the period, and what became of them."
    >
      <StatGrid>
        <CountCard label="Conversations" now={now.total} before={before.total} />
        <CountCard
          label="Resolved"
          now={now.resolved}
          before={before.resolved}
          hint={ofTotal(now.resolved)}
        />
        <CountCard
          label="Handed over"
          now={now.handedOver}
          before={before.handedOver}
          better="down"
          hint={ofTotal(now.handedOver)}
        />
        <CountCard
          label="Handled by staff"
          now={now.handledByStaff}
          before={before.handledByStaff}
          better="neither"
          hint={ofTotal(now.handledByStaff)}
        />
        <CountCard
          label="Unanswered"
          now={now.unanswered}
          before={before.unanswered}
          better="down"
          hint={ofTotal(now.unanswered)}
        />
        <CountCard
          label="In progress"
          now={now.inProgress}
          before={before.inProgress}
          better="neither"
          hint={ofTotal(now.inProgress)}
        />
        <CountCard
          label="Reopened"
          now={now.reopened}
          before={before.reopened}
          better="down"
          hint={ofTotal(now.reopened)}
        />
        <StatCard
          label="Assistant's first reply"
          value={formatDuration(now.firstReplyAssistant.median)}
          hint={p90(now.firstReplyAssistant)}
          change={durationChange(now.firstReplyAssistant.median, before.firstReplyAssistant.median)}
        />
        <StatCard
          label="People's first reply"
          value={formatDuration(now.firstReplyStaff.median)}
          hint={p90(now.firstReplyStaff)}
          change={durationChange(now.firstReplyStaff.median, before.firstReplyStaff.median)}
        />
        <StatCard
          label="Waiting for a person"
          value={formatDuration(now.waitingForPerson.median)}
          hint={p90(now.waitingForPerson)}
          change={durationChange(now.waitingForPerson.median, before.waitingForPerson.median)}
        />
      </StatGrid>

      <ChartCard
        title="Conversations per day"
        description="All conversations, those resolved, and those handed over to a person."
        table={{
          columns: ['Day', 'Conversations', 'Resolved', 'Handed over'],
          rows: report.daily.map((day) => ({
            key: day.date,
            cells: [
              formatShortDay(day.date),
              formatCount(day.conversations),
              formatCount(day.resolved),
              formatCount(day.handedOver),
            ],
          })),
        }}
      >
        <LineChart
          h={CHART_HEIGHT}
          data={daily}
          dataKey="day"
          series={[
            { name: 'conversations', label: 'Conversations', color: 'brand.6' },
            { name: 'resolved', label: 'Resolved', color: 'teal.6' },
            { name: 'handedOver', label: 'Handed over', color: 'orange.6' },
          ]}
          curveType="linear"
          withDots={false}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          accessibilityLayer={false}
          yAxisProps={{ allowDecimals: false, width: 32 }}
          xAxisProps={{ minTickGap: 16 }}
        />
      </ChartCard>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <ChartCard
          title="Handed over, by reason"
          description={`Why the assistant gave ${formatCount(now.handedOver)} conversations to a person.`}
          empty={now.handedOver === 0 ? 'Nothing was handed over in this period.' : null}
          table={{
            columns: ['Reason', 'Conversations', 'Period before'],
            rows: HANDOFF_REASONS.map((reason) => ({
              key: reason,
              cells: [
                HANDOFF_REASON_LABELS[reason],
                formatCount(now.handedOverBy[reason]),
                formatCount(before.handedOverBy[reason]),
              ],
            })),
          }}
        >
          <BarChart
            h={CHART_HEIGHT}
            data={reasons}
            dataKey="reason"
            orientation="vertical"
            series={[{ name: 'count', label: 'Conversations', color: 'orange.6' }]}
            accessibilityLayer={false}
            gridAxis="none"
            yAxisProps={{ width: 150 }}
            xAxisProps={{ allowDecimals: false }}
            withBarValueLabel
          />
        </ChartCard>

        <Card p="md" radius="md">
          <Title order={4} fz="md">
            Reply times
          </Title>
          <Text size="xs" c="dimmed" mb="sm">
            Half of the replies came faster than the median; 9 in 10 within the time beside it (the 90th
            percentile).
          </Text>
          <FigureTable
            label="Reply times"
            columns={['Measure', 'Median', '9 in 10 within', 'Measured', 'Median before']}
            minWidth={400}
            rows={replyRows.map(([key, label, figure, previous]) => ({
              key,
              cells: [
                label,
                formatDuration(figure.median),
                formatDuration(figure.p90),
                formatCount(figure.count),
                formatDuration(previous.median),
              ],
            }))}
          />
        </Card>
      </SimpleGrid>

      <CountingRules />
    </InsightsSection>
  );
}
