import type { ClientDetail } from '@chatdesk/contract/clients';
import { Anchor, Card, SimpleGrid, Stack, Text } from '@mantine/core';
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
import { DetailField } from '../../../components/detail-field';
import { formatDateTime } from '../../../lib/format';
import { CLIENT_SOURCE_LABELS, formatAddress } from '../client-format';

export function ClientInfo({ client }: { client: ClientDetail }) {
  const address = formatAddress(client.address);
  return (
    <Card p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
          <DetailField icon={<IconPhone size={18} />} label="Phone">
            {/* A visitor who subscribed on the public page left only an email. */}
            {client.phone ? (
              <Anchor href={`tel:${client.phone}`} fw={500}>
                {client.phone}
              </Anchor>
            ) : (
              <Empty />
            )}
          </DetailField>
          <DetailField icon={<IconMail size={18} />} label="Email">
            {client.email ? (
              <Anchor href={`mailto:${client.email}`} fw={500} style={{ overflowWrap: 'anywhere' }}>
                {client.email}
              </Anchor>
            ) : (
              <Empty />
            )}
          </DetailField>
          <DetailField icon={<IconShare size={18} />} label="Source">
            <Text fw={500}>{CLIENT_SOURCE_LABELS[client.source]}</Text>
          </DetailField>
          <DetailField icon={<IconId size={18} />} label="Assigned Employee">
            {client.assignedEmployee ? <Text fw={500}>{client.assignedEmployee.name}</Text> : <Empty />}
          </DetailField>
          <DetailField icon={<IconMapPin size={18} />} label="Address">
            {address ? <Text fw={500}>{address}</Text> : <Empty />}
          </DetailField>
          <DetailField icon={<IconCalendarPlus size={18} />} label="Created">
            <Text fw={500}>{formatDateTime(client.createdAt)}</Text>
          </DetailField>
          <DetailField icon={<IconRefresh size={18} />} label="Last Updated">
            <Text fw={500}>{formatDateTime(client.updatedAt)}</Text>
          </DetailField>
        </SimpleGrid>
        <DetailField icon={<IconNotes size={18} />} label="Notes">
          {client.notes ? (
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {client.notes}
            </Text>
          ) : (
            <Empty />
          )}
        </DetailField>
      </Stack>
    </Card>
  );
}

function Empty() {
  return <Text c="dimmed">—</Text>;
}
