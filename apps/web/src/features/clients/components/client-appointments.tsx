import type { ClientDetail } from '@chatdesk/contract/clients';
import { Badge, Box, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconCalendarOff, IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { paths } from '../../../lib/paths';
import { APPOINTMENT_STATUS_STYLE, formatAppointmentDate, formatAppointmentTimes } from '../client-format';

type Appointment = ClientDetail['appointments'][number];

export function ClientAppointments({ appointments }: { appointments: Appointment[] }) {
  if (appointments.length === 0) {
    return (
      <Card p={0}>
        <EmptyState icon={<IconCalendarOff size={28} />} title="No appointments" />
      </Card>
    );
  }
  return (
    <Card p={0}>
      <Box visibleFrom="sm">
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Client appointments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Time</Table.Th>
                <Table.Th>Employee</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {appointments.map((appointment) => (
                <Table.Tr key={appointment.id}>
                  <Table.Td>
                    <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                      {formatAppointmentDate(appointment.date)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatAppointmentTimes(appointment.startTime, appointment.endTime)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{appointment.employee.name}</Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={appointment.status} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <ViewButton id={appointment.id} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      <Stack hiddenFrom="sm" gap={0} component="ul" p={0} m={0} aria-label="Client appointments">
        {appointments.map((appointment) => (
          <Box
            key={appointment.id}
            component="li"
            p="md"
            style={{ listStyle: 'none', borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {formatAppointmentDate(appointment.date)}
                </Text>
                <Text size="sm">{formatAppointmentTimes(appointment.startTime, appointment.endTime)}</Text>
                <Text size="xs" c="dimmed">
                  with {appointment.employee.name}
                </Text>
              </Stack>
              <Stack gap="xs" align="flex-end">
                <StatusBadge status={appointment.status} />
                <ViewButton id={appointment.id} />
              </Stack>
            </Group>
          </Box>
        ))}
      </Stack>
    </Card>
  );
}

function StatusBadge({ status }: { status: Appointment['status'] }) {
  const style = APPOINTMENT_STATUS_STYLE[status];
  return (
    <Badge color={style.color} variant="light">
      {style.label}
    </Badge>
  );
}

function ViewButton({ id }: { id: string }) {
  return (
    <Button
      component={Link}
      to={paths.appointment(id)}
      size="xs"
      variant="light"
      leftSection={<IconEye size={14} />}
    >
      View
    </Button>
  );
}
