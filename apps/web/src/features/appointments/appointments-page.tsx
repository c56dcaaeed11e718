import type { Appointment } from '@chatdesk/contract/appointments';
import { APPOINTMENTS_PAGE_SIZE } from '@chatdesk/contract/constants';
import { Box, Button, Card, Stack } from '@mantine/core';
import { IconCalendarOff, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { paths } from '../../lib/paths';
import { useServices } from '../services/api';
import { useCompany } from '../settings/api';
import { useAppointments, useDeleteAppointment, useUpdateAppointmentStatus } from './api';
import {
  AppointmentFiltersBar,
  type FilterKey,
  filterValuesFrom,
  hasActiveFilters,
  toApiFilters,
} from './components/appointment-filters';
import { AppointmentsPagination } from './components/appointments-pagination';
import { AppointmentsTable } from './components/appointments-table';
import { DeleteAppointmentModal } from './components/delete-appointment-modal';

export function AppointmentsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const values = filterValuesFrom(searchParams);
  const appointments = useAppointments(toApiFilters(values, APPOINTMENTS_PAGE_SIZE));
  const timeZone = useCompany().data?.timeZone;
  // Archived ones too: their past appointments keep them.
  const services = useServices({ archived: true });
  const remove = useDeleteAppointment();
  const cancel = useUpdateAppointmentStatus({ failure: 'Failed to cancel appointment' });
  const [toDelete, setToDelete] = useState<Appointment | null>(null);

  const setParam = (key: FilterKey | 'page', value: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === 'all' || (key === 'page' && value === '1')) next.delete(key);
        else next.set(key, value);
        // Any filter change starts again from the first page.
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: key !== 'page' },
    );

  // A page past the end (after deletions elsewhere, or an old link) moves to the last one.
  const pages = appointments.data?.pagination.pages;
  useEffect(() => {
    if (pages !== undefined && !appointments.isPlaceholderData && values.page > pages) {
      setParam('page', String(pages));
    }
  });

  const closeDelete = () => {
    if (remove.isPending || cancel.isPending) return;
    remove.reset();
    setToDelete(null);
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, { onSuccess: () => setToDelete(null) });
  };

  // A paid appointment is cancelled instead of deleted, with the fee refunded or kept.
  const cancelPaid = (refund: boolean) => {
    if (!toDelete) return;
    cancel.mutate({ id: toDelete.id, status: 'cancelled', refund }, { onSettled: () => setToDelete(null) });
  };

  const filtered = hasActiveFilters(values);

  return (
    <Box maw={1200}>
      <PageHeader
        title="Appointments"
        description={`Bookings with your team${timeZone ? `. Times are in ${timeZone}.` : '.'}`}
        actions={
          <Button component={Link} to={paths.appointmentNew()} leftSection={<IconPlus size={18} />}>
            New appointment
          </Button>
        }
      />

      <Stack gap="lg">
        <AppointmentFiltersBar values={values} onChange={setParam} services={services.data} />

        <QueryState
          query={appointments}
          loadingLabel="Loading appointments"
          errorTitle="Failed to load appointments"
        >
          {(data) =>
            data.appointments.length === 0 ? (
              <Card p={0}>
                <EmptyState
                  icon={<IconCalendarOff size={28} />}
                  title="No appointments"
                  description={
                    filtered ? 'No appointments match your filters.' : 'Booked appointments will appear here.'
                  }
                />
              </Card>
            ) : (
              <Card
                p={0}
                style={{ opacity: appointments.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
              >
                <AppointmentsTable appointments={data.appointments} onDelete={setToDelete} />
                <AppointmentsPagination
                  pagination={data.pagination}
                  onPageChange={(page) => setParam('page', String(page))}
                />
              </Card>
            )
          }
        </QueryState>
      </Stack>

      <DeleteAppointmentModal
        appointment={toDelete}
        busy={remove.isPending || cancel.isPending}
        onDelete={confirmDelete}
        onCancelPaid={cancelPaid}
        onClose={closeDelete}
      />
    </Box>
  );
}
