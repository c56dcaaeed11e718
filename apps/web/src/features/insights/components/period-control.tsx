import { INSIGHTS_PERIODS, type InsightsPeriod } from '@chatdesk/contract/insights';
import { Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { PERIOD_LABELS, type PeriodValues } from '../insights-period';

type PeriodControlProps = {
  values: PeriodValues;
  onPeriodChange: (period: InsightsPeriod) => void;
  onDateChange: (key: 'from' | 'to', value: string | null) => void;
};

const PERIOD_OPTIONS = INSIGHTS_PERIODS.map((value) => ({ value, label: PERIOD_LABELS[value] }));

/** This week, the last 30 days, or two dates of the owner's choosing. */
export function PeriodControl({ values, onPeriodChange, onDateChange }: PeriodControlProps) {
  const dateProps = {
    firstDayOfWeek: 1,
    valueFormat: 'MMM D, YYYY',
    placeholder: 'Pick a date',
    leftSection: <IconCalendar size={16} />,
    popoverProps: { shadow: 'md' },
    w: { base: '100%', xs: 180 },
  } as const;
  return (
    <Stack gap="xs">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="insights-period-label">
            Period
          </Text>
          <SegmentedControl
            aria-labelledby="insights-period-label"
            data={PERIOD_OPTIONS}
            value={values.period}
            onChange={(value) => onPeriodChange(value as InsightsPeriod)}
          />
        </Stack>
        {values.period === 'custom' ? (
          <SimpleGrid cols={{ base: 2, xs: 2 }} spacing="sm">
            <DatePickerInput
              label="From"
              value={values.from}
              onChange={(value) => onDateChange('from', value)}
              maxDate={values.to ?? undefined}
              {...dateProps}
            />
            <DatePickerInput
              label="To"
              value={values.to}
              onChange={(value) => onDateChange('to', value)}
              minDate={values.from ?? undefined}
              {...dateProps}
            />
          </SimpleGrid>
        ) : null}
      </Group>
    </Stack>
  );
}
