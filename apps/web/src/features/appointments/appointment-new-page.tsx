import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  Group,
  Input,
  Loader,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCalendarPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ClientSelect } from '../../components/client-select';
import { FormActions } from '../../components/form-actions';
import { PageHeader } from '../../components/page-header';
import { SlotCalendar } from '../../components/slots/slot-calendar';
import { ApiError } from '../../lib/api-client';
import { refusalText } from '../../lib/mutation-feedback';
import { paths } from '../../lib/paths';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { formatShortSlot } from '../../lib/wall-clock';
import { useAllEmployees } from '../employees/api';
import { usableSessions, useClientPacks } from '../packs/api';
import { scheduleQueryOptions } from '../schedule/api';
import { useCreateAppointment } from './api';
import {
  bookableProfessionals,
  effectivePayment,
  emptyNewAppointment,
  type NewAppointmentErrors,
  type NewAppointmentValues,
  PAYMENT_OPTIONS,
  type StaffPayment,
  serviceOptionLabel,
  toCreateRequest,
  validateNewAppointment,
} from './new-appointment';

const BOOK_FAILED = 'Failed to book the appointment';

/** Staff book a client in: the professional's open times for the service, paid at the desk or not yet. */
export function AppointmentNewPage() {
  const [searchParams] = useSearchParams();
  return (
    <Box maw={860}>
      <PageHeader
        title="New appointment"
        description="Book a client in with a professional. The client gets the confirmation email."
      />
      <NewAppointmentForm clientId={searchParams.get('clientId')} />
    </Box>
  );
}

function NewAppointmentForm({ clientId }: { clientId: string | null }) {
  const navigate = useNavigate();
  const create = useCreateAppointment();
  const employees = useAllEmployees();
  const [values, setValues] = useState<NewAppointmentValues>(() => emptyNewAppointment(clientId));
  const [errors, setErrors] = useState<NewAppointmentErrors>({});
  const [date, setDate] = useState<string | null>(null);
  useUnsavedChangesGuard(
    (values.employeeId !== null || values.slot !== null || values.notes !== '') &&
      !create.isPending &&
      !create.isSuccess,
  );

  const professionals = bookableProfessionals(employees.data ?? []);
  const professional = professionals.find((employee) => employee.id === values.employeeId);
  // The professional's page: the services they offer, then the open times of the one chosen.
  const offered = useQuery({
    ...scheduleQueryOptions(professional?.username ?? ''),
    enabled: Boolean(professional),
  });
  const services = offered.data?.services ?? [];
  // One service offered: it is the one booked.
  const serviceId = values.serviceId ?? (services.length === 1 ? (services[0]?.id ?? null) : null);
  const schedule = useQuery({
    ...scheduleQueryOptions(professional?.username ?? '', serviceId),
    enabled: Boolean(professional && serviceId),
  });
  // A client holding sessions of this service books with one unless staff choose otherwise.
  const clientPacks = useClientPacks(values.clientId);
  const sessionsLeft = usableSessions(clientPacks.data, serviceId);
  const [paymentChosen, setPaymentChosen] = useState(false);
  const payment = effectivePayment(values.payment, paymentChosen, sessionsLeft);
  const chosen = { ...values, serviceId, payment };

  const change = (next: Partial<NewAppointmentValues>) => {
    setValues((current) => ({ ...current, ...next }));
    setErrors((current) => {
      const rest = { ...current };
      for (const key of Object.keys(next)) delete rest[key as keyof NewAppointmentErrors];
      return rest;
    });
    create.reset();
  };

  const chooseProfessional = (employeeId: string | null) => {
    setDate(null);
    change({ employeeId, serviceId: null, slot: null });
  };

  const chooseService = (serviceId: string | null) => {
    setDate(null);
    change({ serviceId, slot: null });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = validateNewAppointment(chosen);
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    create.mutate(toCreateRequest(chosen), {
      onSuccess: (appointment) => void navigate(paths.appointment(appointment.id)),
      onError: (error) => {
        // Taken meanwhile: the calendar is read again without it, and another time must be chosen.
        if (error instanceof ApiError && error.status === 409) setValues((v) => ({ ...v, slot: null }));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="New appointment">
      <Stack gap="lg">
        <Card p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <ClientSelect
              label="Client"
              placeholder="Type a name, email or phone"
              withAsterisk
              nothingFoundMessage="No clients found"
              checkIconPosition="right"
              comboboxProps={{ shadow: 'md' }}
              value={values.clientId}
              onChange={(clientId) => change({ clientId })}
              error={errors.clientId}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                label="Professional"
                placeholder={employees.isPending ? 'Loading…' : 'Choose a professional'}
                withAsterisk
                searchable
                allowDeselect={false}
                checkIconPosition="right"
                comboboxProps={{ shadow: 'md' }}
                nothingFoundMessage="Nobody takes bookings"
                data={professionals.map((employee) => ({
                  value: employee.id,
                  label: employee.title ? `${employee.name} · ${employee.title}` : employee.name,
                }))}
                value={values.employeeId}
                onChange={chooseProfessional}
                error={errors.employeeId ?? (employees.isError ? 'Failed to load the team' : undefined)}
              />
              <Select
                label="Service"
                placeholder={
                  !professional
                    ? 'Choose a professional first'
                    : offered.isPending
                      ? 'Loading…'
                      : 'Choose a service'
                }
                withAsterisk
                allowDeselect={false}
                checkIconPosition="right"
                comboboxProps={{ shadow: 'md' }}
                disabled={!professional || offered.isPending}
                nothingFoundMessage="This professional offers no services"
                data={services.map((service) => ({ value: service.id, label: serviceOptionLabel(service) }))}
                value={serviceId}
                onChange={chooseService}
                error={
                  errors.serviceId ??
                  (offered.isError ? refusalText(offered.error, 'Failed to load the services') : undefined)
                }
              />
            </SimpleGrid>
          </Stack>
        </Card>

        <Card p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="new-appointment-time">
          <Stack gap="md">
            <div>
              <Title order={3} fz="lg" id="new-appointment-time">
                Day and time
              </Title>
              <Text size="sm" c="dimmed">
                {professional && schedule.data
                  ? `Open times with ${professional.name}, in ${schedule.data.timeZone}.`
                  : 'Choose the professional and the service to see their open times.'}
              </Text>
            </div>
            {!professional || !serviceId ? null : schedule.data ? (
              <SlotCalendar
                slots={schedule.data.slots}
                timeZone={schedule.data.timeZone}
                date={date}
                selected={values.slot}
                locked={false}
                busy={create.isPending}
                onDateChange={(day) => {
                  setDate(day);
                  change({ slot: null });
                }}
                onSlotSelect={(slot) => change({ slot })}
              />
            ) : schedule.isError ? (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                The open times could not be loaded.{' '}
                <Button variant="white" color="red" size="compact-xs" onClick={() => void schedule.refetch()}>
                  Retry
                </Button>
              </Alert>
            ) : (
              <Center mih={200} role="status" aria-label="Loading open times">
                <Loader />
              </Center>
            )}
            {values.slot ? (
              <Text fw={600} size="sm" data-testid="chosen-slot">
                Chosen: {formatShortSlot(values.slot.date, values.slot.time)}
              </Text>
            ) : null}
            {errors.slot ? <Input.Error role="alert">{errors.slot}</Input.Error> : null}
          </Stack>
        </Card>

        <Card p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <Radio.Group
              label="Payment"
              value={payment}
              onChange={(next) => {
                setPaymentChosen(true);
                change({ payment: next as StaffPayment });
              }}
            >
              <Group gap="lg" mt="xs">
                {PAYMENT_OPTIONS.map((option) => (
                  <Radio key={option.value} value={option.value} label={option.label} />
                ))}
                {sessionsLeft > 0 ? <Radio value="pack" label={`Use pack (${sessionsLeft} left)`} /> : null}
              </Group>
            </Radio.Group>
            <Textarea
              label="Notes"
              placeholder="Anything the professional should know"
              autosize
              minRows={2}
              maxLength={2000}
              value={values.notes}
              onChange={(event) => change({ notes: event.currentTarget.value })}
            />
          </Stack>
        </Card>

        <FormActions
          error={create.isError ? refusalText(create.error, BOOK_FAILED) : null}
          cancelTo={clientId ? paths.client(clientId) : paths.appointments}
        >
          <Button type="submit" loading={create.isPending} leftSection={<IconCalendarPlus size={18} />}>
            Book appointment
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
