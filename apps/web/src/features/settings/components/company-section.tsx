import {
  type BusinessLanguage,
  type Company,
  type UpdateCompanyRequest,
  updateCompanySchema,
} from '@chatdesk/contract/company';
import { Alert, Button, Card, Group, Loader } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useUnsavedChangesGuard } from '../../../lib/unsaved-changes';
import { companyKeys, useCompany, useUpdateCompany } from '../api';
import { useFlashMessage } from '../use-flash-message';
import { FormAlerts } from './form-alerts';

const SAVED = 'Company information saved successfully!';
const FAILED = 'Failed to save company information. Please try again.';

export type CompanyFormValues = {
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

/** The company once loaded; meanwhile a loader, or the failure with Retry. */
export function WithCompany({ children }: { children: (company: Company) => ReactNode }) {
  const company = useCompany();
  if (company.isPending) {
    return (
      <Card p="xl">
        <Group justify="center" py="xl">
          <Loader role="status" aria-label="Loading company information" />
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
  return children(company.data);
}

/**
 * A form over some of the company's fields. The API saves the company whole, so a save sends these
 * fields with the others as the server last gave them: a section never resets what another one saved.
 */
export function useCompanySectionForm(company: Company, fields: readonly (keyof CompanyFormValues)[]) {
  const queryClient = useQueryClient();
  const update = useUpdateCompany();
  const success = useFlashMessage();
  const form = useForm<CompanyFormValues>({
    mode: 'controlled',
    initialValues: toFormValues(company),
    validate: schemaResolver(updateCompanySchema, { sync: true }),
  });
  useUnsavedChangesGuard(form.isDirty() && !update.isPending);

  const onSubmit = form.onSubmit((values) => {
    success.clear();
    update.reset();
    const latest = toFormValues(queryClient.getQueryData<Company>(companyKeys.detail) ?? company);
    const mine = Object.fromEntries(fields.map((field) => [field, values[field]]));
    const body: UpdateCompanyRequest = updateCompanySchema.parse({ ...latest, ...mine });
    update.mutate(body, {
      onSuccess: () => {
        form.resetDirty();
        success.show(SAVED);
      },
    });
  });

  const actions = (
    <>
      <FormAlerts success={success.message} error={update.isError ? FAILED : null} />
      <Group justify="flex-end">
        <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={update.isPending}>
          Save Changes
        </Button>
      </Group>
    </>
  );

  return { form, onSubmit, actions };
}
