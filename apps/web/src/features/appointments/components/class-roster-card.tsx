import type { ClassRoster } from '@chatdesk/contract/appointments';
import { Alert, Anchor, Button, Card, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconUsersGroup, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { formatMinorMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useCancelClass, useClassRoster, useMarkAttendance } from '../api';
import { AppointmentStatusBadge } from './appointment-status-badge';

type Entry = NonNullable<ClassRoster['roster']>['entries'][number];

/** How a seat was paid, as the roster says it. */
function paidWith(entry: Entry) {
  if (entry.pack)
    return entry.pack.returned ? `Pack session given back` : `Pack session (${entry.pack.name})`;
  if (entry.payment) {
    const money = formatMinorMoney(entry.payment.amount, entry.payment.currency);
    return entry.payment.refunded ? `${money} refunded` : `${money} paid`;
  }
  return 'Not paid';
}

/**
 * The class time of a seat (decision 024): every client with how they paid and their attendance
 * (the seat's status, saved as it is toggled), and cancelling the whole class. Nothing for a
 * one-to-one appointment.
 */
export function ClassRosterCard({ appointmentId }: { appointmentId: string }) {
  const roster = useClassRoster(appointmentId);
  const mark = useMarkAttendance(appointmentId);
  const cancelClass = useCancelClass(appointmentId);
  const [confirming, setConfirming] = useState(false);
  const data = roster.data?.roster;
  if (!data) return null;
  const scheduled = data.entries.filter((entry) => entry.status === 'scheduled');
  const cancelError =
    cancelClass.error instanceof ApiError && cancelClass.error.serverMessage
      ? cancelClass.error.serverMessage
      : cancelClass.isError
        ? 'The class could not be cancelled. Please try again.'
        : null;

  return (
    <Card p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="class-roster-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4}>
            <Group gap="xs">
              <IconUsersGroup size={20} aria-hidden />
              <Title order={3} id="class-roster-title">
                Class roster
              </Title>
            </Group>
            <Text size="sm" c="dimmed" data-testid="roster-seats">
              {data.seatsTaken} of {data.seats} seats taken
            </Text>
          </Stack>
          {scheduled.length > 0 ? (
            <Button
              color="red"
              variant="light"
              leftSection={<IconX size={16} />}
              onClick={() => {
                cancelClass.reset();
                setConfirming(true);
              }}
            >
              Cancel class
            </Button>
          ) : null}
        </Group>
        {data.entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nobody has booked this class.
          </Text>
        ) : (
          // Two columns, so a phone shows the attendance buttons without scrolling sideways.
          <Table.ScrollContainer minWidth={300}>
            <Table verticalSpacing="sm" aria-labelledby="class-roster-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Client</Table.Th>
                  <Table.Th>Attendance</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.entries.map((entry) => {
                  const open = entry.status !== 'cancelled';
                  const busy = mark.isPending && mark.variables?.id === entry.appointmentId;
                  return (
                    <Table.Tr key={entry.appointmentId}>
                      <Table.Td>
                        <Stack gap={4} align="flex-start">
                          <Anchor component={Link} to={paths.appointment(entry.appointmentId)} fw={500}>
                            {entry.client.name}
                          </Anchor>
                          <Group gap="xs" wrap="wrap">
                            <Text size="sm" c="dimmed">
                              {paidWith(entry)}
                            </Text>
                            {/* Whole on a phone: the column is narrow, and a cut status ('SCHEDUL…') says nothing. */}
                            <AppointmentStatusBadge status={entry.status} miw="max-content" />
                          </Group>
                        </Stack>
                      </Table.Td>
                      <Table.Td>
                        {open ? (
                          <Group
                            gap={6}
                            wrap="wrap"
                            role="group"
                            aria-label={`Attendance of ${entry.client.name}`}
                          >
                            {(
                              [
                                ['completed', 'Attended'],
                                ['no-show', 'No-show'],
                              ] as const
                            ).map(([status, label]) => {
                              const on = entry.status === status;
                              return (
                                <Button
                                  key={status}
                                  size="xs"
                                  variant={on ? 'filled' : 'default'}
                                  aria-pressed={on}
                                  disabled={busy}
                                  // Pressed again, the mark comes off: the seat is scheduled again.
                                  onClick={() =>
                                    mark.mutate({
                                      id: entry.appointmentId,
                                      status: on ? 'scheduled' : status,
                                    })
                                  }
                                >
                                  {label}
                                </Button>
                              );
                            })}
                          </Group>
                        ) : (
                          <Text size="sm" c="dimmed">
                            —
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => (cancelClass.isPending ? undefined : setConfirming(false))}
        title="Cancel the whole class?"
        centered
      >
        <Stack gap="md">
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Everyone booked is told">
            <Text size="sm">
              The {scheduled.length === 1 ? 'booked seat is' : `${scheduled.length} booked seats are`}{' '}
              cancelled: each payment is refunded in full, each pack session is given back, and each client is
              emailed.
            </Text>
          </Alert>
          {cancelError ? (
            <Alert color="red" role="alert" title="Class not cancelled">
              {cancelError}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={cancelClass.isPending}>
              Keep the class
            </Button>
            <Button
              color="red"
              loading={cancelClass.isPending}
              onClick={() => cancelClass.mutate(undefined, { onSuccess: () => setConfirming(false) })}
            >
              Cancel class
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
