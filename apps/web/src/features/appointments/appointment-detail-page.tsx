import {
  APPOINTMENT_STATUSES,
  type Appointment,
  type AppointmentStatus,
} from '@chatdesk/contract/appointments';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Divider,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconCalendarEvent,
  IconClock,
  IconCreditCard,
  IconId,
  IconMail,
  IconNotes,
  IconTrash,
  IconUser,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { DetailField } from '../../components/detail-field';
import { ErrorAlert } from '../../components/error-alert';
import { QueryState } from '../../components/query-state';
import { ApiError } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { usePageName } from '../../lib/page-title';
import { paths } from '../../lib/paths';
import { useCompany } from '../settings/api';
import { useAppointment, useDeleteAppointment, useUpdateAppointmentStatus } from './api';
import { APPOINTMENT_STATUS_STYLE, formatLongDate, formatTimeRange } from './appointment-format';
import { AppointmentHistoryCard } from './components/appointment-history-card';
import { AppointmentStatusBadge } from './components/appointment-status-badge';
import { CancelPaidAppointmentModal } from './components/cancel-paid-appointment-modal';

const STATUS_OPTIONS = APPOINTMENT_STATUSES.map((status) => ({
  value: status,
  label: APPOINTMENT_STATUS_STYLE[status].label,
}));

export function AppointmentDetailPage() {
  const { id = '' } = useParams();
  const appointment = useAppointment(id);
  usePageName(appointment.data ? `Appointment: ${appointment.data.client.name}` : undefined);

  return (
    <Box maw={900}>
      <BackLink to={paths.appointments}>Back to Appointments</BackLink>
      <QueryState
        query={appointment}
        loadingLabel="Loading appointment"
        skeleton="detail"
        errorTitle="Failed to load appointment details"
        notFound={<ErrorAlert>Appointment not found</ErrorAlert>}
      >
        {(data) => (
          <Stack gap="lg">
            <AppointmentDetail appointment={data} />
            <AppointmentHistoryCard appointmentId={data.id} />
          </Stack>
        )}
      </QueryState>
    </Box>
  );
}

function AppointmentDetail({ appointment }: { appointment: Appointment }) {
  const navigate = useNavigate();
  const updateStatus = useUpdateAppointmentStatus();
  const remove = useDeleteAppointment();
  const timeZone = useCompany().data?.timeZone;
  const { client, employee, payment } = appointment;
  const [askingRefund, setAskingRefund] = useState(false);
  const paid = payment ? formatMoney(payment.amount / 100, payment.currency) : null;
  // A scheduled appointment whose payment is still held: cancelling or deleting it decides its fate.
  const holdsPayment = appointment.status === 'scheduled' && payment && !payment.refunded;

  const changeStatus = (status: string | null) => {
    if (!status || status === appointment.status) return;
    if (status === 'cancelled' && holdsPayment) {
      setAskingRefund(true);
      return;
    }
    updateStatus.mutate({ id: appointment.id, status: status as AppointmentStatus });
  };

  const cancelPaid = (refund: boolean) =>
    updateStatus.mutate(
      { id: appointment.id, status: 'cancelled', refund },
      { onSettled: () => setAskingRefund(false) },
    );

  const deleteAppointment = () => {
    if (!window.confirm('Are you sure you want to delete this appointment?')) return;
    remove.mutate(appointment.id, { onSuccess: () => void navigate(paths.appointments) });
  };

  const statusError = updateStatus.isError
    ? (updateStatus.error instanceof ApiError && updateStatus.error.serverMessage) ||
      'Failed to update the status. Please try again.'
    : null;

  return (
    <Card p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
          <Stack gap={6}>
            <Group gap="sm">
              <Title order={2}>Appointment Details</Title>
              <AppointmentStatusBadge status={appointment.status} size="lg" />
            </Group>
            <Text c="dimmed" size="sm">
              Booked {new Date(appointment.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
            </Text>
          </Stack>
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={appointment.status}
            onChange={changeStatus}
            disabled={updateStatus.isPending}
            allowDeselect={false}
            checkIconPosition="right"
            comboboxProps={{ shadow: 'md' }}
            w={200}
          />
        </Group>

        {statusError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="Status not changed">
            {statusError}
          </Alert>
        ) : null}

        <Divider />

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
          <DetailField icon={<IconCalendarEvent size={18} />} label="Date">
            <Text fw={500}>{formatLongDate(appointment.date)}</Text>
          </DetailField>
          <DetailField icon={<IconClock size={18} />} label="Time">
            <Text fw={500}>{formatTimeRange(appointment.startTime, appointment.endTime)}</Text>
            {timeZone ? (
              <Text size="xs" c="dimmed">
                {timeZone}
              </Text>
            ) : null}
          </DetailField>
          <DetailField icon={<IconUser size={18} />} label="Client">
            {client.id ? (
              <Anchor component={Link} to={paths.client(client.id)} fw={500}>
                {client.name}
              </Anchor>
            ) : (
              <Text fw={500}>{client.name}</Text>
            )}
            {client.email ? (
              <Anchor href={`mailto:${client.email}`} size="sm" c="dimmed">
                <Group gap={4} component="span" wrap="nowrap">
                  <IconMail size={14} />
                  {client.email}
                </Group>
              </Anchor>
            ) : null}
          </DetailField>
          <DetailField icon={<IconId size={18} />} label="Employee">
            <Text fw={500}>{employee.name}</Text>
            {employee.email ? (
              <Text size="sm" c="dimmed">
                {employee.email}
              </Text>
            ) : null}
          </DetailField>
          {payment && paid ? (
            <DetailField icon={<IconCreditCard size={18} />} label="Payment">
              <Text fw={500}>{payment.refunded ? `${paid} refunded` : `${paid} paid`}</Text>
            </DetailField>
          ) : null}
        </SimpleGrid>

        {appointment.notes ? (
          <DetailField icon={<IconNotes size={18} />} label="Notes">
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {appointment.notes}
            </Text>
          </DetailField>
        ) : null}

        <Divider />

        <Group justify="flex-end" gap="sm">
          {holdsPayment ? (
            <Text size="sm" c="dimmed">
              Deleting it refunds the {paid} payment.
            </Text>
          ) : null}
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            onClick={deleteAppointment}
          >
            Delete Appointment
          </Button>
        </Group>
      </Stack>
      <CancelPaidAppointmentModal
        opened={askingRefund}
        busy={updateStatus.isPending}
        clientName={client.name}
        paid={paid ?? ''}
        onConfirm={cancelPaid}
        onClose={() => setAskingRefund(false)}
      />
    </Card>
  );
}
