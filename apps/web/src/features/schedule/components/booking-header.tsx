import type { PublicSchedule } from '@chatdesk/contract/schedule';
import { formatDuration } from '@chatdesk/contract/schedule-rules';
import { Avatar, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4, IconMapPin, IconWorld } from '@tabler/icons-react';
import { visitorZoneNote } from '../../../components/slots/visitor-time';
import { initials } from '../../../lib/format';
import { useBookingTexts } from '../../../lib/page-language';

type BookingHeaderProps = {
  employee: PublicSchedule['employee'];
  timeZone: string;
  /** The length of the service the calendar is for; null while none is chosen. */
  durationMinutes: number | null;
};

export function BookingHeader({ employee, timeZone, durationMinutes }: BookingHeaderProps) {
  const texts = useBookingTexts();
  const zoneNote = visitorZoneNote(timeZone, texts);
  return (
    <Group gap="lg" wrap="nowrap" align="flex-start">
      <Avatar size={64} radius="xl" color="brand" variant="filled" visibleFrom="xs" aria-hidden>
        {initials(employee.name)}
      </Avatar>
      <Stack gap={6} style={{ minWidth: 0 }}>
        <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2}>
          {texts.heading(employee.name)}
        </Title>
        <Text c="dimmed" fw={500} data-testid="employee-title">
          {employee.title ?? texts.defaultTitle}
        </Text>
        <Group gap="xs" mt={4}>
          {durationMinutes === null ? null : (
            <Badge variant="light" color="brand" leftSection={<IconClockHour4 size={13} />}>
              {formatDuration(durationMinutes)}
            </Badge>
          )}
          {employee.locations.map((location) => (
            <Badge key={location} variant="light" color="gray" leftSection={<IconMapPin size={13} />}>
              {location}
            </Badge>
          ))}
        </Group>
        <Group gap={6} c="dimmed" wrap="nowrap">
          <IconWorld size={15} aria-hidden />
          <Text size="sm">
            {texts.timesShownIn(timeZone)}
            {zoneNote ? ` · ${zoneNote}` : ''}
          </Text>
        </Group>
      </Stack>
    </Group>
  );
}
