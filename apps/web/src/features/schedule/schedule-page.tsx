import type { PublicSchedule } from '@chatdesk/contract/schedule';
import { Box, Container, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useReducer, useRef } from 'react';
import { useParams } from 'react-router';
import type { ConfirmCard } from '../../components/payments/payment-types';
import { PublicPageError, PublicPageLoader, useNotFoundRedirect } from '../../components/public-page-states';
import { SlotCalendar } from '../../components/slots/slot-calendar';
import { ApiError } from '../../lib/api-client';
import { useSchedule } from './api';
import { bookingReducer, initialBookingState } from './booking-state';
import { BookingHeader } from './components/booking-header';
import { BookingPanel } from './components/booking-panel';
import { SCHEDULE_PAGE_MESSAGES } from './messages';
import classes from './schedule.module.css';
import { useCheckout } from './use-checkout';

/** The public booking page: no sign-in, and nothing from the staff app. */
export function SchedulePage() {
  const { username = '' } = useParams();
  const schedule = useSchedule(username);
  const notFound = useNotFoundRedirect(schedule.error);
  useDocumentTitle(
    schedule.data ? `Book an appointment with ${schedule.data.employee.name}` : 'Book an appointment',
  );

  return (
    <Box component="main" className={classes.page}>
      <Container size="lg" px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 48 }}>
        {schedule.data ? (
          <BookingFlow schedule={schedule.data} />
        ) : schedule.isError && !notFound ? (
          <PublicPageError
            message={
              (schedule.error instanceof ApiError && schedule.error.serverMessage) ||
              SCHEDULE_PAGE_MESSAGES.loadFailed
            }
          />
        ) : (
          <PublicPageLoader label="Loading schedule" text="Loading schedule..." />
        )}
      </Container>
    </Box>
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
        <Box p={{ base: 'md', sm: 'xl' }} style={{ borderBottom: '1px solid var(--app-color-border)' }}>
          <BookingHeader employee={schedule.employee} timeZone={schedule.timeZone} />
        </Box>
        <Grid gap={0}>
          <Grid.Col span={{ base: 12, md: 6 }} p={{ base: 'md', sm: 'xl' }}>
            <SlotCalendar
              slots={schedule.slots}
              timeZone={schedule.timeZone}
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
