import type { PublicSchedule } from '@chatdesk/contract/schedule';
import { Alert, Box, Container, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconShieldCheck } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useParams } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { PublicPageError, PublicPageLoader, useNotFoundRedirect } from '../../components/public-page-states';
import { usePaymentConfig, usePremiumPrice, useSubscribeEmployee } from './api';
import { LocalSubscribeForm } from './components/local-subscribe-form';
import { PlanCard } from './components/plan-card';
import { SubscribeHeader } from './components/subscribe-header';
import { SubscribeSuccess } from './components/subscribe-success';
import { SUBSCRIBE_PAGE_MESSAGES } from './messages';
import classes from './subscribe.module.css';
import { isDone } from './subscribe-flow';
import { emailFromParam } from './subscribe-format';
import { useSubscribe } from './use-subscribe';

// Stripe.js is only fetched when the server really uses Stripe.
const StripeSubscribeForm = lazy(() =>
  import('./components/stripe-subscribe-form').then((m) => ({ default: m.StripeSubscribeForm })),
);

type Employee = PublicSchedule['employee'];

/** The public subscribe page: no sign-in, and nothing from the staff app. */
export function SubscribePage() {
  const { username = '', email } = useParams();
  return (
    <Box component="main" className={classes.page}>
      <Container size="md" px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 48 }}>
        {username ? (
          <EmployeeSubscription username={username} initialEmail={emailFromParam(email)} />
        ) : (
          <PublicPageError message={SUBSCRIBE_PAGE_MESSAGES.noUsername} />
        )}
      </Container>
    </Box>
  );
}

function EmployeeSubscription({ username, initialEmail }: { username: string; initialEmail: string }) {
  const employee = useSubscribeEmployee(username);
  const notFound = useNotFoundRedirect(employee.error);
  useDocumentTitle(employee.data ? `Subscribe to ${employee.data.name}` : 'Subscribe');

  if (employee.isPending || notFound) return <PublicPageLoader label="Loading" text="Loading..." />;
  if (employee.isError) return <PublicPageError message={SUBSCRIBE_PAGE_MESSAGES.loadFailed} />;
  if (!employee.data) return <PublicPageError message={SUBSCRIBE_PAGE_MESSAGES.employeeNotFound} />;
  return <SubscriptionCard employee={employee.data} initialEmail={initialEmail} />;
}

function SubscriptionCard({ employee, initialEmail }: { employee: Employee; initialEmail: string }) {
  const price = usePremiumPrice();
  return (
    <Stack gap="lg">
      <Paper withBorder shadow="sm" radius="lg" className={classes.card}>
        <Box p={{ base: 'md', sm: 'xl' }} className={classes.header}>
          <SubscribeHeader employee={employee} />
        </Box>
        <Grid gap={0}>
          <Grid.Col span={{ base: 12, sm: 5 }} p={{ base: 'md', sm: 'xl' }} className={classes.plan}>
            <PlanCard price={price.data} employeeName={employee.name} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7 }} p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="md">
              {price.data ? null : <DetailsTitle />}
              {price.isError ? (
                <Alert color="red" title="Error" icon={<IconAlertCircle size={20} />} role="alert">
                  {SUBSCRIBE_PAGE_MESSAGES.priceFailed}
                </Alert>
              ) : price.data ? (
                <Checkout
                  username={employee.username}
                  employeeName={employee.name}
                  price={price.data}
                  initialEmail={initialEmail}
                />
              ) : (
                <FormSkeleton />
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </Paper>
      <Group justify="center" gap={6} c="dimmed">
        <IconShieldCheck size={16} aria-hidden />
        <Text size="xs">Secure payment · Billed monthly, cancel anytime</Text>
      </Group>
    </Stack>
  );
}

function DetailsTitle() {
  return (
    <Title order={2} size="h4">
      Your details
    </Title>
  );
}

function FormSkeleton() {
  return (
    <Stack gap="md" aria-hidden>
      <Skeleton h={58} radius="md" />
      <Skeleton h={120} radius="md" />
      <Skeleton h={44} radius="md" />
    </Stack>
  );
}

type CheckoutProps = {
  username: string;
  employeeName: string;
  price: { id: string; unit_amount: number; currency: string };
  initialEmail: string;
};

function Checkout({ username, employeeName, price, initialEmail }: CheckoutProps) {
  const config = usePaymentConfig();
  const flow = useSubscribe({ username, priceId: price.id });

  if (isDone(flow.status)) {
    return (
      <SubscribeSuccess
        securityChecked={flow.status.kind === 'securityCheckSucceeded'}
        employeeName={employeeName}
      />
    );
  }
  const form: ReactNode = !config.data ? (
    config.isError ? (
      <ErrorAlert>{SUBSCRIBE_PAGE_MESSAGES.stripeUnavailable}</ErrorAlert>
    ) : (
      <FormSkeleton />
    )
  ) : config.data.provider === 'local' ? (
    <LocalSubscribeForm
      initialEmail={initialEmail}
      flow={flow}
      amount={price.unit_amount}
      currency={price.currency}
    />
  ) : config.data.publishableKey ? (
    <Suspense fallback={<FormSkeleton />}>
      <StripeSubscribeForm
        initialEmail={initialEmail}
        flow={flow}
        publishableKey={config.data.publishableKey}
      />
    </Suspense>
  ) : (
    <ErrorAlert>{SUBSCRIBE_PAGE_MESSAGES.stripeUnavailable}</ErrorAlert>
  );
  return (
    <Stack gap="md">
      <DetailsTitle />
      {form}
    </Stack>
  );
}
