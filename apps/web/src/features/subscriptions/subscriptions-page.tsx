import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  CloseButton,
  Group,
  Loader,
  Select,
  Stack,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconPlus, IconReceiptOff, IconSearch } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../lib/paths';
import { useSubscriptions } from './api';
import { SubscriptionsTable } from './components/subscriptions-table';
import { listValuesFrom, STATUS_FILTER_OPTIONS, toApiFilters } from './subscription-format';

export function SubscriptionsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const values = listValuesFrom(searchParams);
  // The URL follows every keystroke; the server is asked once typing pauses.
  const [search] = useDebouncedValue(values.search, 250);
  const subscriptions = useSubscriptions(toApiFilters({ ...values, search }));

  const setParam = (key: 'search' | 'status', value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (!value || value === 'all') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  return (
    <Box maw={1200}>
      <PageHeader
        title="Subscriptions"
        description="Recurring plans your clients pay for."
        actions={
          <Button component={Link} to={paths.subscriptionNew} leftSection={<IconPlus size={18} />}>
            Create Subscription
          </Button>
        }
      />

      <Stack gap="lg">
        <Group gap="md" align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            aria-label="Search subscriptions"
            placeholder="Search by client or plan..."
            leftSection={<IconSearch size={16} />}
            rightSection={
              values.search ? (
                <CloseButton size="sm" aria-label="Clear search" onClick={() => setParam('search', '')} />
              ) : null
            }
            value={values.search}
            onChange={(event) => setParam('search', event.currentTarget.value)}
            style={{ flex: '1 1 260px' }}
            maw={420}
          />
          <Select
            label="Status"
            data={STATUS_FILTER_OPTIONS}
            value={values.status}
            onChange={(value) => setParam('status', value ?? 'all')}
            allowDeselect={false}
            checkIconPosition="right"
            comboboxProps={{ shadow: 'md' }}
            style={{ flex: '0 1 200px' }}
            miw={160}
          />
        </Group>

        {subscriptions.isPending ? (
          <Center py={64}>
            <Loader aria-label="Loading subscriptions" />
          </Center>
        ) : subscriptions.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title="Failed to load subscriptions">
            Check your connection and try again.
            <Button
              variant="white"
              color="red"
              size="xs"
              ml="sm"
              onClick={() => void subscriptions.refetch()}
            >
              Retry
            </Button>
          </Alert>
        ) : (
          <Card
            p={0}
            style={{ opacity: subscriptions.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
          >
            {subscriptions.data.length === 0 ? (
              <EmptyState
                icon={<IconReceiptOff size={28} />}
                title="No subscriptions found"
                description={
                  values.search.trim() || values.status !== 'all'
                    ? 'Try another search or status.'
                    : undefined
                }
              />
            ) : (
              <SubscriptionsTable subscriptions={subscriptions.data} />
            )}
          </Card>
        )}
      </Stack>
    </Box>
  );
}
