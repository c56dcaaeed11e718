import type { ClientDetail } from '@chatdesk/contract/clients';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconCreditCard, IconPencil, IconPlus, IconReceiptOff, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  CancelSubscriptionModal,
  canCancelSubscription,
} from '../../../components/cancel-subscription-modal';
import { EmptyState } from '../../../components/empty-state';
import { ListCard, ResponsiveTable } from '../../../components/responsive-table';
import { CancelingBadge, SubscriptionStatusBadge } from '../../../components/subscription-status-badge';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatMinorMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useCancelSubscription } from '../../subscriptions/api';
import { PAYMENT_STATUS_STYLE } from '../client-format';
import { CreatePaymentModal } from './create-payment-modal';

export function ClientBilling({ client }: { client: ClientDetail }) {
  const [paymentOpen, setPaymentOpen] = useState(false);
  return (
    <Stack gap="lg">
      <SubscriptionSummary client={client} />

      <Card p={0}>
        <Group justify="space-between" p="md" wrap="wrap" gap="sm">
          <Title order={3} fz="lg">
            Payments
          </Title>
          <Button size="sm" leftSection={<IconPlus size={16} />} onClick={() => setPaymentOpen(true)}>
            Create Payment
          </Button>
        </Group>
        {client.payments.length === 0 ? (
          <EmptyState icon={<IconReceiptOff size={28} />} title="No payments yet" />
        ) : (
          <PaymentsTable payments={client.payments} />
        )}
      </Card>

      <CreatePaymentModal clientId={client.id} opened={paymentOpen} onClose={() => setPaymentOpen(false)} />
    </Stack>
  );
}

function SubscriptionSummary({ client }: { client: ClientDetail }) {
  const { subscription } = client;
  const cancel = useCancelSubscription();
  const [cancelOpen, setCancelOpen] = useState(false);

  const closeCancel = () => {
    cancel.reset();
    setCancelOpen(false);
  };
  const confirmCancel = (cancelImmediately: boolean) => {
    if (!subscription) return;
    cancel.mutate({ id: subscription.id, cancelImmediately }, { onSuccess: () => setCancelOpen(false) });
  };
  const cancelError = cancel.isError
    ? (cancel.error instanceof ApiError && cancel.error.serverMessage) || 'Failed to cancel subscription'
    : null;

  const createLink = `${paths.subscriptionNew}?clientId=${encodeURIComponent(client.id)}`;

  return (
    <Card p={{ base: 'md', sm: 'lg' }} aria-label="Subscription" component="section">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Title order={3} fz="lg">
            Subscription
          </Title>
          <Group gap="xs" wrap="wrap">
            {subscription ? (
              <>
                <Button
                  component={Link}
                  to={paths.clientEdit(client.id)}
                  size="xs"
                  variant="default"
                  leftSection={<IconPencil size={14} />}
                >
                  Update
                </Button>
                {canCancelSubscription(subscription) ? (
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    leftSection={<IconX size={14} />}
                    onClick={() => setCancelOpen(true)}
                  >
                    Cancel
                  </Button>
                ) : null}
              </>
            ) : null}
            <Button
              component={Link}
              to={createLink}
              size="xs"
              variant="light"
              leftSection={<IconCreditCard size={14} />}
            >
              Create subscription
            </Button>
          </Group>
        </Group>

        {subscription ? (
          <Group gap="xl" wrap="wrap" align="flex-start">
            <Stack gap={2}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Plan
              </Text>
              <Anchor component={Link} to={paths.subscription(subscription.id)} fw={600}>
                {subscription.plan}
              </Anchor>
            </Stack>
            <Stack gap={4}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Status
              </Text>
              <Group gap={6}>
                <SubscriptionStatusBadge status={subscription.status} />
                {subscription.cancelAtPeriodEnd ? <CancelingBadge /> : null}
              </Group>
            </Stack>
            <Stack gap={2}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Current Period End
              </Text>
              <Text fw={500}>{formatDate(subscription.currentPeriodEnd) || '—'}</Text>
            </Stack>
          </Group>
        ) : (
          <Text c="dimmed" size="sm">
            This client has no subscription.
          </Text>
        )}
        {cancelError && !cancelOpen ? (
          <Alert color="red" role="alert">
            {cancelError}
          </Alert>
        ) : null}
      </Stack>

      {subscription ? (
        <CancelSubscriptionModal
          opened={cancelOpen}
          planName={subscription.plan}
          busy={cancel.isPending}
          error={cancelError}
          onConfirm={confirmCancel}
          onClose={closeCancel}
        />
      ) : null}
    </Card>
  );
}

type Payment = ClientDetail['payments'][number];

function PaymentsTable({ payments }: { payments: Payment[] }) {
  return (
    <ResponsiveTable
      label="Payments"
      items={payments}
      itemKey={(payment) => payment.id}
      columns={['Date', 'Amount', 'Status', 'Method', 'Description']}
      minWidth={640}
      highlightOnHover={false}
      row={(payment) => (
        <Table.Tr>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(payment.date)}</Table.Td>
          <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatMinorMoney(payment.amount, payment.currency)}
          </Table.Td>
          <Table.Td>
            <PaymentStatusBadge status={payment.status} />
          </Table.Td>
          <Table.Td>{payment.paymentMethod || '—'}</Table.Td>
          <Table.Td>{payment.description || '—'}</Table.Td>
        </Table.Tr>
      )}
      card={(payment) => (
        <ListCard>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{formatMinorMoney(payment.amount, payment.currency)}</Text>
            <PaymentStatusBadge status={payment.status} />
          </Group>
          <Text size="xs" c="dimmed">
            {[formatDate(payment.date), payment.paymentMethod, payment.description]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </ListCard>
      )}
    />
  );
}

function PaymentStatusBadge({ status }: { status: Payment['status'] }) {
  const style = PAYMENT_STATUS_STYLE[status];
  return (
    <Badge color={style.color} variant="light">
      {style.label}
    </Badge>
  );
}
