import {
  EMPLOYEE_MESSAGES,
  HALF_HOURS,
  type TimeRange,
  WEEKDAYS,
  type Weekday,
} from '@chatdesk/contract/employees';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  type OptionsFilter,
  Paper,
  Popover,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { copyDay, matchTimes } from '../availability-input';
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
        <DayRanges
          key={day}
          day={day}
          ranges={value[day]}
          onChange={(ranges) => setDay(day, ranges)}
          onCopy={(to) => onChange(copyDay(value, day, to))}
        />
      ))}
    </Stack>
  );
}

type DayRangesProps = {
  day: Weekday;
  ranges: TimeRange[];
  onChange: (ranges: TimeRange[]) => void;
  /** Gives these other days the same ranges as this one. */
  onCopy: (to: Weekday[]) => void;
};

function DayRanges({ day, ranges, onChange, onCopy }: DayRangesProps) {
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
          <Group gap="xs">
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => onChange([...ranges, [...NEW_RANGE]])}
            >
              Add time range
            </Button>
            <CopyDayButton day={day} onCopy={onCopy} />
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/** 'Copy to…': this day's ranges onto the days ticked, e.g. Monday's hours onto every weekday. */
function CopyDayButton({ day, onCopy }: { day: Weekday; onCopy: (to: Weekday[]) => void }) {
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const label = WEEKDAY_LABELS[day];
  const others = WEEKDAYS.filter((other) => other !== day);
  const allChosen = chosen.length === others.length;
  const close = () => {
    setOpened(false);
    setChosen([]);
  };
  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? setOpened(true) : close())}
      position="bottom-start"
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Button
          variant="subtle"
          size="xs"
          color="gray"
          leftSection={<IconCopy size={14} />}
          onClick={() => setOpened((open) => !open)}
        >
          Copy to…
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Checkbox.Group label={`Copy ${label}'s hours to`} value={chosen} onChange={setChosen}>
            <Stack gap={6} mt={6}>
              {others.map((other) => (
                <Checkbox key={other} value={other} label={WEEKDAY_LABELS[other]} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group gap="xs" justify="flex-end">
            <Button variant="default" size="xs" onClick={() => setChosen(allChosen ? [] : [...others])}>
              {allChosen ? 'Clear' : 'All days'}
            </Button>
            <Button
              size="xs"
              disabled={chosen.length === 0}
              onClick={() => {
                onCopy(others.filter((other) => chosen.includes(other)));
                close();
              }}
            >
              Copy
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

type TimeSelectProps = { label: string; value: string; invalid: boolean; onChange: (time: string) => void };

/** Typing narrows the 48 half hours ('930' → 09:30) and Enter takes the first: no scrolling needed. */
const filterTimes: OptionsFilter = ({ search }) =>
  matchTimes(search, HALF_HOURS).map((time) => ({ value: time, label: time }));

export function TimeSelect({ label, value, invalid, onChange }: TimeSelectProps) {
  return (
    <Select
      aria-label={label}
      data={HALF_HOURS}
      value={value}
      searchable
      selectFirstOptionOnChange
      filter={filterTimes}
      nothingFoundMessage="Not a half hour"
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
