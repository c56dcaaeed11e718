import { ERASED_CLIENT_NAME } from '@chatdesk/contract/privacy';
import type { Subscription } from '@chatdesk/contract/subscriptions';
import {
  Anchor,
  Box,
  Button,
  Card,
  Code,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconCalendarEvent,
  IconCalendarOff,
  IconCalendarPlus,
  IconCash,
  IconId,
  IconReceiptOff,
  IconUser,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { CancelSubscriptionModal, canCancelSubscription } from '../../components/cancel-subscription-modal';
import { DetailField } from '../../components/detail-field';
import { NotFoundCard } from '../../components/not-found-card';
import { QueryState } from '../../components/query-state';
import { CancelingBadge, SubscriptionStatusBadge } from '../../components/subscription-status-badge';
import { ApiError } from '../../lib/api-client';
import { backTo } from '../../lib/back-to';
import { formatDateTime } from '../../lib/format';
import { usePageName } from '../../lib/page-title';
import { paths } from '../../lib/paths';
import { useCancelSubscription, useSubscription } from './api';
import { formatSubscriptionPrice } from './subscription-format';

export function SubscriptionDetailPage() {
  const { id = '' } = useParams();
  const subscription = useSubscription(id);
  usePageName(
    subscription.data ? `Subscription: ${subscription.data.client?.name ?? ERASED_CLIENT_NAME}` : undefined,
  );
  const list = backTo(useLocation().state, paths.subscriptions);

  return (
    <Box maw={900}>
      <BackLink to={list}>Back to Subscriptions</BackLink>
      <QueryState
        query={subscription}
        loadingLabel="Loading subscription"
        skeleton="detail"
        errorTitle="Failed to load subscription data"
        notFound={<NotFoundCard icon={<IconReceiptOff size={28} />} title="Subscription not found" />}
      >
        {(data) => <SubscriptionDetail subscription={data} />}
      </QueryState>
    </Box>
  );
}

function SubscriptionDetail({ subscription }: { subscription: Subscription }) {
  const cancel = useCancelSubscription();
  const [cancelOpen, setCancelOpen] = useState(false);
  const { client, employee } = subscription;

  const closeCancel = () => {
    cancel.reset();
    setCancelOpen(false);
  };
  const confirmCancel = (cancelImmediately: boolean) =>
    cancel.mutate({ id: subscription.id, cancelImmediately }, { onSuccess: () => setCancelOpen(false) });
  const cancelError = cancel.isError
    ? (cancel.error instanceof ApiError && cancel.error.serverMessage) || 'Failed to cancel subscription'
    : null;

  const date = (value: string | null) => (value ? formatDateTime(value) : '—');

  return (
    <Card p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
          <Stack gap={6}>
            <Group gap="sm" wrap="wrap">
              <Title order={2}>{subscription.planName}</Title>
              <SubscriptionStatusBadge status={subscription.status} size="lg" />
              {subscription.cancelAtPeriodEnd ? <CancelingBadge size="lg" /> : null}
            </Group>
            <Text c="dimmed" size="sm">
              Subscription details
            </Text>
          </Stack>
          {canCancelSubscription(subscription) ? (
            <Button
              color="red"
              variant="light"
              leftSection={<IconX size={16} />}
              onClick={() => setCancelOpen(true)}
            >
              Cancel Subscription
            </Button>
          ) : null}
        </Group>

        <Divider />

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
          <DetailField icon={<IconUser size={18} />} label="Client">
            {client ? (
              <>
                <Anchor component={Link} to={paths.client(client.id)} fw={500}>
                  {client.name}
                </Anchor>
                {client.email ? (
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {client.email}
                  </Text>
                ) : null}
              </>
            ) : (
              <>
                <Text fw={500}>{ERASED_CLIENT_NAME}</Text>
                <Text size="sm" c="dimmed">
                  {subscription.anonymousClientId}
                </Text>
              </>
            )}
          </DetailField>
          <DetailField icon={<IconId size={18} />} label="Employee">
            <Text fw={500}>{employee?.name ?? '—'}</Text>
          </DetailField>
          <DetailField icon={<IconCash size={18} />} label="Amount">
            <Text fw={500}>{formatSubscriptionPrice(subscription)}</Text>
          </DetailField>
          <DetailField icon={<IconCalendarPlus size={18} />} label="Created">
            <Text fw={500}>{date(subscription.createdAt)}</Text>
          </DetailField>
          <DetailField icon={<IconCalendarEvent size={18} />} label="Current Period Start">
            <Text fw={500}>{date(subscription.currentPeriodStart)}</Text>
          </DetailField>
          <DetailField icon={<IconCalendarEvent size={18} />} label="Current Period End">
            <Text fw={500}>{date(subscription.currentPeriodEnd)}</Text>
          </DetailField>
          <DetailField icon={<IconCalendarOff size={18} />} label="Canceled At">
            <Text fw={500}>{date(subscription.canceledAt)}</Text>
          </DetailField>
          <DetailField icon={<IconCalendarOff size={18} />} label="Ended At">
            <Text fw={500}>{date(subscription.endedAt)}</Text>
          </DetailField>
        </SimpleGrid>

        <Divider />
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Provider ID:
          </Text>
          {subscription.stripeSubscriptionId ? (
            <Code>{subscription.stripeSubscriptionId}</Code>
          ) : (
            <Text size="sm">—</Text>
          )}
        </Group>
      </Stack>

      <CancelSubscriptionModal
        opened={cancelOpen}
        planName={subscription.planName}
        busy={cancel.isPending}
        error={cancelError}
        onConfirm={confirmCancel}
        onClose={closeCancel}
      />
    </Card>
  );
}
