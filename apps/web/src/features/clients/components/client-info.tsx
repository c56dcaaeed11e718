import type { ClientDetail } from '@chatdesk/contract/clients';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconCalendarPlus,
  IconId,
  IconMail,
  IconMapPin,
  IconNotes,
  IconPhone,
  IconRefresh,
  IconShare,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format';
import { CLIENT_SOURCE_LABELS, formatAddress } from '../client-format';

export function ClientInfo({ client }: { client: ClientDetail }) {
  const address = formatAddress(client.address);
  return (
    <Card p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
          <Field icon={<IconPhone size={18} />} label="Phone">
            {/* A visitor who subscribed on the public page left only an email. */}
            {client.phone ? (
              <Anchor href={`tel:${client.phone}`} fw={500}>
                {client.phone}
              </Anchor>
            ) : (
              <Empty />
            )}
          </Field>
          <Field icon={<IconMail size={18} />} label="Email">
            {client.email ? (
              <Anchor href={`mailto:${client.email}`} fw={500} style={{ overflowWrap: 'anywhere' }}>
                {client.email}
              </Anchor>
            ) : (
              <Empty />
            )}
          </Field>
          <Field icon={<IconShare size={18} />} label="Source">
            <Text fw={500}>{CLIENT_SOURCE_LABELS[client.source]}</Text>
          </Field>
          <Field icon={<IconId size={18} />} label="Assigned Employee">
            {client.assignedEmployee ? <Text fw={500}>{client.assignedEmployee.name}</Text> : <Empty />}
          </Field>
          <Field icon={<IconMapPin size={18} />} label="Address">
            {address ? <Text fw={500}>{address}</Text> : <Empty />}
          </Field>
          <Field icon={<IconCalendarPlus size={18} />} label="Created">
            <Text fw={500}>{formatDateTime(client.createdAt)}</Text>
          </Field>
          <Field icon={<IconRefresh size={18} />} label="Last Updated">
            <Text fw={500}>{formatDateTime(client.updatedAt)}</Text>
          </Field>
        </SimpleGrid>
        <Field icon={<IconNotes size={18} />} label="Notes">
          {client.notes ? (
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {client.notes}
            </Text>
          ) : (
            <Empty />
          )}
        </Field>
      </Stack>
    </Card>
  );
}

function Empty() {
  return <Text c="dimmed">—</Text>;
}

export function Field({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <ThemeIcon variant="light" size={36} radius="md">
        {icon}
      </ThemeIcon>
      <Stack gap={2} miw={0}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}
