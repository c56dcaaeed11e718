import type { Appointment } from '@chatdesk/contract/appointments';
import { formatDuration } from '@chatdesk/contract/schedule-rules';
import { Anchor, Box, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconEye, IconTrash } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { ListCard, ResponsiveTable, useOpenOnClick } from '../../../components/responsive-table';
import { fromList } from '../../../lib/back-to';
import { paths } from '../../../lib/paths';
import { formatShortDate, formatTimeRange, paidText } from '../appointment-format';
import { AppointmentStatusBadge } from './appointment-status-badge';

type AppointmentsTableProps = { appointments: Appointment[]; onDelete: (appointment: Appointment) => void };

/** A click anywhere on a row or card opens the appointment. */
export function AppointmentsTable({ appointments, onDelete }: AppointmentsTableProps) {
  return (
    <ResponsiveTable
      label="Appointments"
      items={appointments}
      itemKey={(appointment) => appointment.id}
      columns={[
        'Client',
        'Date & Time',
        'Service',
        'Employee',
        'Status',
        { label: 'Actions', align: 'right' },
      ]}
      minWidth={860}
      row={(appointment) => <AppointmentRow appointment={appointment} onDelete={onDelete} />}
      card={(appointment) => <AppointmentCard appointment={appointment} onDelete={onDelete} />}
    />
  );
}

type AppointmentItemProps = { appointment: Appointment; onDelete: (appointment: Appointment) => void };

function AppointmentCard({ appointment, onDelete }: AppointmentItemProps) {
  const openDetail = useOpenOnClick(paths.appointment(appointment.id), fromList(useLocation()));
  return (
    <ListCard onClick={openDetail}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <ClientCell appointment={appointment} />
        <AppointmentStatusBadge status={appointment.status} style={{ flexShrink: 0 }} />
      </Group>
      <Text size="sm" fw={500} mt="xs">
        {formatShortDate(appointment.date)} · {formatTimeRange(appointment.startTime, appointment.endTime)}
      </Text>
      <Text size="sm" c="dimmed">
        {appointment.service.name} with {appointment.employee.name}
        {paidText(appointment) ? ` · ${paidText(appointment)}` : ''}
      </Text>
      <Box mt="xs">
        <RowActions appointment={appointment} onDelete={onDelete} />
      </Box>
    </ListCard>
  );
}

function ClientCell({ appointment: { client } }: { appointment: Appointment }) {
  return (
    <Stack gap={0} miw={0}>
      {client.id ? (
        <Anchor component={Link} to={paths.client(client.id)} fw={600} c="bright" underline="hover">
          {client.name}
        </Anchor>
      ) : (
        <Text fw={600} c="bright">
          {client.name}
        </Text>
      )}
      <Text size="xs" c="dimmed" truncate="end">
        {client.email || '—'}
      </Text>
    </Stack>
  );
}

function RowActions({ appointment, onDelete }: AppointmentItemProps) {
  const location = useLocation();
  return (
    // On a laptop the two stack rather than push the table past the page (a service column made it wider).
    <Group gap={4} justify="flex-end" wrap="wrap">
      <Button
        component={Link}
        to={paths.appointment(appointment.id)}
        state={fromList(location)}
        size="xs"
        variant="light"
        leftSection={<IconEye size={14} />}
      >
        View
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} />}
        onClick={() => onDelete(appointment)}
      >
        Delete
      </Button>
    </Group>
  );
}

function AppointmentRow({ appointment, onDelete }: AppointmentItemProps) {
  const openDetail = useOpenOnClick(paths.appointment(appointment.id), fromList(useLocation()));
  const { employee } = appointment;

  return (
    <Table.Tr onClick={openDetail} style={{ cursor: 'pointer' }}>
      <Table.Td>
        <ClientCell appointment={appointment} />
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {formatShortDate(appointment.date)}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatTimeRange(appointment.startTime, appointment.endTime)}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        {/* Whole words: broken anywhere, "Appointment" let the column shrink to a letter on a laptop. */}
        <Box maw={220} style={{ overflowWrap: 'break-word' }}>
          <Text size="sm">{appointment.service.name}</Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatDuration(appointment.service.durationMinutes)}
            {paidText(appointment) ? ` · ${paidText(appointment)}` : ''}
          </Text>
        </Box>
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm">{employee.name}</Text>
          <Text size="xs" c="dimmed">
            {employee.email || '—'}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        {/* Never cut to "SCH…": the table scrolls before a status is truncated. */}
        <AppointmentStatusBadge status={appointment.status} style={{ minWidth: 'max-content' }} />
      </Table.Td>
      <Table.Td>
        <RowActions appointment={appointment} onDelete={onDelete} />
      </Table.Td>
    </Table.Tr>
  );
}
