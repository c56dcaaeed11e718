import {
  type AffectedAppointment,
  type BusinessClosure,
  createBusinessClosureSchema,
} from '@chatdesk/contract/time-off';
import {
  ActionIcon,
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
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { AffectedAppointmentsAlert } from '../../../components/affected-appointments-alert';
import { ErrorAlert } from '../../../components/error-alert';
import { RemoveTimeOffModal } from '../../../components/remove-time-off-modal';
import { formatDateSpan } from '../../../lib/date-span';
import { refusalText } from '../../../lib/mutation-feedback';
import { useAddClosure, useClosures, useRemoveClosure } from '../api';

type FieldErrors = { name?: string; dates?: string };

/** Public holidays and other days the whole business is closed: no calendar offers them. */
export function ClosedDaysSettings() {
  const closures = useClosures();
  const add = useAddClosure();
  const remove = useRemoveClosure();
  const [name, setName] = useState('');
  const [dates, setDates] = useState<[string | null, string | null]>([null, null]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [removing, setRemoving] = useState<BusinessClosure | null>(null);
  const [affected, setAffected] = useState<AffectedAppointment[]>([]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    add.reset();
    const [fromDate, toDate] = dates;
    const parsed = createBusinessClosureSchema.safeParse({
      name,
      fromDate: fromDate ?? '',
      toDate: toDate ?? fromDate ?? '',
    });
    if (!parsed.success) {
      const messageOf = (field: string) =>
        parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      setErrors({ name: messageOf('name'), dates: messageOf('fromDate') ?? messageOf('toDate') });
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: (created) => {
        setName('');
        setDates([null, null]);
        setAffected(created.affectedAppointments);
      },
    });
  };

  return (
    <Card p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <div>
          <Title order={3} fz="lg">
            Closed days
          </Title>
          <Text size="sm" c="dimmed">
            Public holidays and other days the whole business is closed: nobody can book on them.
          </Text>
        </div>

        <form onSubmit={submit} noValidate aria-label="Add closed days">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Name"
              placeholder="e.g. Christmas Day"
              withAsterisk
              maxLength={200}
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setErrors((current) => ({ ...current, name: undefined }));
              }}
              error={errors.name}
              style={{ flex: 1, minWidth: 200 }}
            />
            <DatePickerInput
              type="range"
              allowSingleDateInRange
              label="Dates"
              placeholder="Pick dates"
              withAsterisk
              firstDayOfWeek={1}
              valueFormat="MMM D, YYYY"
              leftSection={<IconCalendar size={16} />}
              popoverProps={{ shadow: 'md' }}
              value={dates}
              onChange={(value) => {
                setDates(value);
                setErrors((current) => ({ ...current, dates: undefined }));
              }}
              error={errors.dates}
              style={{ flex: 1, minWidth: 220 }}
            />
            <Button
              type="submit"
              mt={{ base: 0, xs: 25 }}
              leftSection={<IconPlus size={16} />}
              loading={add.isPending}
            >
              Add
            </Button>
          </Group>
        </form>
        <ErrorAlert>
          {add.isError ? refusalText(add.error, 'Failed to add the closed days') : null}
        </ErrorAlert>

        {affected.length > 0 ? (
          <AffectedAppointmentsAlert appointments={affected} onClose={() => setAffected([])} />
        ) : null}

        {closures.isPending ? (
          <Skeleton height={48} role="status" aria-label="Loading closed days" />
        ) : closures.isError ? (
          <ErrorAlert>Failed to load the closed days</ErrorAlert>
        ) : closures.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No closed days.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} aria-label="Closed days">
            {closures.data.map((closure) => {
              const span = formatDateSpan(closure.fromDate, closure.toDate);
              return (
                <Paper
                  key={closure.id}
                  component="li"
                  withBorder
                  radius="md"
                  px="md"
                  py="sm"
                  style={{ listStyle: 'none' }}
                >
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={600} size="sm" truncate>
                        {closure.name}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {span}
                      </Text>
                    </Stack>
                    <Tooltip label="Remove">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={`Remove ${closure.name}`}
                        onClick={() => setRemoving(closure)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
      </Stack>

      <RemoveTimeOffModal
        subject={removing ? `${removing.name} (${formatDateSpan(removing.fromDate, removing.toDate)})` : null}
        title="Remove closed days?"
        consequence="The business opens again on these dates, and the employees' free slots can be booked."
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id, { onSettled: () => setRemoving(null) });
        }}
      />
    </Card>
  );
}
