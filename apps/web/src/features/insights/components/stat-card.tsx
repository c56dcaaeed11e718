import { Card, Group, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconEqual } from '@tabler/icons-react';
import { type Better, type Change, type ChangeTone, countChange, formatCount } from '../insights-format';

const TONE_COLOR: Record<ChangeTone, string> = { good: 'teal', bad: 'red', neutral: 'dimmed' };

type StatCardProps = {
  label: string;
  value: string;
  /** A line under the figure: '61% of conversations'. */
  hint?: string | undefined;
  change: Change;
};

/** One headline figure with the previous period's value and the change, said in words (colour only repeats them). */
export function StatCard({ label, value, hint, change }: StatCardProps) {
  const Icon =
    change.direction === 'up'
      ? IconArrowUpRight
      : change.direction === 'down'
        ? IconArrowDownRight
        : IconEqual;
  return (
    <Card p="sm" radius="md" data-testid="stat-card">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
        {label}
      </Text>
      <Text fz={24} fw={700} lh={1.25} mt={2} c="bright">
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
      <Group gap={4} mt={6} wrap="nowrap" align="flex-start">
        {change.direction === 'unknown' ? null : (
          <Icon size={14} stroke={2} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        )}
        <Text size="xs" lh={1.35}>
          <Text span inherit fw={600} c={TONE_COLOR[change.tone]}>
            {change.text}
          </Text>
          {change.previous ? (
            <Text span inherit c="dimmed">
              {` · ${change.previous}`}
            </Text>
          ) : null}
        </Text>
      </Group>
    </Card>
  );
}

type CountCardProps = {
  label: string;
  now: number;
  before: number;
  /** Which way is good: more bookings are, more cancellations are not. */
  better?: Better;
  hint?: string | undefined;
};

/** A count against the previous period's: most of the page's cards. */
export function CountCard({ label, now, before, better, hint }: CountCardProps) {
  return (
    <StatCard label={label} value={formatCount(now)} hint={hint} change={countChange(now, before, better)} />
  );
}
