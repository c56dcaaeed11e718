import type { Subscription } from '@chatdesk/contract/subscriptions';
import { Anchor, Box, Group, Stack, Table, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { CancelingBadge, SubscriptionStatusBadge } from '../../../components/subscription-status-badge';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { formatSubscriptionPrice } from '../subscription-format';

/** A table on wide screens, a list of cards on phones; a click anywhere opens the detail. */
export function SubscriptionsTable({ subscriptions }: { subscriptions: Subscription[] }) {
  return (
    <>
      <Box visibleFrom="sm">
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Subscriptions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Client</Table.Th>
                <Table.Th>Plan</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Current Period End</Table.Th>
                <Table.Th>Created</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {subscriptions.map((subscription) => (
                <SubscriptionRow key={subscription.id} subscription={subscription} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      <Stack hiddenFrom="sm" gap={0} component="ul" p={0} m={0} aria-label="Subscriptions">
        {subscriptions.map((subscription) => (
          <SubscriptionCard key={subscription.id} subscription={subscription} />
        ))}
      </Stack>
    </>
  );
}

function useOpenDetail(id: string) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    // The client link goes to the client instead.
    if ((event.target as HTMLElement).closest('a, button')) return;
    void navigate(paths.subscription(id));
  };
}

function ClientLink({ client }: { client: Subscription['client'] }) {
  return (
    <Stack gap={0} miw={0}>
      <Anchor component={Link} to={paths.client(client.id)} fw={600} c="dark.8" underline="hover">
        {client.name}
      </Anchor>
      <Text size="xs" c="dimmed" truncate="end">
        {client.email || '—'}
      </Text>
    </Stack>
  );
}

function StatusBadges({ subscription }: { subscription: Subscription }) {
  return (
    <Group gap={6} wrap="nowrap">
      <SubscriptionStatusBadge status={subscription.status} />
      {subscription.cancelAtPeriodEnd ? <CancelingBadge /> : null}
    </Group>
  );
}

function SubscriptionRow({ subscription }: { subscription: Subscription }) {
  const openDetail = useOpenDetail(subscription.id);
  return (
    <Table.Tr onClick={openDetail} style={{ cursor: 'pointer' }}>
      <Table.Td>
        <ClientLink client={subscription.client} />
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={paths.subscription(subscription.id)} size="sm" fw={500} c="dark.8">
          {subscription.planName}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatSubscriptionPrice(subscription)}
        </Text>
      </Table.Td>
      <Table.Td>
        <StatusBadges subscription={subscription} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(subscription.currentPeriodEnd) || '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(subscription.createdAt)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const openDetail = useOpenDetail(subscription.id);
  return (
    <Box
      component="li"
      p="md"
      onClick={openDetail}
      style={{ listStyle: 'none', cursor: 'pointer', borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <ClientLink client={subscription.client} />
        <StatusBadges subscription={subscription} />
      </Group>
      <Text size="sm" fw={500} mt="xs">
        <Anchor component={Link} to={paths.subscription(subscription.id)} inherit c="dark.8">
          {subscription.planName}
        </Anchor>{' '}
        · {formatSubscriptionPrice(subscription)}
      </Text>
      <Text size="xs" c="dimmed">
        Renews or ends {formatDate(subscription.currentPeriodEnd) || '—'} · Created{' '}
        {formatDate(subscription.createdAt)}
      </Text>
    </Box>
  );
}
