import type { Client } from '@chatdesk/contract/clients';
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
import { IconAlertCircle, IconPlus, IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../lib/paths';
import { useClients, useDeleteClient } from './api';
import { listValuesFrom, STATUS_FILTER_OPTIONS, toApiFilters } from './client-format';
import { ClientsTable } from './components/clients-table';
import { DeleteClientModal } from './components/delete-client-modal';

export function ClientsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const values = listValuesFrom(searchParams);
  // The URL follows every keystroke; the server is asked once typing pauses.
  const [search] = useDebouncedValue(values.search, 250);
  const clients = useClients(toApiFilters({ ...values, search }));
  const remove = useDeleteClient();
  const [toDelete, setToDelete] = useState<Client | null>(null);

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
          <Button component={Link} to={paths.clientNew} leftSection={<IconPlus size={18} />}>
            Add Client
          </Button>
        }
      />

      <Stack gap="lg">
        <Group gap="md" align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            aria-label="Search clients"
            placeholder="Search by name, email or phone..."
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

        {clients.isPending ? (
          <Center py={64}>
            <Loader aria-label="Loading clients" />
          </Center>
        ) : clients.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title="Failed to load clients">
            Check your connection and try again.
            <Button variant="white" color="red" size="xs" ml="sm" onClick={() => void clients.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : (
          <Card p={0} style={{ opacity: clients.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
            {clients.data.length === 0 ? (
              <EmptyState
                icon={<IconUsersGroup size={28} />}
                title="No clients found"
                description={
                  values.search.trim() || values.status !== 'all'
                    ? 'Try another search or status.'
                    : 'Add your first client to keep track of their bookings and payments.'
                }
              />
            ) : (
              <ClientsTable clients={clients.data} onDelete={setToDelete} />
            )}
          </Card>
        )}
      </Stack>

      <DeleteClientModal
        client={toDelete}
        busy={remove.isPending}
        failed={remove.isError}
        onConfirm={confirmDelete}
        onClose={closeDelete}
      />
    </Box>
  );
}
