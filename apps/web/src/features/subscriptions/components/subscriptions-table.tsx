import { ERASED_CLIENT_NAME } from '@chatdesk/contract/privacy';
import type { Subscription } from '@chatdesk/contract/subscriptions';
import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { Highlighted } from '../../../components/highlight-match';
import {
  ListCard,
  ResponsiveTable,
  useOpenOnClick,
  WrapAnywhere,
} from '../../../components/responsive-table';
import { CancelingBadge, SubscriptionStatusBadge } from '../../../components/subscription-status-badge';
import { fromList } from '../../../lib/back-to';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { formatSubscriptionPrice } from '../subscription-format';

/** A click anywhere on a row or card opens the subscription; the client link opens the client. */
export function SubscriptionsTable({ subscriptions }: { subscriptions: Subscription[] }) {
  return (
    <ResponsiveTable
      label="Subscriptions"
      items={subscriptions}
      itemKey={(subscription) => subscription.id}
      columns={['Client', 'Plan', 'Amount', 'Status', 'Current Period End', 'Created']}
      minWidth={860}
      row={(subscription) => <SubscriptionRow subscription={subscription} />}
      card={(subscription) => <SubscriptionCard subscription={subscription} />}
    />
  );
}

function ClientLink({ subscription }: { subscription: Subscription }) {
  const { client } = subscription;
  // An erased client's subscription stays, naming no one but the anonymous id its payments carry.
  if (!client)
    return (
      <Stack gap={0} miw={0}>
        <Text fw={600} size="sm">
          {ERASED_CLIENT_NAME}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {subscription.anonymousClientId}
        </Text>
      </Stack>
    );
  return (
    <Stack gap={0} miw={0}>
      <Anchor component={Link} to={paths.client(client.id)} fw={600} c="bright" underline="hover">
        <Highlighted text={client.name} />
      </Anchor>
      <Text size="xs" c="dimmed" truncate="end">
        {client.email ? <Highlighted text={client.email} /> : '—'}
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
  const list = fromList(useLocation());
  const openDetail = useOpenOnClick(paths.subscription(subscription.id), list);
  return (
    <Table.Tr onClick={openDetail} style={{ cursor: 'pointer' }}>
      <Table.Td>
        <WrapAnywhere maw={280}>
          <ClientLink subscription={subscription} />
        </WrapAnywhere>
      </Table.Td>
      <Table.Td>
        <WrapAnywhere maw={240}>
          <Anchor
            component={Link}
            to={paths.subscription(subscription.id)}
            state={list}
            size="sm"
            fw={500}
            c="bright"
          >
            <Highlighted text={subscription.planName} />
          </Anchor>
        </WrapAnywhere>
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
  const list = fromList(useLocation());
  const openDetail = useOpenOnClick(paths.subscription(subscription.id), list);
  return (
    <ListCard onClick={openDetail}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <ClientLink subscription={subscription} />
        <StatusBadges subscription={subscription} />
      </Group>
      <Text size="sm" fw={500} mt="xs">
        {/* Underlined: in a line of text a link must not rely on its colour alone (1.65:1 in dark). */}
        <Anchor
          component={Link}
          to={paths.subscription(subscription.id)}
          state={list}
          inherit
          c="bright"
          underline="always"
        >
          <Highlighted text={subscription.planName} />
        </Anchor>{' '}
        · {formatSubscriptionPrice(subscription)}
      </Text>
      <Text size="xs" c="dimmed">
        Renews or ends {formatDate(subscription.currentPeriodEnd) || '—'} · Created{' '}
        {formatDate(subscription.createdAt)}
      </Text>
    </ListCard>
  );
}
