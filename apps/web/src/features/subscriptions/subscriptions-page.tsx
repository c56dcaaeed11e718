import { Box, Button, Card, Stack } from '@mantine/core';
import { IconPlus, IconReceiptOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { SearchQueryProvider } from '../../components/highlight-match';
import { ListFilters, useListFilters } from '../../components/list-filters';
import { LoadMore } from '../../components/load-more';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { paths } from '../../lib/paths';
import { useSubscriptions } from './api';
import { SubscriptionsTable } from './components/subscriptions-table';
import { STATUS_FILTER_OPTIONS, toApiFilters } from './subscription-format';

export function SubscriptionsPage() {
  const { values, search, filtered, setValue } = useListFilters(STATUS_FILTER_OPTIONS);
  const subscriptions = useSubscriptions(toApiFilters({ ...values, search }));

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
        <ListFilters
          searchLabel="Search subscriptions"
          placeholder="Search by client or plan..."
          statuses={STATUS_FILTER_OPTIONS}
          values={values}
          onChange={setValue}
        />

        <QueryState
          query={subscriptions}
          loadingLabel="Loading subscriptions"
          errorTitle="Failed to load subscriptions"
        >
          {(data) => (
            <Card
              p={0}
              style={{ opacity: subscriptions.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
            >
              {data.length === 0 ? (
                <EmptyState
                  icon={<IconReceiptOff size={28} />}
                  title="No subscriptions found"
                  description={filtered ? 'Try another search or status.' : undefined}
                />
              ) : (
                <>
                  <SearchQueryProvider query={search}>
                    <SubscriptionsTable subscriptions={data} />
                  </SearchQueryProvider>
                  <LoadMore
                    hasNextPage={subscriptions.hasNextPage}
                    isFetchingNextPage={subscriptions.isFetchingNextPage}
                    fetchNextPage={subscriptions.fetchNextPage}
                  />
                </>
              )}
            </Card>
          )}
        </QueryState>
      </Stack>
    </Box>
  );
}
