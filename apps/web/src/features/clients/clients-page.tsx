import type { Client } from '@chatdesk/contract/clients';
import { Box, Button, Card, Stack } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { SearchQueryProvider } from '../../components/highlight-match';
import { ListFilters, useListFilters } from '../../components/list-filters';
import { LoadMore } from '../../components/load-more';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { fromList } from '../../lib/back-to';
import { paths } from '../../lib/paths';
import { useClients, useDeleteClient } from './api';
import { STATUS_FILTER_OPTIONS, toApiFilters } from './client-format';
import { ClientsTable } from './components/clients-table';
import { DeleteClientModal } from './components/delete-client-modal';

export function ClientsPage() {
  const { values, search, filtered, setValue } = useListFilters(STATUS_FILTER_OPTIONS);
  const clients = useClients(toApiFilters({ ...values, search }));
  const remove = useDeleteClient();
  const [toDelete, setToDelete] = useState<Client | null>(null);
  const location = useLocation();

  const closeDelete = () => {
    if (remove.isPending) return;
    remove.reset();
    setToDelete(null);
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, { onSuccess: () => setToDelete(null) });
  };

  return (
    <Box maw={1200}>
      <PageHeader
        title="Clients"
        description="Everyone who has reached out, booked or subscribed."
        actions={
          <Button
            component={Link}
            to={paths.clientNew}
            state={fromList(location)}
            leftSection={<IconPlus size={18} />}
          >
            Add Client
          </Button>
        }
      />

      <Stack gap="lg">
        <ListFilters
          searchLabel="Search clients"
          placeholder="Search by name, email or phone..."
          statuses={STATUS_FILTER_OPTIONS}
          values={values}
          onChange={setValue}
        />

        <QueryState query={clients} loadingLabel="Loading clients" errorTitle="Failed to load clients">
          {(data) => (
            <Card p={0} style={{ opacity: clients.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
              {data.length === 0 ? (
                <EmptyState
                  icon={<IconUsersGroup size={28} />}
                  title="No clients found"
                  description={
                    filtered
                      ? 'Try another search or status.'
                      : 'Add your first client to keep track of their bookings and payments.'
                  }
                />
              ) : (
                <>
                  <SearchQueryProvider query={search}>
                    <ClientsTable clients={data} onDelete={setToDelete} />
                  </SearchQueryProvider>
                  <LoadMore
                    hasNextPage={clients.hasNextPage}
                    isFetchingNextPage={clients.isFetchingNextPage}
                    fetchNextPage={clients.fetchNextPage}
                  />
                </>
              )}
            </Card>
          )}
        </QueryState>
      </Stack>

      <DeleteClientModal
        client={toDelete}
        busy={remove.isPending}
        error={remove.isError ? remove.error : null}
        onConfirm={confirmDelete}
        onClose={closeDelete}
      />
    </Box>
  );
}
