import type { PublicSchedule } from '@chatdesk/contract/schedule';
import { Box, Center, Grid, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconShieldCheck } from '@tabler/icons-react';
import { type Dispatch, useEffect, useReducer, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { CustomerPage } from '../../components/customer-page';
import { PublicPageError, PublicPageLoader, useNotFoundRedirect } from '../../components/public-page-states';
import { ChosenService, ServicePicker } from '../../components/service-picker';
import { type Slot, SlotCalendar } from '../../components/slots/slot-calendar';
import { WaitlistJoin } from '../../components/waitlist-join';
import { ApiError } from '../../lib/api-client';
import { pageText, useBookingTexts, usePageLanguage } from '../../lib/page-language';
import { useSchedule } from './api';
import {
  type BookingAction,
  type BookingState,
  bookingReducer,
  choosesService,
  initBookingState,
} from './booking-state';
import { BookingHeader } from './components/booking-header';
import { BookingPanel } from './components/booking-panel';
import { ServicePacks } from './components/service-packs';
import { linkedSlot } from './linked-slot';
import classes from './schedule.module.css';
import { type CheckoutOutcome, useCheckout } from './use-checkout';

const SERVICE_PARAM = 'service';
// A time chosen elsewhere (the "anyone available" page): `?date=YYYY-MM-DD&time=HH:mm`.
const DATE_PARAM = 'date';
const TIME_PARAM = 'time';

/** A link to a service this professional no longer offers (archived, taken off them, or wrong). */
const isStaleServiceLink = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 409 || error.status === 400);

/** The public booking page: no sign-in, and nothing from the staff app. */
export function SchedulePage() {
  return (
    <CustomerPage className={classes.page}>
      <Schedule />
    </CustomerPage>
  );
}

function Schedule() {
  const { say } = usePageLanguage();
  const texts = say.booking;
  const { username = '' } = useParams();
  // The chosen service is in the address (`?service=`): Back returns to the list of services, and
  // a link can open on one service.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedService = searchParams.get(SERVICE_PARAM);
  const [state, dispatch] = useReducer(bookingReducer, linkedService, initBookingState);
  useEffect(() => dispatch({ type: 'selectService', serviceId: linkedService }), [linkedService]);

  const schedule = useSchedule(username, state.serviceId);
  // Such a link opens on the professional's page without it, rather than on an error.
  const staleLink = state.serviceId !== null && isStaleServiceLink(schedule.error);
  useEffect(() => {
    if (staleLink) setSearchParams(withService(null), { replace: true });
  }, [staleLink, setSearchParams]);
  // Only the linked service's own times: a stale service link drops the slot with the service.
  useLinkedSlot(
    schedule.isPlaceholderData || (state.serviceId !== null && schedule.data?.service?.id !== state.serviceId)
      ? undefined
      : schedule.data,
    dispatch,
  );
  const notFound = useNotFoundRedirect(state.serviceId === null ? schedule.error : null);
  useDocumentTitle(
    schedule.data ? texts.documentTitleWith(schedule.data.employee.name) : texts.documentTitle,
  );

  const chooseService = (serviceId: string | null) => setSearchParams(withService(serviceId));

  return schedule.data ? (
    <BookingFlow
      schedule={schedule.data}
      // Another service's times on their way: the page keeps its header and waits for them.
      loading={schedule.isPlaceholderData}
      state={state}
      dispatch={dispatch}
      onChooseService={chooseService}
    />
  ) : schedule.isError && !notFound && !staleLink ? (
    <PublicPageError
      message={
        schedule.error instanceof ApiError && schedule.error.serverMessage
          ? pageText(schedule.error.serverMessage, say)
          : texts.loadFailed
      }
    />
  ) : (
    <PublicPageLoader label={texts.loadingSchedule} text={texts.loadingScheduleText} />
  );
}

/**
 * Selects the linked slot once the times it belongs to have loaded, if it is still open, then takes
 * it out of the address: a reload or Back shows the calendar as the visitor left it.
 */
function useLinkedSlot(schedule: PublicSchedule | undefined, dispatch: Dispatch<BookingAction>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const date = searchParams.get(DATE_PARAM);
  const time = searchParams.get(TIME_PARAM);
  useEffect(() => {
    if (!schedule || (date === null && time === null)) return;
    const slot = linkedSlot(schedule.slots, date, time);
    if (slot) dispatch({ type: 'selectSlot', slot });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(DATE_PARAM);
        next.delete(TIME_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [schedule, date, time, dispatch, setSearchParams]);
}

/** The address's query with the chosen service, or without one. */
function withService(serviceId: string | null) {
  return (current: URLSearchParams) => {
    const next = new URLSearchParams(current);
    // A linked time belongs to the linked service.
    next.delete(DATE_PARAM);
    next.delete(TIME_PARAM);
    if (serviceId) next.set(SERVICE_PARAM, serviceId);
    else next.delete(SERVICE_PARAM);
    return next;
  };
}

type BookingFlowProps = {
  schedule: PublicSchedule;
  loading: boolean;
  state: BookingState;
  dispatch: Dispatch<BookingAction>;
  onChooseService: (serviceId: string | null) => void;
};

function BookingFlow({ schedule, loading, state, dispatch, onChooseService }: BookingFlowProps) {
  const texts = useBookingTexts();
  const checkout = useCheckout(schedule);
  const panel = useRef<HTMLDivElement>(null);
  const card = useRef<HTMLDivElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const choosing = choosesService(schedule.services.length, state.serviceId);
  const several = schedule.services.length > 1;

  // On a phone the panel sits below the calendar: bring each new step into view.
  const stepKey = `${state.slot?.date}|${state.slot?.time}|${state.step}|${state.result?.kind}`;
  useEffect(() => {
    const element = panel.current;
    if (!element || stepKey.startsWith('undefined|')) return;
    if (element.getBoundingClientRect().top > window.innerHeight * 0.6) {
      element.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  }, [stepKey]);

  // Choosing a service, or going back to the list, replaces the button pressed: the focus goes to
  // the new step's heading, and a phone scrolled down the list sees its top.
  const shownService = choosing ? null : state.serviceId;
  const shownBefore = useRef(shownService);
  useEffect(() => {
    if (shownBefore.current === shownService) return;
    shownBefore.current = shownService;
    stepHeading.current?.focus({ preventScroll: true });
    const top = card.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) card.current?.scrollIntoView({ block: 'start' });
  }, [shownService]);

  const finish = async (book: (slot: Slot) => Promise<CheckoutOutcome>) => {
    if (!state.slot || checkout.busy) return;
    dispatch({ type: 'paymentStarted' });
    const outcome = await book(state.slot);
    dispatch(
      outcome.ok
        ? { type: 'booked', appointment: outcome.appointment }
        : { type: 'failed', message: outcome.message },
    );
  };

  const service = schedule.service;

  return (
    <Stack gap="lg">
      <Paper withBorder shadow="sm" className={classes.card} ref={card}>
        <Box p={{ base: 'md', sm: 'xl' }} style={{ borderBottom: '1px solid var(--app-color-border)' }}>
          <BookingHeader
            employee={schedule.employee}
            timeZone={schedule.timeZone}
            durationMinutes={choosing || loading ? null : (service?.durationMinutes ?? null)}
          />
        </Box>
        {choosing ? (
          <Box p={{ base: 'md', sm: 'xl' }}>
            <ServicePicker
              services={schedule.services}
              onChoose={(serviceId) => onChooseService(serviceId)}
              headingRef={stepHeading}
            />
          </Box>
        ) : (
          <>
            {several && service ? (
              <Box px={{ base: 'md', sm: 'xl' }} py="md" className={classes.serviceBar}>
                <ChosenService
                  service={
                    loading ? (schedule.services.find((s) => s.id === state.serviceId) ?? service) : service
                  }
                  locked={state.locked}
                  busy={checkout.busy}
                  onChange={() => onChooseService(null)}
                  headingRef={stepHeading}
                />
              </Box>
            ) : null}
            {service && !loading ? <ServicePacks serviceId={service.id} serviceName={service.name} /> : null}
            {loading ? (
              <Center mih={320} role="status" aria-label={texts.loadingTimes}>
                <Loader />
              </Center>
            ) : (
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
                  {service && !state.locked ? (
                    <Box mt="lg">
                      <WaitlistJoin
                        employeeId={schedule.employee.id}
                        serviceId={service.id}
                        {...(service.seats ? {} : { date: state.date })}
                      />
                    </Box>
                  ) : null}
                </Grid.Col>
                <Grid.Col
                  span={{ base: 12, md: 6 }}
                  className={classes.panel}
                  p={{ base: 'md', sm: 'xl' }}
                  ref={panel}
                >
                  <BookingPanel
                    schedule={schedule}
                    showService={several}
                    state={state}
                    dispatch={dispatch}
                    busy={checkout.busy}
                    onPay={(confirm) => void finish((slot) => checkout.pay(slot, state.values, confirm))}
                    onBookFree={() => void finish((slot) => checkout.bookFree(slot, state.values))}
                  />
                </Grid.Col>
              </Grid>
            )}
          </>
        )}
      </Paper>
      <Group justify="center" gap={6} c="dimmed">
        <IconShieldCheck size={16} aria-hidden />
        <Text size="xs">{texts.secureBooking}</Text>
      </Group>
    </Stack>
  );
}
