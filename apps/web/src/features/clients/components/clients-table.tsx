import type { Client } from '@chatdesk/contract/clients';
import { Anchor, Avatar, Group, Stack, Table, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { Highlighted } from '../../../components/highlight-match';
import { ListCard, ResponsiveTable, WrapAnywhere } from '../../../components/responsive-table';
import { deleteAction, editAction, RowActions } from '../../../components/row-actions';
import { fromList } from '../../../lib/back-to';
import { formatDate, initials } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { CLIENT_SOURCE_LABELS } from '../client-format';
import { ClientStatusBadge } from './client-status-badge';

type ClientsTableProps = { clients: Client[]; onDelete: (client: Client) => void };

export function ClientsTable({ clients, onDelete }: ClientsTableProps) {
  return (
    <ResponsiveTable
      label="Clients"
      items={clients}
      itemKey={(client) => client.id}
      columns={[
        'Name & Email',
        'Phone',
        'Status',
        'Source',
        'Assigned To',
        'Created',
        { label: 'Actions', align: 'right' },
      ]}
      minWidth={820}
      horizontalSpacing="sm"
      row={(client) => <ClientRow client={client} onDelete={onDelete} />}
      card={(client) => <ClientCard client={client} onDelete={onDelete} />}
    />
  );
}

type ClientItemProps = { client: Client; onDelete: (client: Client) => void };

/** The table row leaves the avatar out to keep every column on a laptop screen. */
function NameLink({ client, withEmail = false }: { client: Client; withEmail?: boolean }) {
  const list = fromList(useLocation());
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      {withEmail ? null : (
        <Avatar color="brand" radius="xl" size={36}>
          {initials(client.name)}
        </Avatar>
      )}
      <Stack gap={0} miw={0}>
        <Anchor
          component={Link}
          to={paths.client(client.id)}
          state={list}
          fw={600}
          c="bright"
          underline="hover"
        >
          <Highlighted text={client.name} />
        </Anchor>
        {withEmail ? (
          <Text size="xs" c="dimmed" truncate="end">
            {client.email ? <Highlighted text={client.email} /> : '—'}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

function ClientActions({ client, onDelete }: ClientItemProps) {
  const list = fromList(useLocation());
  return (
    <RowActions
      actions={[
        { label: 'View', icon: <IconEye size={18} />, to: paths.client(client.id), state: list },
        editAction(paths.clientEdit(client.id), list),
        deleteAction(() => onDelete(client)),
      ]}
    />
  );
}

function ClientRow({ client, onDelete }: ClientItemProps) {
  return (
    <Table.Tr>
      <Table.Td>
        <WrapAnywhere maw={320}>
          <NameLink client={client} withEmail />
        </WrapAnywhere>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {client.phone || '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <ClientStatusBadge status={client.status} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{CLIENT_SOURCE_LABELS[client.source]}</Text>
      </Table.Td>
      <Table.Td>
        <WrapAnywhere maw={200}>
          <Text size="sm">{client.assignedEmployee?.name ?? '—'}</Text>
        </WrapAnywhere>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(client.createdAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        <ClientActions client={client} onDelete={onDelete} />
      </Table.Td>
    </Table.Tr>
  );
}

function ClientCard({ client, onDelete }: ClientItemProps) {
  return (
    <ListCard>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <NameLink client={client} />
        <ClientStatusBadge status={client.status} style={{ flexShrink: 0 }} />
      </Group>
      <Text size="sm" c="var(--app-color-text-secondary)" mt="xs">
        {[client.phone, client.email].filter(Boolean).join(' · ')}
      </Text>
      <Group justify="space-between" align="center" mt={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {CLIENT_SOURCE_LABELS[client.source]}
          {client.assignedEmployee ? ` · ${client.assignedEmployee.name}` : ''} ·{' '}
          {formatDate(client.createdAt)}
        </Text>
        <ClientActions client={client} onDelete={onDelete} />
      </Group>
    </ListCard>
  );
}
