import type { Appointment } from '@chatdesk/contract/appointments';
import { Anchor, Box, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconEye, IconTrash } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { formatShortDate, formatTimeRange } from '../appointment-format';
import { AppointmentStatusBadge } from './appointment-status-badge';

type AppointmentsTableProps = { appointments: Appointment[]; onDelete: (appointment: Appointment) => void };

/** A table on wide screens, a list of cards on phones; either opens the detail on click. */
export function AppointmentsTable({ appointments, onDelete }: AppointmentsTableProps) {
  return (
    <>
      <Box visibleFrom="sm">
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Appointments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Client</Table.Th>
                <Table.Th>Date &amp; Time</Table.Th>
                <Table.Th>Employee</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {appointments.map((appointment) => (
                <AppointmentRow key={appointment.id} appointment={appointment} onDelete={onDelete} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      <Stack hiddenFrom="sm" gap={0} component="ul" p={0} m={0} aria-label="Appointments">
        {appointments.map((appointment) => (
          <AppointmentCard key={appointment.id} appointment={appointment} onDelete={onDelete} />
        ))}
      </Stack>
    </>
  );
}

type AppointmentItemProps = { appointment: Appointment; onDelete: (appointment: Appointment) => void };

function useOpenDetail(id: string) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    // Links and buttons inside do their own thing.
    if ((event.target as HTMLElement).closest('a, button')) return;
    void navigate(paths.appointment(id));
  };
}

function AppointmentCard({ appointment, onDelete }: AppointmentItemProps) {
  const openDetail = useOpenDetail(appointment.id);
  return (
    <Box
      component="li"
      p="md"
      onClick={openDetail}
      style={{ listStyle: 'none', cursor: 'pointer', borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <ClientCell appointment={appointment} />
        <AppointmentStatusBadge status={appointment.status} style={{ flexShrink: 0 }} />
      </Group>
      <Text size="sm" fw={500} mt="xs">
        {formatShortDate(appointment.date)} · {formatTimeRange(appointment.startTime, appointment.endTime)}
      </Text>
      <Text size="sm" c="dimmed">
        with {appointment.employee.name}
      </Text>
      <Box mt="xs">
        <RowActions appointment={appointment} onDelete={onDelete} />
      </Box>
    </Box>
  );
}

function ClientCell({ appointment: { client } }: { appointment: Appointment }) {
  return (
    <Stack gap={0} miw={0}>
      {client.id ? (
        <Anchor component={Link} to={paths.client(client.id)} fw={600} c="dark.8" underline="hover">
          {client.name}
        </Anchor>
      ) : (
        <Text fw={600} c="dark.8">
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
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Button
        component={Link}
        to={paths.appointment(appointment.id)}
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
  const openDetail = useOpenDetail(appointment.id);
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
        <Stack gap={0}>
          <Text size="sm">{employee.name}</Text>
          <Text size="xs" c="dimmed">
            {employee.email || '—'}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <AppointmentStatusBadge status={appointment.status} />
      </Table.Td>
      <Table.Td>
        <RowActions appointment={appointment} onDelete={onDelete} />
      </Table.Td>
    </Table.Tr>
  );
}
