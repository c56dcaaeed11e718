import type { PublicSchedule } from '@chatdesk/contract/schedule';
import {
  Alert,
  Anchor,
  Box,
  Center,
  Container,
  Grid,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconShieldCheck } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
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
    <Box className={classes.page}>
      <Container size="md" px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 48 }}>
        {username ? (
          <EmployeeSubscription username={username} initialEmail={emailFromParam(email)} />
        ) : (
          <Problem message={SUBSCRIBE_PAGE_MESSAGES.noUsername} />
        )}
      </Container>
    </Box>
  );
}

function EmployeeSubscription({ username, initialEmail }: { username: string; initialEmail: string }) {
  const navigate = useNavigate();
  const employee = useSubscribeEmployee(username);
  const notFound = employee.error instanceof ApiError && employee.error.status === 404;

  useEffect(() => {
    if (notFound) void navigate(paths.notFound, { replace: true });
  }, [notFound, navigate]);

  if (employee.isPending || notFound) {
    return (
      <Center mih={320} role="status" aria-label="Loading">
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed" size="sm">
            Loading...
          </Text>
        </Stack>
      </Center>
    );
  }
  if (employee.isError) return <Problem message={SUBSCRIBE_PAGE_MESSAGES.loadFailed} />;
  if (!employee.data) return <Problem message={SUBSCRIBE_PAGE_MESSAGES.employeeNotFound} />;
  return <SubscriptionCard employee={employee.data} initialEmail={initialEmail} />;
}

function Problem({ message }: { message: string }) {
  return (
    <Paper withBorder shadow="sm" p="xl" maw={520} mx="auto">
      <Stack gap="md">
        <Alert color="red" title="Error" icon={<IconAlertCircle size={20} />} role="alert">
          {message}
        </Alert>
        <Anchor component={Link} to={paths.home} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            Return to home
          </Group>
        </Anchor>
      </Stack>
    </Paper>
  );
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
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {SUBSCRIBE_PAGE_MESSAGES.stripeUnavailable}
      </Alert>
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
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
      {SUBSCRIBE_PAGE_MESSAGES.stripeUnavailable}
    </Alert>
  );
  return (
    <Stack gap="md">
      <DetailsTitle />
      {form}
    </Stack>
  );
}
