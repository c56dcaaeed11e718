import type { PublicSchedule } from '@chatdesk/contract/schedule';
import { Button, Center, Group, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMemo } from 'react';
import { monthOf } from '../../lib/calendar-grid';
import { usePageLanguage } from '../../lib/page-language';
import { formatLongDate, formatTime } from '../../lib/wall-clock';
import { browserTimeZone, visitorTime, zoneCity, zoneGap, zoneToday } from '../../lib/zone-time';
import { MonthCalendar } from './month-calendar';
import classes from './slot-calendar.module.css';

/** A day and a time of it, in the business's time zone. */
export type Slot = { date: string; time: string };

/** The business's time with the visitor's (or the seats left) under it. */
const TWO_CLOCKS = { label: { flexDirection: 'column', lineHeight: 1.25 } } as const;

type SlotCalendarProps = {
  slots: PublicSchedule['slots'];
  /** The business's zone: a visitor whose browser is elsewhere sees their own time under each slot. */
  timeZone: string;
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
  timeZone,
  date,
  selected,
  locked,
  busy,
  onDateChange,
  onSlotSelect,
}: SlotCalendarProps) {
  const { say } = usePageLanguage();
  const { locale, picker } = say;
  const timesByDate = useMemo(
    () => new Map(slots.filter((day) => day.times.length > 0).map((day) => [day.date, day.times])),
    [slots],
  );
  const firstDate = slots.find((day) => day.times.length > 0)?.date;
  const lastDate = slots[slots.length - 1]?.date;
  // The business's day: for a visitor elsewhere it may already be tomorrow, or still yesterday.
  const today = zoneToday(timeZone);
  // With nothing open the calendar still shows the coming weeks, all days disabled.
  const shownFrom = firstDate ?? slots[0]?.date ?? today;
  const times = date ? (timesByDate.get(date) ?? []) : [];
  const seatsLeft = date ? slots.find((day) => day.date === date)?.seatsLeft : undefined;
  const visitorZone = browserTimeZone();
  const gap = date ? zoneGap(date, timeZone, visitorZone, picker.gap) : null;

  return (
    <Stack gap="lg">
      <Center>
        <MonthCalendar
          label={picker.availableDates}
          value={date}
          onChange={onDateChange}
          isAvailable={(day) => timesByDate.has(day)}
          disabled={locked || busy}
          muted={locked}
          minMonth={monthOf(shownFrom)}
          maxMonth={monthOf(lastDate ?? shownFrom)}
          getDayLabel={(day) => formatLongDate(day, locale)}
          today={today}
        />
      </Center>

      {!firstDate ? (
        <Text c="dimmed" ta="center" size="sm">
          {picker.noOpenTimes}
        </Text>
      ) : locked ? (
        <Group gap={6} justify="center" c="dimmed" wrap="nowrap">
          <IconLock size={14} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">{picker.locked}</Text>
        </Group>
      ) : date ? (
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {formatLongDate(date, locale)}
          </Text>
          {times.length === 0 ? (
            <Text c="dimmed" size="sm">
              {picker.noneLeftToday}
            </Text>
          ) : (
            <>
              {gap && visitorZone ? (
                <Text size="sm" c="dimmed" data-testid="slot-zones">
                  {picker.timesIn(zoneCity(timeZone), zoneCity(visitorZone), gap)}
                </Text>
              ) : null}
              <SimpleGrid
                cols={{ base: 3, sm: 4 }}
                spacing="xs"
                role="group"
                aria-label={picker.availableTimes}
              >
                {times.map((time) => {
                  const isSelected = selected?.date === date && selected.time === time;
                  const theirs = gap ? visitorTime(date, time, timeZone, visitorZone, locale) : null;
                  const seats = seatsLeft?.[time];
                  const twoLines = theirs !== null || seats !== undefined;
                  return (
                    <Button
                      key={time}
                      value={time}
                      variant={isSelected ? 'filled' : 'default'}
                      className={classes.slot}
                      // Inline, so the staff shell's Button styles cannot widen it: three columns on a phone.
                      px={4}
                      h={twoLines ? 'auto' : undefined}
                      py={twoLines ? 6 : undefined}
                      styles={twoLines ? TWO_CLOCKS : undefined}
                      aria-pressed={isSelected}
                      disabled={busy}
                      onClick={() => onSlotSelect({ date, time })}
                    >
                      {formatTime(time, locale)}
                      {theirs ? (
                        // Heard as '10:00 AM (4:00 AM your time)'; the line above the grid says it to the eye.
                        <>
                          <span className={classes.theirs} aria-hidden>
                            {theirs}
                          </span>
                          <VisuallyHidden component="span">{picker.yourTimeAfter(theirs)}</VisuallyHidden>
                        </>
                      ) : null}
                      {seats !== undefined ? (
                        // Heard as '10:00 AM, 6 seats left'.
                        <span className={classes.theirs} data-testid="seats-left">
                          <VisuallyHidden component="span">, </VisuallyHidden>
                          {picker.seatsLeft(seats)}
                        </span>
                      ) : null}
                    </Button>
                  );
                })}
              </SimpleGrid>
            </>
          )}
        </Stack>
      ) : (
        <Text c="dimmed" ta="center" size="sm">
          {picker.chooseADay}
        </Text>
      )}
    </Stack>
  );
}
