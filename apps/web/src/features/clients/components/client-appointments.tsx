import type { ClientDetail } from '@chatdesk/contract/clients';
import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconCalendarOff, IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ListCard, ResponsiveTable } from '../../../components/responsive-table';
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
      <ResponsiveTable
        label="Client appointments"
        items={appointments}
        itemKey={(appointment) => appointment.id}
        columns={['Date', 'Time', 'Employee', 'Status', { label: 'Actions', align: 'right' }]}
        minWidth={640}
        highlightOnHover={false}
        row={(appointment) => (
          <Table.Tr>
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
        )}
        card={(appointment) => (
          <ListCard>
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
          </ListCard>
        )}
      />
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
