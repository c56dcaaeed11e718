import {
  APPOINTMENT_STATUSES,
  type Appointment,
  type AppointmentStatus,
} from '@chatdesk/contract/appointments';
import { formatDuration } from '@chatdesk/contract/schedule-rules';
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
  IconCalendarTime,
  IconClock,
  IconCreditCard,
  IconId,
  IconListDetails,
  IconMail,
  IconNotes,
  IconTrash,
  IconUser,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { DetailField } from '../../components/detail-field';
import { ErrorAlert } from '../../components/error-alert';
import { QueryState } from '../../components/query-state';
import { ReschedulePicker } from '../../components/slots/reschedule-picker';
import { ApiError } from '../../lib/api-client';
import { backTo } from '../../lib/back-to';
import { formatMinorMoney } from '../../lib/format';
import { usePageName } from '../../lib/page-title';
import { paths } from '../../lib/paths';
import { useCompany } from '../settings/api';
import {
  useAppointment,
  useAppointmentSlots,
  useClassRoster,
  useDeleteAppointment,
  useRescheduleAppointment,
  useUpdateAppointmentStatus,
} from './api';
import { APPOINTMENT_STATUS_STYLE, formatLongDate, formatTimeRange } from './appointment-format';
import { AppointmentHistoryCard } from './components/appointment-history-card';
import { AppointmentStatusBadge } from './components/appointment-status-badge';
import { CancelPaidAppointmentModal } from './components/cancel-paid-appointment-modal';
import { ClassRosterCard } from './components/class-roster-card';
import { ClassWaitlistCard } from './components/class-waitlist-card';
import { DeleteAppointmentModal } from './components/delete-appointment-modal';
import { ReopenAppointmentModal } from './components/reopen-appointment-modal';

const STATUS_OPTIONS = APPOINTMENT_STATUSES.map((status) => ({
  value: status,
  label: APPOINTMENT_STATUS_STYLE[status].label,
}));

export function AppointmentDetailPage() {
  const { id = '' } = useParams();
  const appointment = useAppointment(id);
  usePageName(appointment.data ? `Appointment: ${appointment.data.client.name}` : undefined);
  const list = backTo(useLocation().state, paths.appointments);

  return (
    <Box maw={900}>
      <BackLink to={list}>Back to Appointments</BackLink>
      <QueryState
        query={appointment}
        loadingLabel="Loading appointment"
        skeleton="detail"
        errorTitle="Failed to load appointment details"
        notFound={<ErrorAlert>Appointment not found</ErrorAlert>}
      >
        {(data) => (
          <Stack gap="lg">
            <AppointmentDetail appointment={data} list={list} />
            <ClassRosterCard appointmentId={data.id} />
            <ClassWaitlistCard appointmentId={data.id} />
            <AppointmentHistoryCard appointmentId={data.id} />
          </Stack>
        )}
      </QueryState>
    </Box>
  );
}

/** `list`: the appointments list this one was opened from, where a deletion returns. */
function AppointmentDetail({ appointment, list }: { appointment: Appointment; list: string }) {
  const navigate = useNavigate();
  const updateStatus = useUpdateAppointmentStatus();
  const remove = useDeleteAppointment();
  const timeZone = useCompany().data?.timeZone;
  const { client, employee, payment } = appointment;
  const [askingRefund, setAskingRefund] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [reopening, setReopening] = useState<AppointmentStatus | null>(null);
  const [rescheduling, setRescheduling] = useState(false);
  // A class's seat stays at its class time: cancelled and booked again, never moved.
  const isSeat = Boolean(useClassRoster(appointment.id).data?.roster);
  const paid = payment ? formatMinorMoney(payment.amount, payment.currency) : null;
  // A scheduled appointment whose payment is still held: cancelling or deleting it decides its fate.
  const holdsPayment = appointment.status === 'scheduled' && payment && !payment.refunded;

  const changeStatus = (status: string | null) => {
    if (!status || status === appointment.status) return;
    updateStatus.reset();
    if (status === 'cancelled' && holdsPayment) {
      setAskingRefund(true);
      return;
    }
    // Leaving cancelled takes the slot again and plans reminders again: asked on purpose.
    if (appointment.status === 'cancelled') {
      setReopening(status as AppointmentStatus);
      return;
    }
    updateStatus.mutate({ id: appointment.id, status: status as AppointmentStatus });
  };

  const cancelPaid = (refund: boolean) =>
    updateStatus.mutate(
      { id: appointment.id, status: 'cancelled', refund },
      {
        onSettled: () => {
          setAskingRefund(false);
          setDeleting(false);
        },
      },
    );

  const reopen = () => {
    if (!reopening) return;
    updateStatus.mutate(
      { id: appointment.id, status: reopening, reopen: true },
      { onSuccess: () => setReopening(null) },
    );
  };

  const closeReopen = () => {
    if (updateStatus.isPending) return;
    updateStatus.reset();
    setReopening(null);
  };

  // A refusal (a paid or waited-for booking) is said by the failure toast: the dialog closes so
  // the page it speaks of is in view, not a dialog whose question was answered.
  const deleteAppointment = () =>
    remove.mutate(appointment.id, {
      onSuccess: () => void navigate(list),
      onError: () => setDeleting(false),
    });

  const statusError = updateStatus.isError
    ? (updateStatus.error instanceof ApiError && updateStatus.error.serverMessage) ||
      'Failed to update the status. Please try again.'
    : null;

  return (
    <>
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

          {statusError && !reopening ? (
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
            <DetailField icon={<IconListDetails size={18} />} label="Service">
              <Text fw={500}>{appointment.service.name}</Text>
              <Text size="sm" c="dimmed">
                {formatDuration(appointment.service.durationMinutes)} ·{' '}
                {formatMinorMoney(appointment.service.price.amount, appointment.service.price.currency)}
              </Text>
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
            {appointment.pack ? (
              <DetailField icon={<IconCreditCard size={18} />} label="Payment">
                <Text fw={500}>
                  {appointment.pack.returned
                    ? `Pack session given back (${appointment.pack.name})`
                    : `Pack session (${appointment.pack.name})`}
                </Text>
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
            {appointment.status === 'scheduled' && !isSeat ? (
              <Button
                variant="light"
                leftSection={<IconCalendarTime size={16} />}
                onClick={() => setRescheduling(true)}
                disabled={rescheduling}
              >
                Reschedule
              </Button>
            ) : null}
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              loading={remove.isPending}
              onClick={() => {
                remove.reset();
                setDeleting(true);
              }}
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
        <DeleteAppointmentModal
          appointment={deleting ? appointment : null}
          busy={remove.isPending || updateStatus.isPending}
          onDelete={deleteAppointment}
          onCancelPaid={cancelPaid}
          onClose={() => setDeleting(false)}
        />
        <ReopenAppointmentModal
          appointment={appointment}
          status={reopening}
          busy={updateStatus.isPending}
          error={reopening ? statusError : null}
          onConfirm={reopen}
          onClose={closeReopen}
        />
      </Card>
      {rescheduling && appointment.status === 'scheduled' ? (
        <Card p={{ base: 'md', sm: 'xl' }}>
          <StaffReschedule appointment={appointment} onDone={() => setRescheduling(false)} />
        </Card>
      ) : null}
    </>
  );
}

/** The customer's calendar of open times, for staff: the move emails the customer, no money changes. */
function StaffReschedule({ appointment, onDone }: { appointment: Appointment; onDone: () => void }) {
  const slots = useAppointmentSlots(appointment.id, true);
  const reschedule = useRescheduleAppointment(appointment.id);
  const companyZone = useCompany().data?.timeZone;
  return (
    <ReschedulePicker
      slots={slots}
      current={{ date: appointment.date, time: appointment.startTime }}
      timeZone={slots.data?.timeZone ?? companyZone ?? ''}
      employeeName={appointment.employee.name}
      busy={reschedule.isPending}
      onMove={(slot) => reschedule.mutateAsync(slot)}
      onMoved={onDone}
      onClose={onDone}
      failureText="The appointment could not be moved. Please try again."
      question={(when) => `Move the appointment to ${when}?`}
      note={
        <Text size="sm" c="dimmed">
          {appointment.client.email
            ? `${appointment.client.name} is emailed the new time.`
            : `${appointment.client.name} gave no email: tell them the new time.`}{' '}
          {appointment.payment ? 'What they paid stays with the appointment; nothing is refunded.' : ''}
        </Text>
      }
      titleId="staff-reschedule-title"
    />
  );
}
