import type { PublicSchedule } from '@chatdesk/contract/schedule';
import { Button, Center, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMemo } from 'react';
import { monthOf } from '../../lib/calendar-grid';
import { formatLongDate, formatTime } from '../../lib/wall-clock';
import { MonthCalendar } from './month-calendar';
import classes from './slot-calendar.module.css';

/** A day and a time of it, in the business's time zone. */
export type Slot = { date: string; time: string };

type SlotCalendarProps = {
  slots: PublicSchedule['slots'];
  date: string | null;
  selected: Slot | null;
  locked: boolean;
  /** While a payment runs the slot cannot change under it. */
  busy: boolean;
  onDateChange: (date: string) => void;
  onSlotSelect: (slot: Slot) => void;
};

export function SlotCalendar({
  slots,
  date,
  selected,
  locked,
  busy,
  onDateChange,
  onSlotSelect,
}: SlotCalendarProps) {
  const timesByDate = useMemo(
    () => new Map(slots.filter((day) => day.times.length > 0).map((day) => [day.date, day.times])),
    [slots],
  );
  const firstDate = slots.find((day) => day.times.length > 0)?.date;
  const lastDate = slots[slots.length - 1]?.date;
  // With nothing open the calendar still shows the coming weeks, all days disabled.
  const shownFrom = firstDate ?? slots[0]?.date ?? new Date().toISOString().slice(0, 10);
  const times = date ? (timesByDate.get(date) ?? []) : [];

  return (
    <Stack gap="lg">
      <Center>
        <MonthCalendar
          label="Available dates"
          value={date}
          onChange={onDateChange}
          isAvailable={(day) => timesByDate.has(day)}
          disabled={locked || busy}
          muted={locked}
          minMonth={monthOf(shownFrom)}
          maxMonth={monthOf(lastDate ?? shownFrom)}
          getDayLabel={formatLongDate}
        />
      </Center>

      {!firstDate ? (
        <Text c="dimmed" ta="center" size="sm">
          There are no open times in the next weeks. Please check back later.
        </Text>
      ) : locked ? (
        <Group gap={6} justify="center" c="dimmed" wrap="nowrap">
          <IconLock size={14} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">Your appointment is booked, so the calendar is locked.</Text>
        </Group>
      ) : date ? (
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {formatLongDate(date)}
          </Text>
          {times.length === 0 ? (
            <Text c="dimmed" size="sm">
              No open times left on this day. Please choose another.
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs" role="group" aria-label="Available times">
              {times.map((time) => {
                const isSelected = selected?.date === date && selected.time === time;
                return (
                  <Button
                    key={time}
                    value={time}
                    variant={isSelected ? 'filled' : 'default'}
                    className={classes.slot}
                    aria-pressed={isSelected}
                    disabled={busy}
                    onClick={() => onSlotSelect({ date, time })}
                  >
                    {formatTime(time)}
                  </Button>
                );
              })}
            </SimpleGrid>
          )}
        </Stack>
      ) : (
        <Text c="dimmed" ta="center" size="sm">
          Choose a highlighted day to see its open times.
        </Text>
      )}
    </Stack>
  );
}
