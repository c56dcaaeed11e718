import {
  EMPLOYEE_CALENDAR_LIMITS,
  type EmployeeCalendar,
  employeeCalendarFormSchema,
} from '@chatdesk/contract/employee-calendars';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { RemoveTimeOffModal } from '../../../components/remove-time-off-modal';
import { formatDateTime } from '../../../lib/format';
import { refusalText } from '../../../lib/mutation-feedback';
import {
  useAddEmployeeCalendar,
  useEmployeeCalendars,
  useRefreshEmployeeCalendar,
  useRemoveEmployeeCalendar,
} from '../api';
import { busyCountText, shortCalendarAddress } from '../employee-calendars';

const calendarName = (calendar: EmployeeCalendar) => calendar.label || shortCalendarAddress(calendar.url);

/** The employee's own calendars (Google, Outlook, iCloud): their busy events close booking times. */
export function CalendarsCard({ employeeId }: { employeeId: string }) {
  const calendars = useEmployeeCalendars(employeeId);
  const refresh = useRefreshEmployeeCalendar(employeeId);
  const remove = useRemoveEmployeeCalendar(employeeId);
  const [removing, setRemoving] = useState<EmployeeCalendar | null>(null);
  const full = (calendars.data?.length ?? 0) >= EMPLOYEE_CALENDAR_LIMITS.perEmployee;

  return (
    <Card p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="employee-calendars-title">
      <Stack gap="md">
        <div>
          <Title order={3} fz="lg" id="employee-calendars-title">
            Calendars
          </Title>
          <Text size="sm" c="dimmed">
            Times that are busy in this person's own calendars cannot be booked. They are read again every 15
            minutes.
          </Text>
        </div>

        {calendars.isPending ? (
          <Skeleton height={56} role="status" aria-label="Loading calendars" />
        ) : calendars.isError ? (
          <ErrorAlert>Failed to load the calendars</ErrorAlert>
        ) : calendars.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No calendars yet.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} aria-label="Calendars">
            {calendars.data.map((calendar) => (
              <CalendarRow
                key={calendar.id}
                calendar={calendar}
                refreshing={refresh.isPending && refresh.variables === calendar.id}
                onRefresh={() => refresh.mutate(calendar.id)}
                onRemove={() => setRemoving(calendar)}
              />
            ))}
          </Stack>
        )}

        {full ? (
          <Text size="sm" c="dimmed">
            {`At most ${EMPLOYEE_CALENDAR_LIMITS.perEmployee} calendars: remove one to add another.`}
          </Text>
        ) : (
          <AddCalendarFields employeeId={employeeId} />
        )}
      </Stack>

      <RemoveTimeOffModal
        subject={removing ? calendarName(removing) : null}
        title="Remove calendar?"
        consequence="Its busy times no longer close booking times."
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id, { onSettled: () => setRemoving(null) });
        }}
      />
    </Card>
  );
}

type CalendarRowProps = {
  calendar: EmployeeCalendar;
  refreshing: boolean;
  onRefresh: () => void;
  onRemove: () => void;
};

function CalendarRow({ calendar, refreshing, onRefresh, onRemove }: CalendarRowProps) {
  const name = calendarName(calendar);
  return (
    <Paper component="li" withBorder radius="md" px="md" py="sm" style={{ listStyle: 'none' }}>
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Badge variant="light" color={calendar.lastError ? 'red' : 'gray'}>
              {busyCountText(calendar.busyCount)}
            </Badge>
          </Group>
          {calendar.label ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {shortCalendarAddress(calendar.url)}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {calendar.lastSuccessAt ? `Last read ${formatDateTime(calendar.lastSuccessAt)}` : 'Never read'}
          </Text>
          {calendar.lastError ? (
            <Group gap={6} wrap="nowrap" align="flex-start" c="red">
              <IconAlertTriangle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
                {calendar.lastError}
              </Text>
            </Group>
          ) : null}
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Read again">
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={`Read ${name} again`}
              loading={refreshing}
              onClick={onRefresh}
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Remove">
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove ${name}`}
              onClick={onRemove}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * The address and an optional name. Not a form of its own: the card sits inside the employee's
 * form, so Enter adds the calendar here instead of saving the employee.
 */
function AddCalendarFields({ employeeId }: { employeeId: string }) {
  const add = useAddEmployeeCalendar(employeeId);
  const [url, setUrl] = useState('');
  const [label, setLabel] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);

  const submit = () => {
    const parsed = employeeCalendarFormSchema.safeParse({ url, label });
    if (!parsed.success) {
      setUrlError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setUrlError(null);
    add.mutate(parsed.data, {
      onSuccess: () => {
        setUrl('');
        setLabel('');
      },
    });
  };

  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submit();
  };

  return (
    <Stack gap="sm">
      <TextInput
        label="Calendar address"
        description="Paste the secret iCal address from Google Calendar, Outlook or iCloud."
        placeholder="https://calendar.google.com/…/basic.ics"
        autoComplete="off"
        maxLength={EMPLOYEE_CALENDAR_LIMITS.urlMax}
        value={url}
        onChange={(event) => {
          setUrl(event.currentTarget.value);
          setUrlError(null);
          add.reset();
        }}
        onKeyDown={onEnter}
        error={urlError}
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Calendar name"
          placeholder="Optional, e.g. Personal"
          autoComplete="off"
          maxLength={EMPLOYEE_CALENDAR_LIMITS.labelMax}
          value={label}
          onChange={(event) => setLabel(event.currentTarget.value)}
          onKeyDown={onEnter}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Button variant="light" leftSection={<IconPlus size={16} />} loading={add.isPending} onClick={submit}>
          Add calendar
        </Button>
      </Group>
      <ErrorAlert>{add.isError ? refusalText(add.error, 'Failed to add the calendar') : null}</ErrorAlert>
    </Stack>
  );
}
