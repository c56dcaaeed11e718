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
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useReducer, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useSchedule } from './api';
import { bookingReducer, initialBookingState } from './booking-state';
import { BookingHeader } from './components/booking-header';
import { BookingPanel } from './components/booking-panel';
import { SlotCalendar } from './components/slot-calendar';
import { SCHEDULE_PAGE_MESSAGES } from './messages';
import type { ConfirmCard } from './payment-types';
import classes from './schedule.module.css';
import { useCheckout } from './use-checkout';

/** The public booking page: no sign-in, and nothing from the staff app. */
export function SchedulePage() {
  const { username = '' } = useParams();
  const navigate = useNavigate();
  const schedule = useSchedule(username);
  const notFound = schedule.error instanceof ApiError && schedule.error.status === 404;

  useEffect(() => {
    if (notFound) void navigate(paths.notFound, { replace: true });
  }, [notFound, navigate]);

  return (
    <Box className={classes.page}>
      <Container size="lg" px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 48 }}>
        {schedule.data ? (
          <BookingFlow schedule={schedule.data} />
        ) : schedule.isError && !notFound ? (
          <LoadError error={schedule.error} />
        ) : (
          <Center mih={320} role="status" aria-label="Loading schedule">
            <Stack align="center" gap="sm">
              <Loader />
              <Text c="dimmed" size="sm">
                Loading schedule...
              </Text>
            </Stack>
          </Center>
        )}
      </Container>
    </Box>
  );
}

function LoadError({ error }: { error: unknown }) {
  const message = (error instanceof ApiError && error.serverMessage) || SCHEDULE_PAGE_MESSAGES.loadFailed;
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

function BookingFlow({ schedule }: { schedule: PublicSchedule }) {
  const [state, dispatch] = useReducer(bookingReducer, initialBookingState);
  const checkout = useCheckout(schedule);
  const panel = useRef<HTMLDivElement>(null);

  // On a phone the panel sits below the calendar: bring each new step into view.
  const stepKey = `${state.slot?.date}|${state.slot?.time}|${state.step}|${state.result?.kind}`;
  useEffect(() => {
    const element = panel.current;
    if (!element || stepKey.startsWith('undefined|')) return;
    if (element.getBoundingClientRect().top > window.innerHeight * 0.6) {
      element.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  }, [stepKey]);

  const onPay = async (confirm: ConfirmCard) => {
    if (!state.slot || checkout.busy) return;
    dispatch({ type: 'paymentStarted' });
    const outcome = await checkout.pay(state.slot, state.values, confirm);
    dispatch(
      outcome.ok
        ? { type: 'booked', appointment: outcome.appointment }
        : { type: 'failed', message: outcome.message },
    );
  };

  return (
    <Stack gap="lg">
      <Paper withBorder shadow="sm" className={classes.card}>
        <Box p={{ base: 'md', sm: 'xl' }} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
          <BookingHeader employee={schedule.employee} timeZone={schedule.timeZone} />
        </Box>
        <Grid gap={0}>
          <Grid.Col span={{ base: 12, md: 6 }} p={{ base: 'md', sm: 'xl' }}>
            <SlotCalendar
              slots={schedule.slots}
              date={state.date}
              selected={state.slot}
              locked={state.locked}
              busy={checkout.busy}
              onDateChange={(date) => dispatch({ type: 'selectDate', date })}
              onSlotSelect={(slot) => dispatch({ type: 'selectSlot', slot })}
            />
          </Grid.Col>
          <Grid.Col
            span={{ base: 12, md: 6 }}
            className={classes.panel}
            p={{ base: 'md', sm: 'xl' }}
            ref={panel}
          >
            <BookingPanel
              schedule={schedule}
              state={state}
              dispatch={dispatch}
              busy={checkout.busy}
              onPay={(confirm) => void onPay(confirm)}
            />
          </Grid.Col>
        </Grid>
      </Paper>
      <Group justify="center" gap={6} c="dimmed">
        <IconShieldCheck size={16} aria-hidden />
        <Text size="xs">Secure booking · You will receive a confirmation by email</Text>
      </Group>
    </Stack>
  );
}
