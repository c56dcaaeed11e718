import type { Company } from '@chatdesk/contract/company';
import { Card, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useCompanySectionForm, WithCompany } from './company-section';

const FIELDS = ['name', 'industry', 'website', 'logo', 'timeZone', 'information'] as const;

function useTimeZoneOptions(current: string): string[] {
  return useMemo(() => {
    const zones = Intl.supportedValuesOf('timeZone');
    return current && !zones.includes(current) ? [current, ...zones] : zones;
  }, [current]);
}

export function CompanySettings() {
  return <WithCompany>{(company) => <CompanyForm company={company} />}</WithCompany>;
}

function CompanyForm({ company }: { company: Company }) {
  const { form, onSubmit, actions } = useCompanySectionForm(company, FIELDS);
  const timeZones = useTimeZoneOptions(form.values.timeZone);

  return (
    <Card p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={onSubmit} noValidate>
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
            <Select
              label="Time zone"
              description="Availability, bookings and appointment times use this time zone."
              // Below the box, so it lines up with the field beside it.
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              placeholder="Search time zones"
              searchable
              allowDeselect={false}
              nothingFoundMessage="No matching time zone"
              leftSection={<IconWorld size={16} />}
              data={timeZones}
              maxDropdownHeight={280}
              comboboxProps={{ shadow: 'md' }}
              key={form.key('timeZone')}
              {...form.getInputProps('timeZone')}
            />
          </SimpleGrid>

          <Textarea
            label="Company Information"
            description="What you offer, opening hours, prices, policies: anything customers ask about."
            withAsterisk
            rows={6}
            key={form.key('information')}
            {...form.getInputProps('information')}
          />

          {actions}
        </Stack>
      </form>
    </Card>
  );
}
