import type { TimeRange } from '@chatdesk/contract/employees';
import {
  type AffectedAppointment,
  createDateOverrideSchema,
  type DateOverride,
} from '@chatdesk/contract/time-off';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconCalendarOff, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { AffectedAppointmentsAlert } from '../../../components/affected-appointments-alert';
import { ErrorAlert } from '../../../components/error-alert';
import { RemoveTimeOffModal } from '../../../components/remove-time-off-modal';
import { formatDateSpan, formatRanges } from '../../../lib/date-span';
import { refusalText } from '../../../lib/mutation-feedback';
import { useAddDateOverride, useDateOverrides, useRemoveDateOverride } from '../api';
import { isRangeInvalid, NEW_RANGE } from '../employee-form';
import { DateRangesInput } from './date-ranges-input';

type Kind = 'off' | 'hours';
const KINDS = [
  { value: 'off', label: 'Day off' },
  { value: 'hours', label: 'Different hours' },
];

/** An employee's days off, holidays and special hours on given dates, over the weekly hours. */
export function TimeOffCard({ employeeId, timeZone }: { employeeId: string; timeZone: string | undefined }) {
  const overrides = useDateOverrides(employeeId);
  const remove = useRemoveDateOverride(employeeId);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<DateOverride | null>(null);
  const [affected, setAffected] = useState<AffectedAppointment[]>([]);

  return (
    <Card p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ flex: 1, minWidth: 220 }}>
            <Title order={3} fz="lg">
              Time off and special hours
            </Title>
            <Text size="sm" c="dimmed">
              On these dates the weekly hours do not apply{timeZone ? ` (times in ${timeZone})` : ''}. Days
              the whole business is closed are set in Company Settings.
            </Text>
          </div>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add time off
          </Button>
        </Group>

        {affected.length > 0 ? (
          <AffectedAppointmentsAlert appointments={affected} onClose={() => setAffected([])} />
        ) : null}

        {overrides.isPending ? (
          <Skeleton height={56} role="status" aria-label="Loading time off" />
        ) : overrides.isError ? (
          <ErrorAlert>Failed to load the time off</ErrorAlert>
        ) : overrides.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No time off or special hours.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} aria-label="Time off and special hours">
            {overrides.data.map((override) => (
              <OverrideRow key={override.id} override={override} onRemove={() => setRemoving(override)} />
            ))}
          </Stack>
        )}
      </Stack>

      <AddTimeOffModal
        employeeId={employeeId}
        opened={adding}
        onClose={() => setAdding(false)}
        onAdded={(appointments) => {
          setAdding(false);
          setAffected(appointments);
        }}
      />
      <RemoveTimeOffModal
        subject={removing ? formatDateSpan(removing.fromDate, removing.toDate) : null}
        title="Remove time off?"
        consequence="The weekly hours apply again on these dates, and their free slots can be booked."
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id, { onSettled: () => setRemoving(null) });
        }}
      />
    </Card>
  );
}

function OverrideRow({ override, onRemove }: { override: DateOverride; onRemove: () => void }) {
  const span = formatDateSpan(override.fromDate, override.toDate);
  const dayOff = override.ranges.length === 0;
  return (
    <Paper component="li" withBorder radius="md" px="md" py="sm" style={{ listStyle: 'none' }}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm">
              {span}
            </Text>
            <Badge variant="light" color={dayOff ? 'gray' : 'blue'}>
              {dayOff ? 'Day off' : formatRanges(override.ranges)}
            </Badge>
          </Group>
          {override.note ? (
            <Text size="sm" c="dimmed" truncate>
              {override.note}
            </Text>
          ) : null}
        </Stack>
        <Tooltip label="Remove">
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove time off ${span}`}
            onClick={onRemove}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}

type AddTimeOffModalProps = {
  employeeId: string;
  opened: boolean;
  onClose: () => void;
  onAdded: (affected: AffectedAppointment[]) => void;
};

function AddTimeOffModal({ employeeId, opened, onClose, onAdded }: AddTimeOffModalProps) {
  const add = useAddDateOverride(employeeId);
  const [dates, setDates] = useState<[string | null, string | null]>([null, null]);
  const [kind, setKind] = useState<Kind>('off');
  const [ranges, setRanges] = useState<TimeRange[]>([[...NEW_RANGE]]);
  const [note, setNote] = useState('');
  const [datesError, setDatesError] = useState<string | null>(null);

  const close = () => {
    setDates([null, null]);
    setKind('off');
    setRanges([[...NEW_RANGE]]);
    setNote('');
    setDatesError(null);
    add.reset();
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The dialog sits inside the employee form in React's tree: its submit must not save that form.
    event.stopPropagation();
    const [fromDate, toDate] = dates;
    const parsed = createDateOverrideSchema.safeParse({
      fromDate: fromDate ?? '',
      toDate: toDate ?? fromDate ?? '',
      ranges: kind === 'off' ? [] : ranges,
      note,
    });
    setDatesError(
      parsed.success
        ? null
        : (parsed.error.issues.find((issue) => issue.path[0] !== 'ranges')?.message ?? null),
    );
    if (!parsed.success || (kind === 'hours' && ranges.some(isRangeInvalid))) return;
    add.mutate(parsed.data, {
      onSuccess: (created) => {
        close();
        onAdded(created.affectedAppointments);
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Add time off" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <DatePickerInput
            type="range"
            allowSingleDateInRange
            label="Dates"
            description="One day, or the first and last day of a range."
            placeholder="Pick dates"
            withAsterisk
            firstDayOfWeek={1}
            valueFormat="MMM D, YYYY"
            leftSection={<IconCalendar size={16} />}
            popoverProps={{ shadow: 'md' }}
            value={dates}
            onChange={(value) => {
              setDates(value);
              setDatesError(null);
            }}
            error={datesError}
          />
          <SegmentedControl
            data={KINDS}
            value={kind}
            onChange={(value) => setKind(value as Kind)}
            aria-label="Kind of time off"
          />
          {kind === 'hours' ? (
            <DateRangesInput ranges={ranges} onChange={setRanges} />
          ) : (
            <Group gap="xs" c="dimmed">
              <IconCalendarOff size={16} aria-hidden />
              <Text size="sm">No bookings on these dates.</Text>
            </Group>
          )}
          <TextInput
            label="Note"
            placeholder="e.g. Holiday"
            maxLength={200}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <ErrorAlert>{add.isError ? refusalText(add.error, 'Failed to add the time off') : null}</ErrorAlert>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={add.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
