import { SERVICE_LIMITS, type Service } from '@chatdesk/contract/services';
import {
  Box,
  Button,
  Card,
  Divider,
  Group,
  Input,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy, IconListDetails } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { FormActions } from '../../components/form-actions';
import { NotFoundCard } from '../../components/not-found-card';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { backTo } from '../../lib/back-to';
import { serverRefusal } from '../../lib/mutation-feedback';
import { usePageName } from '../../lib/page-title';
import { paths } from '../../lib/paths';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { useAllEmployees } from '../employees/api';
import { useSaveService, useServices } from './api';
import {
  BUFFER_OPTIONS,
  CURRENCY_OPTIONS,
  currencySymbol,
  DURATION_OPTIONS,
  emptyServiceValues,
  fieldOfRefusal,
  NOTICE_UNIT_OPTIONS,
  parsePrice,
  type ServiceFormValues,
  toFormValues,
  toRequest,
  validateServiceValues,
} from './service-form';

const SAVE_FAILED = 'Failed to save the service. Please try again.';

export function ServiceFormPage() {
  const { id } = useParams();
  // The whole catalogue, archived ones too: the API has no single-service read.
  const services = useServices({ archived: true });
  const service = id ? services.data?.find((candidate) => candidate.id === id) : undefined;
  usePageName(service ? `Service: ${service.name}` : undefined);
  const list = backTo(useLocation().state, paths.services);

  return (
    <Box maw={960}>
      <PageHeader
        title={id ? 'Edit Service' : 'New Service'}
        description={
          id
            ? 'Change what clients book: its length, price, rules and who offers it.'
            : 'Add something clients can book, with its length, price and who offers it.'
        }
      />
      <QueryState
        query={services}
        loadingLabel="Loading service"
        skeleton="form"
        errorTitle="Failed to load services"
      >
        {(catalogue) => {
          if (id && !service) {
            return (
              <NotFoundCard
                icon={<IconListDetails size={28} />}
                title="Service not found"
                description="This link may be wrong."
                action={<BackLink to={list}>Back to Services</BackLink>}
              />
            );
          }
          const currency = catalogue.find((candidate) => candidate.isDefault)?.currency;
          return <ServiceForm key={service?.id ?? 'new'} service={service} currency={currency} list={list} />;
        }}
      </QueryState>
    </Box>
  );
}

/** One part of the form, under its own heading. */
function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <div>
        <Title order={3} fz="lg" id={headingId}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      </div>
      {children}
    </Stack>
  );
}

type ServiceFormProps = {
  service: Service | undefined;
  /** The catalogue's currency, for a new service. */
  currency: string | undefined;
  list: string;
};

function ServiceForm({ service, currency, list }: ServiceFormProps) {
  const navigate = useNavigate();
  const save = useSaveService();
  const employees = useAllEmployees();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ServiceFormValues>({
    mode: 'controlled',
    initialValues: service ? toFormValues(service) : emptyServiceValues(currency),
    validate: validateServiceValues,
  });
  useUnsavedChangesGuard(form.isDirty() && !save.isPending && !save.isSuccess);
  const noticeId = useId();
  const free = parsePrice(form.values.price) === 0;

  const refused = (error: unknown) => {
    const message = serverRefusal(error);
    const field = message ? fieldOfRefusal(message) : null;
    if (field) form.setFieldError(field.field, field.message);
    else setFailure(message ?? SAVE_FAILED);
  };

  const submit = form.onSubmit((values) => {
    setFailure(null);
    save.mutate(
      { id: service?.id, body: toRequest(values) },
      { onSuccess: () => void navigate(list), onError: refused },
    );
  });

  const employeeOptions = (employees.data ?? []).map((employee) => ({
    value: employee.id,
    label: employee.name,
  }));

  return (
    <form onSubmit={submit} noValidate>
      <Card p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="xl">
          <Section title="About the service" description="What clients see when they choose a service.">
            <TextInput
              label="Name"
              placeholder="e.g. Haircut"
              withAsterisk
              maxLength={SERVICE_LIMITS.nameMax}
              key={form.key('name')}
              {...form.getInputProps('name')}
            />
            <Textarea
              label="Description"
              description="Optional. A line or two on the booking page."
              autosize
              minRows={2}
              maxRows={6}
              maxLength={SERVICE_LIMITS.descriptionMax}
              key={form.key('description')}
              {...form.getInputProps('description')}
            />
          </Section>

          <Divider />

          <Section
            title="Length and price"
            description="How long it takes and what clients pay online to book it."
          >
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <Select
                label="Length"
                withAsterisk
                data={DURATION_OPTIONS}
                allowDeselect={false}
                searchable
                checkIconPosition="right"
                comboboxProps={{ shadow: 'md' }}
                key={form.key('durationMinutes')}
                {...form.getInputProps('durationMinutes')}
              />
              <TextInput
                label="Price"
                withAsterisk
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                leftSection={<Text c="dimmed">{currencySymbol(form.values.currency)}</Text>}
                description={
                  free ? 'Free: clients book it online without paying' : 'In the currency, e.g. 55 or 12.50'
                }
                // The hint under the box, so the three boxes of the row line up.
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                key={form.key('price')}
                {...form.getInputProps('price')}
              />
              <Select
                label="Currency"
                withAsterisk
                data={CURRENCY_OPTIONS}
                allowDeselect={false}
                checkIconPosition="right"
                comboboxProps={{ shadow: 'md' }}
                key={form.key('currency')}
                {...form.getInputProps('currency')}
              />
            </SimpleGrid>
          </Section>

          <Divider />

          <Section
            title="Booking rules"
            description="Kept by the booking page, the assistant and staff moves alike."
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="lg">
              <Select
                label="Buffer before"
                description="Kept free before it, e.g. to prepare"
                data={BUFFER_OPTIONS}
                allowDeselect={false}
                checkIconPosition="right"
                comboboxProps={{ shadow: 'md' }}
                key={form.key('bufferBeforeMinutes')}
                {...form.getInputProps('bufferBeforeMinutes')}
              />
              <Select
                label="Buffer after"
                description="Kept free after it, e.g. to clean up"
                data={BUFFER_OPTIONS}
                allowDeselect={false}
                checkIconPosition="right"
                comboboxProps={{ shadow: 'md' }}
                key={form.key('bufferAfterMinutes')}
                {...form.getInputProps('bufferAfterMinutes')}
              />
              <Input.Wrapper
                label="Minimum notice"
                description="How long before its start it can still be booked online; 0 = until it starts"
                id={noticeId}
                error={form.errors.notice}
              >
                <Group gap="xs" wrap="nowrap" mt={4}>
                  <NumberInput
                    id={noticeId}
                    min={0}
                    clampBehavior="none"
                    allowDecimal={false}
                    allowNegative={false}
                    hideControls
                    error={Boolean(form.errors.notice)}
                    style={{ flex: 1 }}
                    key={form.key('notice')}
                    {...form.getInputProps('notice', { withError: false })}
                  />
                  <Select
                    aria-label="Minimum notice unit"
                    data={NOTICE_UNIT_OPTIONS}
                    allowDeselect={false}
                    checkIconPosition="right"
                    comboboxProps={{ shadow: 'md' }}
                    w={130}
                    key={form.key('noticeUnit')}
                    {...form.getInputProps('noticeUnit')}
                  />
                </Group>
              </Input.Wrapper>
              <NumberInput
                label="Booking horizon"
                description="How far ahead clients can book"
                withAsterisk
                min={1}
                max={SERVICE_LIMITS.horizonMaxDays}
                clampBehavior="none"
                allowDecimal={false}
                allowNegative={false}
                hideControls
                rightSection={<Suffix text="days" />}
                rightSectionWidth={60}
                rightSectionPointerEvents="none"
                key={form.key('horizonDays')}
                {...form.getInputProps('horizonDays')}
              />
              <NumberInput
                label="Daily limit"
                description="Most bookings of it per professional a day; empty = no limit"
                placeholder="No limit"
                min={1}
                max={SERVICE_LIMITS.dailyCapMax}
                clampBehavior="none"
                allowDecimal={false}
                allowNegative={false}
                hideControls
                rightSection={<Suffix text="a day" />}
                rightSectionWidth={64}
                rightSectionPointerEvents="none"
                key={form.key('dailyCap')}
                {...form.getInputProps('dailyCap')}
              />
              <NumberInput
                label="Seats"
                description="A class: clients at one time, a seat each; empty = one"
                placeholder="One client"
                min={1}
                max={SERVICE_LIMITS.seatsMax}
                clampBehavior="none"
                allowDecimal={false}
                allowNegative={false}
                hideControls
                rightSection={<Suffix text="seats" />}
                rightSectionWidth={64}
                rightSectionPointerEvents="none"
                key={form.key('seats')}
                {...form.getInputProps('seats')}
              />
            </SimpleGrid>
          </Section>

          <Divider />

          <Section title="Professionals" description="Who offers it: it shows on their booking page.">
            <MultiSelect
              label="Professionals"
              placeholder={form.values.employeeIds.length ? undefined : 'Choose professionals'}
              data={employeeOptions}
              searchable
              hidePickedOptions
              nothingFoundMessage={employees.isPending ? 'Loading employees...' : 'No employees found'}
              comboboxProps={{ shadow: 'md' }}
              key={form.key('employeeIds')}
              {...form.getInputProps('employeeIds')}
            />
          </Section>
        </Stack>
      </Card>

      <Stack gap="md" mt="lg">
        <FormActions error={failure} cancelTo={list}>
          <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={save.isPending}>
            {service ? 'Save Changes' : 'Create Service'}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}

function Suffix({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed" w="100%" pr="sm" ta="right" style={{ whiteSpace: 'nowrap' }} aria-hidden>
      {text}
    </Text>
  );
}
