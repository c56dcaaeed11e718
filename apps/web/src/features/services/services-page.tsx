import type { Service } from '@chatdesk/contract/services';
import { Box, Button, Card, Stack, Switch } from '@mantine/core';
import { IconListDetails, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { fromList } from '../../lib/back-to';
import { refusalText } from '../../lib/mutation-feedback';
import { paths } from '../../lib/paths';
import { type ServiceAction, useServiceAction, useServices } from './api';
import { PacksSection } from './components/packs-section';
import { ServiceActionModal } from './components/service-action-modal';
import { ServicesTable } from './components/services-table';

/** Archive and restore are asked first; making a service the default is done at once. */
type Pending = { action: Exclude<ServiceAction, 'setDefault'>; service: Service };

export function ServicesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const showArchived = searchParams.get('archived') === 'true';
  const services = useServices({ archived: showArchived });
  const act = useServiceAction();
  // The dialog keeps its service while it fades out after closing.
  const [pending, setPending] = useState<Pending | null>(null);
  const [asking, setAsking] = useState(false);
  const location = useLocation();

  const toggleArchived = (checked: boolean) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (checked) next.set('archived', 'true');
        else next.delete('archived');
        return next;
      },
      { replace: true },
    );

  const ask = (next: Pending) => {
    act.reset();
    setPending(next);
    setAsking(true);
  };

  const closeModal = () => {
    if (act.isPending) return;
    act.reset();
    setAsking(false);
  };

  const confirm = () => {
    if (!pending) return;
    act.mutate({ action: pending.action, id: pending.service.id }, { onSuccess: () => setAsking(false) });
  };

  const makeDefault = (service: Service) => {
    act.reset();
    act.mutate({ action: 'setDefault', id: service.id });
  };

  return (
    <Box maw={1200}>
      <PageHeader
        title="Services"
        description="What clients can book: each service's length, price and booking rules, who offers it, and the packs of sessions sold for it."
        actions={
          <Button
            component={Link}
            to={paths.serviceNew}
            state={fromList(location)}
            leftSection={<IconPlus size={18} />}
          >
            Add Service
          </Button>
        }
      />

      <Stack gap="lg">
        <Switch
          label="Show archived"
          checked={showArchived}
          onChange={(event) => toggleArchived(event.currentTarget.checked)}
        />
        {/* A refused "Make default" (archive and restore say theirs in their dialog). */}
        <ErrorAlert>
          {act.isError && !asking
            ? refusalText(act.error, 'Failed to change the service. Please try again.')
            : null}
        </ErrorAlert>

        <QueryState query={services} loadingLabel="Loading services" errorTitle="Failed to load services">
          {(data) => (
            <Card p={0}>
              {data.length === 0 ? (
                <EmptyState
                  icon={<IconListDetails size={28} />}
                  title="No services yet"
                  description="Add what clients can book, with its length and price."
                  action={
                    <Button
                      component={Link}
                      to={paths.serviceNew}
                      state={fromList(location)}
                      variant="light"
                      mt="sm"
                      leftSection={<IconPlus size={16} />}
                    >
                      Add Service
                    </Button>
                  }
                />
              ) : (
                <ServicesTable
                  services={data}
                  busy={act.isPending}
                  onArchive={(service) => ask({ action: 'archive', service })}
                  onRestore={(service) => ask({ action: 'restore', service })}
                  onMakeDefault={makeDefault}
                />
              )}
            </Card>
          )}
        </QueryState>

        <PacksSection services={services.data ?? []} showArchived={showArchived} />
      </Stack>

      <ServiceActionModal
        pending={pending}
        opened={asking}
        busy={act.isPending}
        error={act.isError && asking ? refusalText(act.error, 'Failed to change the service') : null}
        onConfirm={confirm}
        onClose={closeModal}
      />
    </Box>
  );
}
