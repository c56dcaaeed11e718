import { type ClientDetail, clientFormSchema } from '@chatdesk/contract/clients';
import { Box, Button, Card, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { FormActions } from '../../components/form-actions';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api-client';
import { backTo, type FromList } from '../../lib/back-to';
import { usePageName } from '../../lib/page-title';
import { paths } from '../../lib/paths';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { useAllEmployees } from '../employees/api';
import { useClient, useSaveClient } from './api';
import {
  type ClientFormValues,
  emptyClientValues,
  SOURCE_OPTIONS,
  STATUS_OPTIONS,
  toClientFormValues,
  toClientRequest,
} from './client-format';
import { ClientQueryState } from './components/client-query-state';

const SAVE_FAILED = 'Failed to save client';

export function ClientFormPage() {
  const { id } = useParams();
  const client = useClient(id);
  usePageName(id && client.data ? `Edit client: ${client.data.name}` : undefined);

  return (
    <Box maw={960}>
      <PageHeader
        title={id ? 'Edit Client' : 'New Client'}
        description={id ? 'Update the contact details and status.' : 'Add a client to keep track of them.'}
      />
      {!id ? (
        <ClientForm />
      ) : (
        <ClientQueryState query={client} withBackLink skeleton="form">
          {(data) => <ClientForm key={data.id} client={data} />}
        </ClientQueryState>
      )}
    </Box>
  );
}

function ClientForm({ client }: { client?: ClientDetail }) {
  const navigate = useNavigate();
  // The list the client was opened from goes on to the detail, so its Back still returns there.
  const list: FromList = { backTo: backTo(useLocation().state, paths.clients) };
  const save = useSaveClient();
  const employees = useAllEmployees();
  const employeeOptions = (employees.data ?? []).map((employee) => ({
    value: employee.id,
    label: employee.name,
  }));
  // A client may be assigned to someone no longer in the list; keep them choosable.
  const assigned = client?.assignedEmployee;
  if (assigned && !employeeOptions.some((option) => option.value === assigned.id)) {
    employeeOptions.unshift({ value: assigned.id, label: assigned.name });
  }

  const form = useForm<ClientFormValues>({
    mode: 'controlled',
    initialValues: client ? toClientFormValues(client) : emptyClientValues(),
    validate: schemaResolver(clientFormSchema, { sync: true }),
  });
  useUnsavedChangesGuard(form.isDirty() && !save.isPending && !save.isSuccess);

  const handleSubmit = form.onSubmit((values) => {
    save.reset();
    save.mutate(
      { id: client?.id, body: toClientRequest(values) },
      { onSuccess: (saved) => void navigate(paths.client(saved.id), { state: list }) },
    );
  });

  const saveError = save.isError
    ? (save.error instanceof ApiError && save.error.serverMessage) || SAVE_FAILED
    : null;
  const cancelTo = client ? paths.client(client.id) : list.backTo;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <Card p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <Title order={3} fz="lg">
              Contact
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="Name" withAsterisk key={form.key('name')} {...form.getInputProps('name')} />
              <TextInput
                label="Phone"
                type="tel"
                withAsterisk
                placeholder="+34 600 000 000"
                key={form.key('phone')}
                {...form.getInputProps('phone')}
              />
              <TextInput
                label="Email"
                type="email"
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              <Select
                label="Assigned Employee"
                placeholder={employees.isPending ? 'Loading employees...' : 'Unassigned'}
                data={employeeOptions}
                clearable
                searchable
                nothingFoundMessage="No employees found"
                checkIconPosition="right"
                comboboxProps={{ shadow: 'md' }}
                key={form.key('assignedEmployeeId')}
                {...form.getInputProps('assignedEmployeeId')}
              />
              <Select
                label="Status"
                data={STATUS_OPTIONS}
                allowDeselect={false}
                checkIconPosition="right"
                comboboxProps={{ shadow: 'md' }}
                key={form.key('status')}
                {...form.getInputProps('status')}
              />
              <Select
                label="Source"
                data={SOURCE_OPTIONS}
                allowDeselect={false}
                checkIconPosition="right"
                comboboxProps={{ shadow: 'md' }}
                key={form.key('source')}
                {...form.getInputProps('source')}
              />
            </SimpleGrid>
          </Stack>
        </Card>

        <Card p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <Title order={3} fz="lg">
              Address
            </Title>
            <TextInput
              label="Street"
              key={form.key('address.street')}
              {...form.getInputProps('address.street')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="City"
                key={form.key('address.city')}
                {...form.getInputProps('address.city')}
              />
              <TextInput
                label="State / Province"
                key={form.key('address.state')}
                {...form.getInputProps('address.state')}
              />
              <TextInput
                label="Zip Code"
                key={form.key('address.zipCode')}
                {...form.getInputProps('address.zipCode')}
              />
              <TextInput
                label="Country"
                key={form.key('address.country')}
                {...form.getInputProps('address.country')}
              />
            </SimpleGrid>
          </Stack>
        </Card>

        <Card p={{ base: 'md', sm: 'xl' }}>
          <Textarea
            label="Notes"
            autosize
            minRows={3}
            maxRows={10}
            key={form.key('notes')}
            {...form.getInputProps('notes')}
          />
        </Card>

        <FormActions error={saveError} cancelTo={cancelTo} cancelState={list}>
          <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={save.isPending}>
            {client ? 'Save Changes' : 'Create Client'}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
