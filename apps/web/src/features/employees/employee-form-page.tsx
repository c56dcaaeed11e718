import {
  createEmployeeSchema,
  EMPLOYEE_MESSAGES,
  type Employee,
  updateEmployeeSchema,
} from '@chatdesk/contract/employees';
import {
  Box,
  Button,
  Card,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCalendarTime, IconDeviceFloppy, IconId, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { FormActions } from '../../components/form-actions';
import { NotFoundCard } from '../../components/not-found-card';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { ApiError } from '../../lib/api-client';
import { backTo } from '../../lib/back-to';
import { usePageName } from '../../lib/page-title';
import { paths } from '../../lib/paths';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { useEmployeeServices, useServices, useSetEmployeeServices } from '../services/api';
import { useCompany } from '../settings/api';
import { useEmployee, useSaveEmployee } from './api';
import { AvailabilityEditor } from './components/availability-editor';
import { CalendarFeedCard } from './components/calendar-feed-card';
import { CalendarsCard } from './components/calendars-card';
import { LocationTagsInput } from './components/location-tags-input';
import { ServicesChecklist } from './components/services-checklist';
import { TimeOffCard } from './components/time-off-card';
import { type EmployeeFormValues, emptyEmployeeValues, toFormValues, toRequest } from './employee-form';
import { defaultServiceIds, sameServiceIds, serviceIdsToSave, tickedServiceIds } from './employee-services';

const SAVE_FAILED = 'Failed to save employee';
const DETAIL_FIELDS = ['name', 'email', 'username', 'password', 'title', 'role'];

export function EmployeeFormPage() {
  const { id } = useParams();
  const employee = useEmployee(id);
  const title = id ? 'Edit Employee' : 'New Employee';
  usePageName(id && employee.data ? `Employee: ${employee.data.name}` : undefined);
  // Saving, Cancel and Back return to the list as it was left (its search), when opened from it.
  const list = backTo(useLocation().state, paths.employees);

  return (
    <Box maw={960}>
      <PageHeader
        title={title}
        description={
          id
            ? 'Update the details and weekly availability.'
            : 'Add a team member who can sign in and take bookings.'
        }
      />
      {!id ? (
        <EmployeeForm list={list} />
      ) : (
        <QueryState
          query={employee}
          loadingLabel="Loading employee"
          skeleton="form"
          errorTitle="Failed to load employee data"
          notFound={
            <NotFoundCard
              icon={<IconUserOff size={28} />}
              title="Employee not found"
              description="This employee may have been deleted."
              action={<BackLink to={list}>Back to Employees</BackLink>}
            />
          }
        >
          {(data) => <EmployeeForm key={data.id} employee={data} list={list} />}
        </QueryState>
      )}
    </Box>
  );
}

function EmployeeForm({ employee, list }: { employee?: Employee; list: string }) {
  const navigate = useNavigate();
  const save = useSaveEmployee();
  const timeZone = useCompany().data?.timeZone;
  const [tab, setTab] = useState<string | null>('details');
  const editing = Boolean(employee);
  const services = useEmployeeServicesField(employee?.id);
  // From a valid submit until it fails: the navigation that follows a save is never held back.
  const [submitted, setSubmitted] = useState(false);

  const form = useForm<EmployeeFormValues>({
    mode: 'controlled',
    initialValues: employee ? toFormValues(employee) : emptyEmployeeValues(),
    validate: schemaResolver(editing ? updateEmployeeSchema : createEmployeeSchema, { sync: true }),
  });
  useUnsavedChangesGuard((form.isDirty() || services.dirty) && !submitted);

  /**
   * The services, once the employee is saved (their failure is a toast). A new employee then has a
   * page of their own: the form goes there, so saving again does not create them twice.
   */
  const saveServices = async (employeeId: string) => {
    if (!services.dirty) return true;
    try {
      await services.save(employeeId);
      return true;
    } catch {
      setSubmitted(false);
      if (!employee) void navigate(paths.employee(employeeId), { replace: true, state: { backTo: list } });
      return false;
    }
  };

  const handleSubmit = form.onSubmit(
    (values) => {
      save.reset();
      setSubmitted(true);
      const body = toRequest(values);
      const input = employee ? { id: employee.id, body } : { body };
      save.mutate(input, {
        onSuccess: async (saved) => {
          if (await saveServices(saved.id)) void navigate(list);
        },
        onError: (error) => {
          setSubmitted(false);
          if (isUsernameTaken(error)) {
            form.setFieldError('username', EMPLOYEE_MESSAGES.usernameTaken);
            setTab('details');
          }
        },
      });
    },
    (errors) => {
      if (Object.keys(errors).some((field) => DETAIL_FIELDS.includes(field))) setTab('details');
    },
  );

  // A taken username is said once, on its field (onError above), not again under the form.
  const saveError =
    save.isError && !isUsernameTaken(save.error)
      ? (save.error instanceof ApiError && save.error.serverMessage) || SAVE_FAILED
      : null;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="details" leftSection={<IconId size={16} />}>
            Employee Details
          </Tabs.Tab>
          <Tabs.Tab value="availability" leftSection={<IconCalendarTime size={16} />}>
            Availability Schedule
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="details">
          <Card p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="lg">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput label="Name" withAsterisk key={form.key('name')} {...form.getInputProps('name')} />
                <TextInput
                  label="Email"
                  type="email"
                  withAsterisk
                  key={form.key('email')}
                  {...form.getInputProps('email')}
                />
                <TextInput
                  label="Username"
                  withAsterisk
                  autoComplete="off"
                  key={form.key('username')}
                  {...form.getInputProps('username')}
                />
                <PasswordInput
                  label="Password"
                  withAsterisk={!editing}
                  autoComplete="new-password"
                  description={editing ? 'Leave blank to keep the current password.' : undefined}
                  key={form.key('password')}
                  {...form.getInputProps('password')}
                />
                <TextInput
                  label="Title"
                  placeholder="e.g. Personal Trainer"
                  key={form.key('title')}
                  {...form.getInputProps('title')}
                />
                <TextInput
                  label="Role"
                  placeholder="e.g. Trainer"
                  key={form.key('role')}
                  {...form.getInputProps('role')}
                />
              </SimpleGrid>

              <LocationTagsInput
                locations={form.values.locations}
                draft={form.values.locationDraft}
                onChange={({ locations, draft }) => {
                  // setValues would clear every field's error; these two only touch their own.
                  form.setFieldValue('locations', locations);
                  form.setFieldValue('locationDraft', draft);
                }}
              />

              <Switch
                label="Active"
                description="Inactive employees cannot sign in."
                key={form.key('isActive')}
                {...form.getInputProps('isActive', { type: 'checkbox' })}
              />

              <Switch
                label="Takes bookings"
                description="Offered on the booking page and by the assistant"
                key={form.key('takesBookings')}
                {...form.getInputProps('takesBookings', { type: 'checkbox' })}
              />
            </Stack>
          </Card>
          <Box mt="lg">
            <ServicesChecklist
              services={services.active}
              ticked={services.ticked}
              loading={services.loading}
              failed={services.failed}
              onChange={services.change}
            />
          </Box>
        </Tabs.Panel>

        <Tabs.Panel value="availability">
          <Card p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="md">
              <div>
                <Title order={3} fz="lg">
                  Weekly availability
                </Title>
                <Text size="sm" c="dimmed">
                  Bookable 30-minute slots come from these ranges
                  {timeZone ? ` (times in ${timeZone})` : ''}. A day without ranges is unavailable.
                </Text>
              </div>
              <AvailabilityEditor
                value={form.values.availability}
                onChange={(availability) => form.setFieldValue('availability', availability)}
              />
            </Stack>
          </Card>
          {employee ? (
            <>
              <Box mt="lg">
                <TimeOffCard employeeId={employee.id} timeZone={timeZone} />
              </Box>
              <Box mt="lg">
                <CalendarsCard employeeId={employee.id} />
              </Box>
              <Box mt="lg">
                <CalendarFeedCard employeeId={employee.id} />
              </Box>
            </>
          ) : null}
        </Tabs.Panel>
      </Tabs>

      <Stack gap="md" mt="lg">
        <FormActions error={saveError} cancelTo={list}>
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={18} />}
            loading={save.isPending || services.saving}
          >
            {editing ? 'Save Changes' : 'Create Employee'}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}

/**
 * The checklist of the services an employee offers: what they offer now (a new one: the default,
 * as the server links it), what is ticked, and saving it once the employee has an id.
 */
function useEmployeeServicesField(employeeId: string | undefined) {
  const active = useServices();
  const offered = useEmployeeServices(employeeId);
  const put = useSetEmployeeServices();
  const [ticked, setTicked] = useState<string[] | null>(null);
  const saved = employeeId
    ? offered.data?.serviceIds
    : active.data
      ? defaultServiceIds(active.data)
      : undefined;
  const savedTicked = saved && active.data ? tickedServiceIds(saved, active.data) : undefined;
  const dirty = ticked !== null && savedTicked !== undefined && !sameServiceIds(ticked, savedTicked);
  return {
    active: active.data,
    ticked: ticked ?? savedTicked ?? [],
    loading: active.isPending || (Boolean(employeeId) && offered.isPending),
    failed: active.isError || offered.isError,
    dirty,
    saving: put.isPending,
    change: setTicked,
    save: (id: string) =>
      put.mutateAsync({
        employeeId: id,
        serviceIds: serviceIdsToSave(saved ?? [], active.data ?? [], ticked ?? []),
      }),
  };
}

function isUsernameTaken(error: unknown): boolean {
  return error instanceof ApiError && error.serverMessage === EMPLOYEE_MESSAGES.usernameTaken;
}
