import { EMPLOYEE_MESSAGES, type TimeRange } from '@chatdesk/contract/employees';
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { isRangeInvalid, NEW_RANGE } from '../employee-form';
import { TimeSelect } from './availability-editor';

type DateRangesInputProps = { ranges: TimeRange[]; onChange: (ranges: TimeRange[]) => void };

/** The hours of one exception, edited like one day of the weekly availability. */
export function DateRangesInput({ ranges, onChange }: DateRangesInputProps) {
  const update = (index: number, position: 0 | 1, time: string) =>
    onChange(
      ranges.map((range, i) =>
        i === index ? (position === 0 ? [time, range[1]] : [range[0], time]) : range,
      ),
    );
  return (
    <Stack gap="xs" role="group" aria-label="Hours on these dates">
      {ranges.map((range, index) => {
        const invalid = isRangeInvalid(range);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no identity besides their position.
          <Stack key={index} gap={4}>
            <Group gap="xs" wrap="nowrap">
              <TimeSelect
                label={`Range ${index + 1} start`}
                value={range[0]}
                invalid={invalid}
                onChange={(time) => update(index, 0, time)}
              />
              <Text size="sm" c="dimmed">
                to
              </Text>
              <TimeSelect
                label={`Range ${index + 1} end`}
                value={range[1]}
                invalid={invalid}
                onChange={(time) => update(index, 1, time)}
              />
              {ranges.length > 1 ? (
                <Tooltip label="Remove time range">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Remove range ${index + 1}`}
                    onClick={() => onChange(ranges.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </Group>
            {invalid ? (
              <Text size="xs" c="red.7" role="alert">
                {EMPLOYEE_MESSAGES.rangeInvalid}
              </Text>
            ) : null}
          </Stack>
        );
      })}
      <Group>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...ranges, [...NEW_RANGE]])}
        >
          Add time range
        </Button>
      </Group>
    </Stack>
  );
}
