import {
  type BusinessLanguage,
  type Company,
  type UpdateCompanyRequest,
  updateCompanySchema,
} from '@chatdesk/contract/company';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconDeviceFloppy, IconWorld } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useUnsavedChangesGuard } from '../../../lib/unsaved-changes';
import { useCompany, useUpdateCompany } from '../api';
import { useFlashMessage } from '../use-flash-message';
import { BookingSettingsCard } from './booking-settings';
import { ClosedDaysSettings } from './closed-days-settings';
import { FormAlerts } from './form-alerts';

const SAVED = 'Company information saved successfully!';
const FAILED = 'Failed to save company information. Please try again.';
// Each language in its own name: whoever reads it can find theirs.
const LANGUAGE_OPTIONS: { value: BusinessLanguage; label: string }[] = [
  { value: 'es', label: 'Español' },
  { value: 'en', label: 'English' },
];

type CompanyFormValues = {
  name: string;
  information: string;
  industry: string;
  website: string;
  logo: string;
  systemPrompt: string;
  timeZone: string;
  language: BusinessLanguage;
};

function toFormValues(company: Company): CompanyFormValues {
  return {
    name: company.name ?? '',
    information: company.information ?? '',
    industry: company.industry ?? '',
    website: company.website ?? '',
    logo: company.logo ?? '',
    systemPrompt: company.systemPrompt ?? '',
    timeZone: company.timeZone ?? '',
    language: company.language ?? 'es',
  };
}

function useTimeZoneOptions(current: string): string[] {
  return useMemo(() => {
    const zones = Intl.supportedValuesOf('timeZone');
    return current && !zones.includes(current) ? [current, ...zones] : zones;
  }, [current]);
}

export function CompanySettings() {
  const company = useCompany();

  if (company.isPending) {
    return (
      <Card p="xl">
        <Group justify="center" py="xl">
          <Loader aria-label="Loading company information" />
        </Group>
      </Card>
    );
  }
  if (company.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="Failed to load company information">
        Please try again.{' '}
        <Button variant="white" color="red" size="xs" ml="xs" onClick={() => void company.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <CompanyForm company={company.data} />
      <BookingSettingsCard />
      <ClosedDaysSettings />
    </Stack>
  );
}

function CompanyForm({ company }: { company: Company }) {
  const update = useUpdateCompany();
  const success = useFlashMessage();
  const form = useForm<CompanyFormValues>({
    mode: 'controlled',
    initialValues: toFormValues(company),
    validate: schemaResolver(updateCompanySchema, { sync: true }),
  });
  useUnsavedChangesGuard(form.isDirty() && !update.isPending);
  const timeZones = useTimeZoneOptions(form.values.timeZone);

  const handleSubmit = form.onSubmit((values) => {
    success.clear();
    update.reset();
    const body: UpdateCompanyRequest = updateCompanySchema.parse(values);
    update.mutate(body, {
      onSuccess: () => {
        form.resetDirty();
        success.show(SAVED);
      },
    });
  });

  return (
    <Card p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <div>
            <Title order={3} fz="lg">
              Company Settings
            </Title>
            <Text size="sm" c="dimmed">
              The assistant uses this information to answer your customers.
            </Text>
          </div>

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Company Name"
              placeholder="Your company name"
              withAsterisk
              key={form.key('name')}
              {...form.getInputProps('name')}
            />
            <TextInput
              label="Industry"
              placeholder="e.g. Health & fitness"
              key={form.key('industry')}
              {...form.getInputProps('industry')}
            />
            <Select
              label="Business language"
              description="The assistant answers Spanish and English in kind, and any other language in this one."
              // Below the box, so it lines up with the field beside it.
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              data={LANGUAGE_OPTIONS}
              allowDeselect={false}
              comboboxProps={{ shadow: 'md' }}
              key={form.key('language')}
              {...form.getInputProps('language')}
            />
            <TextInput
              label="Website"
              placeholder="https://example.com"
              type="url"
              key={form.key('website')}
              {...form.getInputProps('website')}
            />
            <TextInput
              label="Logo URL"
              placeholder="https://example.com/logo.png"
              type="url"
              key={form.key('logo')}
              {...form.getInputProps('logo')}
            />
          </SimpleGrid>

          <Select
            label="Time zone"
            description="Availability, bookings and appointment times use this time zone."
            placeholder="Search time zones"
            searchable
            allowDeselect={false}
            nothingFoundMessage="No matching time zone"
            leftSection={<IconWorld size={16} />}
            data={timeZones}
            maxDropdownHeight={280}
            comboboxProps={{ shadow: 'md' }}
            maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
            key={form.key('timeZone')}
            {...form.getInputProps('timeZone')}
          />

          <Textarea
            label="Company Information"
            description="What you offer, opening hours, prices, policies: anything customers ask about."
            withAsterisk
            rows={6}
            key={form.key('information')}
            {...form.getInputProps('information')}
          />

          <Textarea
            label="System Prompt"
            description="Instructions for the AI assistant: tone, what it may promise, when to hand over to a person."
            rows={50}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
            key={form.key('systemPrompt')}
            {...form.getInputProps('systemPrompt')}
          />

          <FormAlerts success={success.message} error={update.isError ? FAILED : null} />

          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={update.isPending}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
