import {
  EMPLOYEE_MESSAGES,
  HALF_HOURS,
  type TimeRange,
  WEEKDAYS,
  type Weekday,
} from '@chatdesk/contract/employees';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { isRangeInvalid, NEW_RANGE, WEEKDAY_LABELS, type WeeklyRanges } from '../employee-form';

type AvailabilityEditorProps = {
  value: WeeklyRanges;
  onChange: (next: WeeklyRanges) => void;
};

export function AvailabilityEditor({ value, onChange }: AvailabilityEditorProps) {
  const setDay = (day: Weekday, ranges: TimeRange[]) => onChange({ ...value, [day]: ranges });

  return (
    <Stack gap="sm">
      {WEEKDAYS.map((day) => (
        <DayRanges key={day} day={day} ranges={value[day]} onChange={(ranges) => setDay(day, ranges)} />
      ))}
    </Stack>
  );
}

type DayRangesProps = { day: Weekday; ranges: TimeRange[]; onChange: (ranges: TimeRange[]) => void };

function DayRanges({ day, ranges, onChange }: DayRangesProps) {
  const label = WEEKDAY_LABELS[day];
  const update = (index: number, position: 0 | 1, time: string) =>
    onChange(
      ranges.map((range, i) =>
        i === index ? (position === 0 ? [time, range[1]] : [range[0], time]) : range,
      ),
    );

  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={label}>
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Stack gap={2} w={{ base: '100%', xs: 120 }}>
          <Text fw={600}>{label}</Text>
          <Text size="xs" c="dimmed">
            {ranges.length === 0
              ? 'Unavailable'
              : `${ranges.length} time range${ranges.length > 1 ? 's' : ''}`}
          </Text>
        </Stack>
        <Stack gap="xs" style={{ flex: 1, minWidth: 260 }}>
          {ranges.map((range, index) => {
            const invalid = isRangeInvalid(range);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no identity besides their position.
              <Stack key={index} gap={4} data-invalid={invalid || undefined}>
                <Group gap="xs" wrap="nowrap">
                  <TimeSelect
                    label={`${label} range ${index + 1} start`}
                    value={range[0]}
                    invalid={invalid}
                    onChange={(time) => update(index, 0, time)}
                  />
                  <Text size="sm" c="dimmed">
                    to
                  </Text>
                  <TimeSelect
                    label={`${label} range ${index + 1} end`}
                    value={range[1]}
                    invalid={invalid}
                    onChange={(time) => update(index, 1, time)}
                  />
                  <Tooltip label="Remove time range">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Remove ${label} range ${index + 1}`}
                      onClick={() => onChange(ranges.filter((_, i) => i !== index))}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
                {invalid ? (
                  <Text size="xs" c="red.7" role="alert">
                    {EMPLOYEE_MESSAGES.rangeInvalid}
                  </Text>
                ) : null}
              </Stack>
            );
          })}
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...ranges, [...NEW_RANGE]])}
            style={{ alignSelf: 'flex-start' }}
          >
            Add time range
          </Button>
        </Stack>
      </Group>
    </Paper>
  );
}

type TimeSelectProps = { label: string; value: string; invalid: boolean; onChange: (time: string) => void };

function TimeSelect({ label, value, invalid, onChange }: TimeSelectProps) {
  return (
    <Select
      aria-label={label}
      data={HALF_HOURS}
      value={value}
      onChange={(time) => {
        if (time) onChange(time);
      }}
      allowDeselect={false}
      checkIconPosition="right"
      maxDropdownHeight={240}
      comboboxProps={{ shadow: 'md' }}
      error={invalid}
      w={110}
    />
  );
}
