import type { ClassWaitlist } from '@chatdesk/contract/waitlist';
import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useCompany } from '../../settings/api';
import { useClassWaitlist } from '../waitlist-api';

type Entry = ClassWaitlist['entries'][number];

const COLORS: Record<Entry['status'], string> = {
  waiting: 'blue',
  offered: 'yellow',
  booked: 'teal',
  declined: 'gray',
  expired: 'gray',
  cancelled: 'red',
};

/** 'Offered until 10:30' on the business's clock; the other states by name. */
export function waitlistStatusText(entry: Pick<Entry, 'status' | 'holdUntil'>, timeZone: string | undefined) {
  if (entry.status === 'offered') {
    if (!entry.holdUntil) return 'Offered (being sent)';
    const until = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      ...(timeZone ? { timeZone } : {}),
    }).format(new Date(entry.holdUntil));
    return `Offered until ${until}`;
  }
  return entry.status.charAt(0).toUpperCase() + entry.status.slice(1);
}

/** The appointment's waitlist (its class time's, under the roster, or its one-to-one time's): who is in line, and what became of each offer. */
export function ClassWaitlistCard({ appointmentId }: { appointmentId: string }) {
  const waitlist = useClassWaitlist(appointmentId);
  const timeZone = useCompany().data?.timeZone;
  const entries = waitlist.data?.entries ?? [];
  if (entries.length === 0) return null;
  return (
    <Card p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="class-waitlist-title">
      <Stack gap="md">
        <Group gap="xs">
          <IconHourglass size={20} aria-hidden />
          <Title order={3} id="class-waitlist-title">
            Waitlist
          </Title>
        </Group>
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing="sm" data-testid="class-waitlist">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>#</Table.Th>
                <Table.Th>In line</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{entry.position}</Table.Td>
                  <Table.Td>
                    {/* The state under the name, as the roster shows a seat's: a phone keeps it whole. */}
                    <Group gap="xs" wrap="wrap">
                      <Text size="sm" fw={500}>
                        {entry.name}
                      </Text>
                      <Badge variant="light" color={COLORS[entry.status]}>
                        {waitlistStatusText(entry, timeZone)}
                      </Badge>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {entry.email}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}
