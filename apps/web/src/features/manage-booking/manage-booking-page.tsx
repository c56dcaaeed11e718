import type { AppointmentStatus } from '@chatdesk/contract/appointments';
// Types only: the page must not load zod (manage-booking-rules.ts holds what it needs at run time).
import type { ManagedBooking } from '@chatdesk/contract/manage-booking';
import { MANAGE_BOOKING_MESSAGES } from '@chatdesk/contract/manage-booking-rules';
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
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconCalendarRepeat,
  IconCircleCheck,
  IconInfoCircle,
  IconLinkOff,
  IconX,
} from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { PublicPageLoader } from '../../components/public-page-states';
import type { Slot } from '../../components/slots/slot-calendar';
import { refusalText } from '../../lib/mutation-feedback';
import { formatLongDate, formatTime } from '../../lib/wall-clock';
import { isInvalidLink, useCancelBooking, useManagedBooking } from './api';
import { BookingFacts } from './components/booking-facts';
import { BookingHistory } from './components/booking-history';
import classes from './manage-booking.module.css';
import { cancelledMoney, policySentence } from './manage-booking-format';

// The dialogs bring Mantine's modal code (about 30 KB gzip): the appointment shows without waiting for it.
const loadCancelDialog = () => import('./components/cancel-dialog');
const CancelDialog = lazy(() => loadCancelDialog().then((m) => ({ default: m.CancelDialog })));
const loadRescheduleSection = () => import('./components/reschedule-section');
const RescheduleSection = lazy(() => loadRescheduleSection().then((m) => ({ default: m.RescheduleSection })));

const LOAD_FAILED = 'Your appointment could not be loaded. Please check your connection and try again.';
const CANCEL_FAILED = 'Your appointment could not be cancelled. Please try again.';

const STATUS_BADGES: Record<AppointmentStatus, { label: string; color: string }> = {
  scheduled: { label: 'Confirmed', color: 'teal' },
  cancelled: { label: 'Cancelled', color: 'red' },
  completed: { label: 'Completed', color: 'gray' },
  'no-show': { label: 'Missed', color: 'orange' },
};

/**
 * The customer's private page for one appointment, opened from a link in an email or a reminder:
 * no sign-in (the link is the key), and nothing from the staff app.
 */
export function ManageBookingPage() {
  const { token = '' } = useParams();
  const booking = useManagedBooking(token);
  const invalid = isInvalidLink(booking.error);
  useDocumentTitle(
    invalid
      ? 'Booking link not valid'
      : booking.data
        ? `Your appointment · ${booking.data.companyName}`
        : 'Your appointment',
  );

  return (
    <Box component="main" className={classes.page}>
      <Container size={600} px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 48 }}>
        {booking.data ? (
          <ManageBooking token={token} booking={booking.data} />
        ) : invalid ? (
          <InvalidLink />
        ) : booking.isError ? (
          <LoadFailed onRetry={() => void booking.refetch()} />
        ) : (
          <PublicPageLoader label="Loading your appointment" text="Loading your appointment..." />
        )}
      </Container>
    </Box>
  );
}

function InvalidLink() {
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconLinkOff size={28} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {MANAGE_BOOKING_MESSAGES.notFound}
        </Title>
        <Text c="dimmed" size="sm" maw={420}>
          Please open the link in your latest confirmation email or reminder, or contact the business you
          booked with.
        </Text>
      </Stack>
    </Paper>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          Your appointment
        </Title>
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {LOAD_FAILED}
        </Alert>
        <Group>
          <Button variant="default" onClick={onRetry}>
            Try again
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

type Notice = { kind: 'cancelled' } | { kind: 'moved'; slot: Slot };

function ManageBooking({ token, booking }: { token: string; booking: ManagedBooking }) {
  const cancel = useCancelBooking(token);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [rescheduling, setRescheduling] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const { appointment } = booking;
  const cancelled = appointment.status === 'cancelled';
  const policy = policySentence(booking);
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
      onError: (error) => setCancelError(refusalText(error, CANCEL_FAILED)),
    });
  };

  const badge = STATUS_BADGES[appointment.status];
  return (
    <Stack gap="lg">
      <Paper withBorder shadow="sm" radius="lg" className={classes.card}>
        <Box p={{ base: 'md', sm: 'xl' }} className={classes.header}>
          <Text size="sm" fw={600} c="dimmed" data-testid="company-name">
            {booking.companyName}
          </Text>
          <Group justify="space-between" align="center" gap="xs" mt={2}>
            <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2}>
              Your appointment
            </Title>
            <Badge size="lg" variant="light" color={badge.color} data-testid="appointment-status">
              {badge.label}
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
              title="Your appointment has been moved."
              role="status"
            >
              It is now on {formatLongDate(notice.slot.date)} at {formatTime(notice.slot.time)}.
            </Alert>
          ) : null}

          {cancelled ? (
            <Alert
              ref={notice?.kind === 'cancelled' ? noticeRef : undefined}
              tabIndex={-1}
              color="red"
              icon={<IconX size={20} />}
              title={
                notice?.kind === 'cancelled'
                  ? 'Your appointment has been cancelled.'
                  : MANAGE_BOOKING_MESSAGES.cancelled
              }
              role="status"
            >
              {cancelledMoney(booking) ?? 'Nothing was paid online.'}
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
                      Reschedule
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
                      Cancel appointment
                    </Button>
                  ) : null}
                </SimpleGrid>
              ) : null}
              {booking.reason ? (
                <Text size="sm" c="dimmed" data-testid="change-reason">
                  {booking.reason}
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
            <Suspense fallback={<PublicPageLoader label="Loading open times" text="Loading open times..." />}>
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
