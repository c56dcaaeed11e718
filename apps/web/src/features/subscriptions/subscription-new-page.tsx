import type { Plan } from '@chatdesk/contract/subscriptions';
import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCreditCard } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { ClientSelect } from '../../components/client-select';
import { FormActions } from '../../components/form-actions';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { useCreateSubscription, usePlans } from './api';
import {
  applyPlan,
  CURRENCY_OPTIONS,
  currencySymbol,
  INTERVAL_OPTIONS,
  initialSubscriptionValues,
  planOptionLabel,
  type SubscriptionFormValues,
  toCreateRequest,
  validateSubscriptionForm,
} from './subscription-format';

const CREATE_FAILED = 'Failed to create subscription';

export function SubscriptionNewPage() {
  const plans = usePlans();
  const [searchParams] = useSearchParams();
  const clientId = searchParams.get('clientId');

  return (
    <Box maw={860}>
      <PageHeader title="Create Subscription" description="Start a recurring plan for a client." />
      {plans.isPending ? (
        <Center py={64}>
          <Loader role="status" aria-label="Loading plans" />
        </Center>
      ) : plans.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Failed to load plans">
          Check your connection and try again.
          <Button variant="white" color="red" size="xs" ml="sm" onClick={() => void plans.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <SubscriptionForm plans={plans.data} clientId={clientId} />
      )}
    </Box>
  );
}

function SubscriptionForm({ plans, clientId }: { plans: Plan[]; clientId: string | null }) {
  const navigate = useNavigate();
  const create = useCreateSubscription();
  const form = useForm<SubscriptionFormValues>({
    mode: 'controlled',
    initialValues: initialSubscriptionValues(plans, clientId),
    validate: validateSubscriptionForm,
  });
  useUnsavedChangesGuard(form.isDirty() && !create.isPending && !create.isSuccess);

  const planOptions = plans.map((plan) => ({ value: plan.id, label: planOptionLabel(plan) }));

  const choosePlan = (planId: string | null) => {
    const plan = plans.find((candidate) => candidate.id === planId);
    if (!plan) return;
    const next = applyPlan(form.getValues(), plan);
    form.setValues(next);
    form.clearFieldError('planId');
    form.clearFieldError('planName');
    form.clearFieldError('amount');
  };

  const handleSubmit = form.onSubmit((values) => {
    create.reset();
    create.mutate(toCreateRequest(values), {
      onSuccess: (subscription) => void navigate(paths.subscription(subscription.id)),
    });
  });

  const error = create.isError
    ? (create.error instanceof ApiError && create.error.serverMessage) || CREATE_FAILED
    : null;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Card p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <ClientSelect
            label="Client"
            placeholder="Select a client"
            withAsterisk
            nothingFoundMessage="No clients found"
            checkIconPosition="right"
            comboboxProps={{ shadow: 'md' }}
            key={form.key('clientId')}
            {...form.getInputProps('clientId')}
          />
          <Select
            label="Plan"
            data={planOptions}
            withAsterisk
            allowDeselect={false}
            checkIconPosition="right"
            comboboxProps={{ shadow: 'md' }}
            key={form.key('planId')}
            {...form.getInputProps('planId')}
            onChange={choosePlan}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <NumberInput
              label="Amount"
              withAsterisk
              min={0}
              step={0.01}
              decimalScale={2}
              leftSection={<Text size="sm">{currencySymbol(form.values.currency)}</Text>}
              rightSection={
                <Text size="xs" c="dimmed" pr={28}>
                  {form.values.currency.toUpperCase()}
                </Text>
              }
              rightSectionWidth={72}
              key={form.key('amount')}
              {...form.getInputProps('amount')}
            />
            <Select
              label="Billing Interval"
              data={INTERVAL_OPTIONS}
              withAsterisk
              allowDeselect={false}
              checkIconPosition="right"
              comboboxProps={{ shadow: 'md' }}
              key={form.key('interval')}
              {...form.getInputProps('interval')}
            />
            <Select
              label="Currency"
              data={CURRENCY_OPTIONS}
              withAsterisk
              allowDeselect={false}
              checkIconPosition="right"
              comboboxProps={{ shadow: 'md' }}
              key={form.key('currency')}
              {...form.getInputProps('currency')}
            />
          </SimpleGrid>
          <TextInput
            label="Plan Name"
            withAsterisk
            key={form.key('planName')}
            {...form.getInputProps('planName')}
          />

          <Paper withBorder radius="md" p="md" bg="var(--app-color-canvas)">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" size={40} radius="md">
                <IconCreditCard size={22} />
              </ThemeIcon>
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  Payment Method
                </Text>
                <Text size="sm">Visa ending in 4242, Expires 12/2025</Text>
                <Text size="xs" c="dimmed">
                  The demo card on file is charged for the first period.
                </Text>
              </Stack>
            </Group>
          </Paper>

          <FormActions error={error} cancelTo={paths.subscriptions}>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Subscription'}
            </Button>
          </FormActions>
        </Stack>
      </Card>
    </form>
  );
}
