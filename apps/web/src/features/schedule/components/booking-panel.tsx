import { MEETING_MINUTES } from '@chatdesk/contract/constants';
import type { PackBalance } from '@chatdesk/contract/packs';
import type { PublicSchedule } from '@chatdesk/contract/schedule';
import { Box, Button, Group, List, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconCalendarCheck,
  IconCalendarEvent,
  IconCalendarTime,
  IconCreditCard,
  IconMailCheck,
  IconPackage,
} from '@tabler/icons-react';
import { type Dispatch, lazy, type ReactNode, Suspense, useEffect, useId, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import type { ConfirmCard } from '../../../components/payments/payment-types';
import { VisitorTime } from '../../../components/slots/visitor-time';
import { useBookingTexts, usePageLanguage } from '../../../lib/page-language';
import { formatLongDate, formatTime, formatTimeRange } from '../../../lib/wall-clock';
import { formatFee } from '../booking-format';
import type { BookingAction, BookingState } from '../booking-state';
import { packBalanceText } from '../pack-format';
import { usePublicPacks } from '../packs-api';
import { AppointmentSummary } from './appointment-summary';
import { BookingPolicy } from './booking-policy';
import { BookingError, BookingSuccess } from './booking-result';
import { ClientDetailsForm } from './client-details-form';
import { PackUsePanel } from './pack-use-panel';

// Stripe.js is only fetched when the server really uses Stripe.
const StripeCardForm = lazy(() => import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })));
// The card step (and its authentication dialog) loads once a slot is chosen, not with the page.
const loadLocalCardForm = () => import('./local-card-form');
const LocalCardForm = lazy(() => loadLocalCardForm().then((m) => ({ default: m.LocalCardForm })));

type BookingPanelProps = {
  schedule: PublicSchedule;
  /** The professional offers several services: the summary names the one chosen. */
  showService: boolean;
  state: BookingState;
  dispatch: Dispatch<BookingAction>;
  busy: boolean;
  onPay: (confirm: ConfirmCard) => void;
  /** A free service: booked without a card. */
  onBookFree: () => void;
};

function NothingChosen({
  amount,
  currency,
  minutes,
  seats,
}: {
  amount: number;
  currency: string;
  minutes: number;
  /** A class's seats: the time is shared, each client books a seat. */
  seats: number | null;
}) {
  const { say } = usePageLanguage();
  const texts = say.booking;
  return (
    <Stack gap="lg" py={{ base: 0, md: 'xl' }}>
      <Stack gap={4}>
        <Title order={2} size="h4">
          {texts.pickATime}
        </Title>
        <Text c="dimmed" size="sm">
          {texts.pickATimeHelp}
        </Text>
      </Stack>
      <List spacing="md" size="sm" center>
        <List.Item
          icon={
            <ThemeIcon variant="light" radius="xl" size={30}>
              <IconCalendarTime size={17} />
            </ThemeIcon>
          }
        >
          {seats ? texts.classOf(minutes, seats) : texts.appointmentOf(minutes)}
        </List.Item>
        <List.Item
          icon={
            <ThemeIcon variant="light" radius="xl" size={30}>
              <IconCreditCard size={17} />
            </ThemeIcon>
          }
        >
          {amount === 0 ? texts.freeToBook : texts.paidByCard(formatFee(amount, currency, say.locale))}
        </List.Item>
        <List.Item
          icon={
            <ThemeIcon variant="light" radius="xl" size={30}>
              <IconMailCheck size={17} />
            </ThemeIcon>
          }
        >
          {texts.confirmationEmail}
        </List.Item>
      </List>
    </Stack>
  );
}

function CardForm({
  schedule,
  busy,
  onPay,
  onBack,
  terms,
}: Pick<BookingPanelProps, 'schedule' | 'busy' | 'onPay'> & { onBack: () => void; terms: ReactNode }) {
  const texts = useBookingTexts();
  const { provider, publishableKey, amount, currency } = schedule.payment;
  const props = { amount, currency, busy, onPay, onBack, terms };
  if (provider === 'local') {
    return (
      <Suspense fallback={<Skeleton h={160} radius="md" />}>
        <LocalCardForm {...props} />
      </Suspense>
    );
  }
  if (!publishableKey) {
    return <ErrorAlert>{texts.stripeUnavailable}</ErrorAlert>;
  }
  return (
    <Suspense fallback={<Skeleton h={160} radius="md" />}>
      <StripeCardForm publishableKey={publishableKey} {...props} />
    </Suspense>
  );
}

/** A free service's last step: the policy, then one button that books it. */
function FreeBookingActions({
  busy,
  onBook,
  onBack,
  terms,
}: {
  busy: boolean;
  onBook: () => void;
  onBack: () => void;
  terms: ReactNode;
}) {
  const texts = useBookingTexts();
  const termsId = useId();
  return (
    <Stack gap="xs">
      <Box id={termsId}>{terms}</Box>
      <Button
        size="md"
        fullWidth
        disabled={busy}
        aria-describedby={termsId}
        leftSection={<IconCalendarCheck size={17} />}
        onClick={onBook}
      >
        {busy ? texts.processing : texts.bookAppointment}
      </Button>
      <Button
        variant="subtle"
        color="gray"
        fullWidth
        disabled={busy}
        leftSection={<IconArrowLeft size={16} />}
        onClick={onBack}
      >
        {texts.backToForm}
      </Button>
    </Stack>
  );
}

export function BookingPanel({
  schedule,
  showService,
  state,
  dispatch,
  busy,
  onPay,
  onBookFree,
}: BookingPanelProps) {
  const { say } = usePageLanguage();
  const texts = say.booking;
  const { slot, result } = state;
  const { amount, currency, provider } = schedule.payment;
  const minutes = schedule.service?.durationMinutes ?? MEETING_MINUTES;
  const free = amount === 0 && schedule.service !== null;
  // A service with packs on sale offers to book with one instead of paying.
  const packs = usePublicPacks(schedule.service?.id ?? '', !free && schedule.service !== null);
  const offersPacks = (packs.data?.length ?? 0) > 0;
  const [usingPack, setUsingPack] = useState(false);
  const [paidWithPack, setPaidWithPack] = useState<PackBalance | null>(null);

  useEffect(() => {
    if (slot && provider === 'local' && !free) void loadLocalCardForm();
  }, [slot, provider, free]);

  if (result?.kind === 'success')
    return (
      <Stack gap="md">
        <BookingSuccess appointment={result.appointment} showService={showService} />
        {paidWithPack ? (
          <Group gap={8} wrap="nowrap" align="flex-start">
            <IconPackage size={18} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
            <Text size="sm" data-testid="paid-with-pack">
              {texts.paidWithPack} {packBalanceText(paidWithPack, say)}
            </Text>
          </Group>
        ) : null}
      </Stack>
    );
  if (!slot)
    return (
      <NothingChosen
        amount={amount}
        currency={currency}
        minutes={minutes}
        seats={schedule.service?.seats ?? null}
      />
    );

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={2} size="h3">
          {texts.completeBooking}
        </Title>
        <Group gap={8} wrap="nowrap" align="flex-start">
          <IconCalendarEvent size={18} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
          <Text fw={500} data-testid="chosen-slot">
            {texts.slotAt(formatLongDate(slot.date, say.locale), formatTime(slot.time, say.locale))}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {formatTimeRange(slot.time, minutes, say.locale)} · {schedule.timeZone}
        </Text>
        <VisitorTime date={slot.date} time={slot.time} timeZone={schedule.timeZone} />
      </Stack>

      {state.step === 'details' && usingPack && schedule.service ? (
        <PackUsePanel
          employeeId={schedule.employee.id}
          serviceId={schedule.service.id}
          slot={slot}
          onBooked={(appointment, pack) => {
            setPaidWithPack(pack);
            setUsingPack(false);
            dispatch({ type: 'booked', appointment });
          }}
          onCancel={() => setUsingPack(false)}
        />
      ) : null}
      {state.step === 'details' && !usingPack ? <BookingPolicy slot={slot} schedule={schedule} /> : null}
      {state.step === 'details' && !usingPack && offersPacks ? (
        <Button variant="light" leftSection={<IconPackage size={17} />} onClick={() => setUsingPack(true)}>
          {texts.haveAPack}
        </Button>
      ) : null}
      {state.step === 'details' && usingPack ? null : state.step === 'details' ? (
        <ClientDetailsForm
          values={state.values}
          errors={state.errors}
          onChange={(field, value) => dispatch({ type: 'changeField', field, value })}
          onSubmit={() => dispatch({ type: 'submitDetails' })}
          submitLabel={free ? texts.continue : undefined}
        />
      ) : (
        <Stack gap="lg">
          <AppointmentSummary
            slot={slot}
            service={showService ? (schedule.service ?? null) : null}
            minutes={minutes}
            client={state.values}
            amount={amount}
            currency={currency}
            timeZone={schedule.timeZone}
          />
          {result?.kind === 'error' ? <BookingError message={result.message} /> : null}
          {free ? (
            <FreeBookingActions
              busy={busy}
              onBook={onBookFree}
              onBack={() => dispatch({ type: 'backToForm' })}
              terms={<BookingPolicy slot={slot} schedule={schedule} />}
            />
          ) : (
            <CardForm
              schedule={schedule}
              busy={busy}
              onPay={onPay}
              onBack={() => dispatch({ type: 'backToForm' })}
              terms={<BookingPolicy slot={slot} schedule={schedule} />}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
