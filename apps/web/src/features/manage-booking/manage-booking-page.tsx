import type { AppointmentStatus } from '@chatdesk/contract/appointments';
import { CUSTOMER_TEXTS, type CustomerLanguage } from '@chatdesk/contract/customer-texts';
// Types only: the page must not load zod (manage-booking-rules.ts holds what it needs at run time).
import type { ManagedBooking } from '@chatdesk/contract/manage-booking';
import {
  Alert,
  Badge,
  Box,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconCalendarRepeat,
  IconCircleCheck,
  IconInfoCircle,
  IconX,
} from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import {
  LanguageSwitch,
  storedLanguage,
  storeLanguage,
  useDocumentLanguage,
} from '../../components/language-switch';
import { LinkNotFound, PublicPageLoader } from '../../components/public-page-states';
import type { Slot } from '../../components/slots/slot-calendar';
import { serverRefusal } from '../../lib/mutation-feedback';
import { PageLanguageProvider, pageLanguage } from '../../lib/page-language';
import { formatLongDate, formatTime } from '../../lib/wall-clock';
import { isInvalidLink, useCancelBooking, useManagedBooking } from './api';
import { BookingFacts } from './components/booking-facts';
import { BookingHistory } from './components/booking-history';
import classes from './manage-booking.module.css';
import { cancelledMoney, pageMessage, policySentence } from './manage-booking-format';
import { useManageTexts } from './manage-texts';

// The dialogs bring Mantine's modal code (about 30 KB gzip): the appointment shows without waiting for it.
const loadCancelDialog = () => import('./components/cancel-dialog');
const CancelDialog = lazy(() => loadCancelDialog().then((m) => ({ default: m.CancelDialog })));
const loadRescheduleSection = () => import('./components/reschedule-section');
const RescheduleSection = lazy(() => loadRescheduleSection().then((m) => ({ default: m.RescheduleSection })));

const STATUS_COLORS: Record<AppointmentStatus, string> = {
  scheduled: 'teal',
  cancelled: 'red',
  completed: 'gray',
  'no-show': 'orange',
};

/**
 * The customer's private page for one appointment, opened from a link in an email or a reminder:
 * no sign-in (the link is the key), and nothing from the staff app.
 */
export function ManageBookingPage() {
  const { token = '' } = useParams();
  const booking = useManagedBooking(token);
  const invalid = isInvalidLink(booking.error);
  // The client's language (the server's: the one their emails are in), unless they chose the other.
  const [chosen, setChosen] = useState<CustomerLanguage | null>(storedLanguage);
  const language = chosen ?? booking.data?.language ?? 'en';
  const page = pageLanguage(language);
  const { manage } = CUSTOMER_TEXTS[language];
  useDocumentLanguage(language);
  useDocumentTitle(
    invalid
      ? manage.invalidTitle
      : booking.data
        ? manage.documentTitle(booking.data.companyName)
        : manage.title,
  );

  return (
    <PageLanguageProvider value={page}>
      <Box component="main" className={classes.page}>
        <Container size={600} px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 48 }}>
          <LanguageSwitch
            onChange={(next) => {
              storeLanguage(next);
              setChosen(next);
            }}
          />
          {booking.data ? (
            <ManageBooking token={token} booking={booking.data} />
          ) : invalid ? (
            <InvalidLink />
          ) : booking.isError ? (
            <LoadFailed onRetry={() => void booking.refetch()} />
          ) : (
            <PublicPageLoader label={manage.loading} text={`${manage.loading}...`} />
          )}
        </Container>
      </Box>
    </PageLanguageProvider>
  );
}

function InvalidLink() {
  const { manage } = useManageTexts();
  return <LinkNotFound title={manage.messages.notFound} help={manage.invalidHelp} />;
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { manage } = useManageTexts();
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {manage.title}
        </Title>
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {manage.loadFailed}
        </Alert>
        <Group>
          <Button variant="default" onClick={onRetry}>
            {manage.tryAgain}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

type Notice = { kind: 'cancelled' } | { kind: 'moved'; slot: Slot };

function ManageBooking({ token, booking }: { token: string; booking: ManagedBooking }) {
  const cancel = useCancelBooking(token);
  const say = useManageTexts();
  const { locale, manage } = say;
  const [cancelOpen, setCancelOpen] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [rescheduling, setRescheduling] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const { appointment } = booking;
  const cancelled = appointment.status === 'cancelled';
  const policy = policySentence(booking, undefined, say);
  const late =
    booking.canCancel && !booking.refundOnCancel && Boolean(booking.payment && !booking.payment.refunded);
  // Whatever can no longer be done closes: a refetch may show the appointment changed meanwhile.
  const dialogOpen = cancelOpen && booking.canCancel;
  const pickerOpen = rescheduling && booking.canReschedule;

  // Fetched while the customer reads, so the buttons answer at once.
  useEffect(() => {
    if (booking.canReschedule) void loadRescheduleSection().catch(() => {});
  }, [booking.canReschedule]);

  // The outcome of an action is announced and brought into view: on a phone the buttons that
  // caused it may sit far below.
  useEffect(() => {
    if (!notice) return;
    noticeRef.current?.focus();
    noticeRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [notice]);

  const confirmCancel = () => {
    setCancelError(null);
    // The terms shown, so the server asks again if the deadline passed meanwhile: the refund, and
    // for a pack session whether it goes back.
    const terms = {
      refundExpected: booking.refundOnCancel?.amount ?? 0,
      ...(booking.pack && !booking.pack.returned ? { sessionBackExpected: booking.pack.backOnCancel } : {}),
    };
    cancel.mutate(terms, {
      onSuccess: () => {
        setCancelOpen(false);
        setRescheduling(false);
        setNotice({ kind: 'cancelled' });
      },
      // A 409 says why (the terms changed, it was cancelled meanwhile); the refetch shows the terms now.
      onError: (error) => {
        const refusal = serverRefusal(error);
        setCancelError(refusal ? pageMessage(refusal, say) : manage.cancelFailed);
      },
    });
  };

  return (
    <Stack gap="lg">
      <Paper withBorder shadow="sm" radius="lg" className={classes.card}>
        <Box p={{ base: 'md', sm: 'xl' }} className={classes.header}>
          <Text size="sm" fw={600} c="dimmed" data-testid="company-name">
            {booking.companyName}
          </Text>
          <Group justify="space-between" align="center" gap="xs" mt={2}>
            <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2}>
              {manage.title}
            </Title>
            <Badge
              size="lg"
              variant="light"
              color={STATUS_COLORS[appointment.status]}
              data-testid="appointment-status"
            >
              {manage.status[appointment.status]}
            </Badge>
          </Group>
        </Box>

        <Stack gap="lg" p={{ base: 'md', sm: 'xl' }}>
          {notice?.kind === 'moved' ? (
            <Alert
              ref={noticeRef}
              tabIndex={-1}
              color="teal"
              icon={<IconCircleCheck size={20} />}
              title={manage.movedTitle}
              role="status"
            >
              {manage.movedTo(formatLongDate(notice.slot.date, locale), formatTime(notice.slot.time, locale))}
            </Alert>
          ) : null}

          {cancelled ? (
            <Alert
              ref={notice?.kind === 'cancelled' ? noticeRef : undefined}
              tabIndex={-1}
              color="red"
              icon={<IconX size={20} />}
              title={notice?.kind === 'cancelled' ? manage.cancelledTitle : manage.messages.cancelled}
              role="status"
            >
              {cancelledMoney(booking, say) ?? manage.nothingPaidOnline}
            </Alert>
          ) : null}

          <BookingFacts booking={booking} />

          {policy ? (
            <Alert
              color={late ? 'orange' : 'brand'}
              variant="light"
              icon={<IconInfoCircle size={20} />}
              data-testid="cancellation-policy"
            >
              {policy}
            </Alert>
          ) : null}

          {!cancelled && (booking.canCancel || booking.canReschedule || booking.reason) ? (
            <Stack gap="sm">
              {booking.canCancel || booking.canReschedule ? (
                <SimpleGrid
                  cols={{ base: 1, xs: booking.canCancel && booking.canReschedule ? 2 : 1 }}
                  spacing="sm"
                >
                  {booking.canReschedule ? (
                    <Button
                      variant="default"
                      className={classes.action}
                      leftSection={<IconCalendarRepeat size={18} />}
                      onClick={() => setRescheduling(true)}
                      disabled={pickerOpen}
                    >
                      {manage.reschedule}
                    </Button>
                  ) : null}
                  {booking.canCancel ? (
                    <Button
                      color="red"
                      variant="light"
                      className={classes.action}
                      leftSection={<IconX size={18} />}
                      onClick={() => {
                        setCancelError(null);
                        setCancelOpen(true);
                      }}
                    >
                      {manage.cancelAppointment}
                    </Button>
                  ) : null}
                </SimpleGrid>
              ) : null}
              {booking.reason ? (
                <Text size="sm" c="dimmed" data-testid="change-reason">
                  {pageMessage(booking.reason, say)}
                </Text>
              ) : null}
            </Stack>
          ) : null}

          {cancelError && !dialogOpen ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {cancelError}
            </Alert>
          ) : null}
        </Stack>

        {pickerOpen ? (
          <Box p={{ base: 'md', sm: 'xl' }} className={classes.section}>
            <Suspense
              fallback={<PublicPageLoader label={say.picker.loading} text={`${say.picker.loading}...`} />}
            >
              <RescheduleSection
                token={token}
                booking={booking}
                onClose={() => setRescheduling(false)}
                onMoved={(slot) => {
                  setRescheduling(false);
                  setNotice({ kind: 'moved', slot });
                }}
              />
            </Suspense>
          </Box>
        ) : null}
      </Paper>

      {booking.history.length > 0 ? (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <BookingHistory booking={booking} />
        </Paper>
      ) : null}

      {booking.canCancel || cancelOpen ? (
        <Suspense fallback={null}>
          <CancelDialog
            opened={dialogOpen}
            booking={booking}
            busy={cancel.isPending}
            error={cancelError}
            onConfirm={confirmCancel}
            onClose={() => setCancelOpen(false)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
