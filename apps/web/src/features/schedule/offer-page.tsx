// Types only: the page must not load zod.
import type { WaitlistOffer } from '@chatdesk/contract/waitlist';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Paper,
  PinInput,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconCircleCheck, IconClock, IconHourglass, IconLinkOff } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { type ConfirmCard, PaymentError } from '../../components/payments/payment-types';
import { PublicPageLoader } from '../../components/public-page-states';
import { ApiError } from '../../lib/api-client';
import { formatServicePrice } from '../../lib/format';
import { formatLongDate, formatTime } from '../../lib/wall-clock';
import { usePaymentConfig } from '../subscribe/api';
import { SCHEDULE_PAGE_MESSAGES } from './messages';
import { confirmPackCode, requestPackCode } from './packs-api';
import { openOfferPayment, useConfirmOffer, useDeclineOffer, useOffer } from './waitlist-api';

const LocalCardForm = lazy(() =>
  import('./components/local-card-form').then((m) => ({ default: m.LocalCardForm })),
);
const StripeCardForm = lazy(() =>
  import('./components/stripe-card-form').then((m) => ({ default: m.StripeCardForm })),
);

const FAILED = 'That did not work. Please try again.';
const messageOf = (error: unknown) =>
  error instanceof PaymentError
    ? error.message
    : error instanceof ApiError
      ? (error.serverMessage ?? FAILED)
      : FAILED;

/** "14:30" on the business's clock. */
const clockTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/**
 * The link a waitlisted customer is emailed when a place frees up: the place is held for them until
 * a time; they take it (paying, with a pack session, or free) or let it go to the next in line.
 */
export function OfferPage() {
  const { token = '' } = useParams();
  const offer = useOffer(token);
  useDocumentTitle(offer.data ? `Your waitlist place · ${offer.data.serviceName}` : 'Your waitlist place');
  const notFound = offer.error instanceof ApiError && offer.error.status === 404;
  return (
    <Box component="main" bg="var(--app-color-page, transparent)">
      <Container size={600} px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 48 }}>
        {offer.data ? (
          <Offer token={token} offer={offer.data} />
        ) : notFound ? (
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <Stack align="center" gap="sm" ta="center">
              <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
                <IconLinkOff size={28} />
              </ThemeIcon>
              <Title order={1} fz={{ base: 22, sm: 26 }}>
                This offer was not found
              </Title>
              <Text c="dimmed" size="sm">
                Please open the link in your latest email from the business.
              </Text>
            </Stack>
          </Paper>
        ) : offer.isError ? (
          <ErrorAlert>{FAILED}</ErrorAlert>
        ) : (
          <PublicPageLoader label="Loading your place" text="Loading your place..." />
        )}
      </Container>
    </Box>
  );
}

function Offer({ token, offer }: { token: string; offer: WaitlistOffer }) {
  const when = `${formatLongDate(offer.date)}, ${formatTime(offer.startTime)}`;
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <Status offer={offer} />
        <Stack gap={2}>
          <Text fw={600}>{offer.serviceName}</Text>
          <Text size="sm">
            {when} ({offer.timeZone}) with {offer.employeeName}
          </Text>
          <Text size="sm" c="dimmed">
            {offer.priceAmount === 0 ? 'Free' : formatServicePrice(offer.priceAmount, offer.currency)} · for{' '}
            {offer.name} ({offer.email})
          </Text>
        </Stack>
        {offer.status === 'offered' ? <TakeOrDecline token={token} offer={offer} /> : null}
        {offer.status === 'booked' && offer.manageUrl ? (
          <Anchor href={offer.manageUrl}>Manage your booking</Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Status({ offer }: { offer: WaitlistOffer }) {
  const [title, text, color, Icon] = (() => {
    switch (offer.status) {
      case 'offered':
        return [
          'A place is yours',
          `We are holding it for you until ${clockTime(offer.holdUntil!, offer.timeZone)}. After that it goes to the next person in line.`,
          'teal',
          IconClock,
        ] as const;
      case 'booked':
        return [
          'You are booked',
          'We sent the confirmation to your email.',
          'teal',
          IconCircleCheck,
        ] as const;
      case 'waiting':
        return [
          'You are on the waitlist',
          'We will email you if a place frees up.',
          'blue',
          IconHourglass,
        ] as const;
      case 'declined':
        return [
          'You let this place go',
          'It was offered to the next person in line.',
          'gray',
          IconLinkOff,
        ] as const;
      case 'cancelled':
        return [
          'This class was cancelled',
          'The business cancelled it, so its waitlist has ended.',
          'gray',
          IconLinkOff,
        ] as const;
      default:
        return [
          'This offer has expired',
          'The hold ran out and the place was offered to the next person in line.',
          'gray',
          IconLinkOff,
        ] as const;
    }
  })();
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon size={40} radius="xl" variant="light" color={color} aria-hidden>
        <Icon size={22} />
      </ThemeIcon>
      <Stack gap={2}>
        <Title order={1} fz={{ base: 22, sm: 26 }} data-testid="offer-status">
          {title}
        </Title>
        <Text size="sm">{text}</Text>
      </Stack>
    </Group>
  );
}

type Step = { kind: 'choose' } | { kind: 'card' } | { kind: 'code'; verificationId: string };

function TakeOrDecline({ token, offer }: { token: string; offer: WaitlistOffer }) {
  const confirm = useConfirmOffer(token);
  const decline = useDeclineOffer(token);
  const config = usePaymentConfig();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  // A retry after a declined card confirms the same payment again instead of opening another.
  const [opened, setOpened] = useState<{
    clientSecret: string;
    paymentIntentId: string;
    paid: boolean;
  } | null>(null);
  const price = formatServicePrice(offer.priceAmount, offer.currency);
  const details = { name: offer.name, email: offer.email, phone: '' };

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  const pay = (confirmCard: ConfirmCard) =>
    run(async () => {
      let payment = opened;
      if (!payment) {
        const intent = await openOfferPayment(token);
        payment = { clientSecret: intent.clientSecret, paymentIntentId: intent.paymentIntentId, paid: false };
        setOpened(payment);
      }
      if (!payment.paid) {
        const confirmed = await confirmCard(payment.clientSecret, details);
        if (confirmed.status !== 'succeeded') throw new PaymentError(SCHEDULE_PAGE_MESSAGES.paymentFailed);
        payment = { ...payment, paid: true };
        setOpened(payment);
      }
      await confirm.mutateAsync({ paymentIntentId: payment.paymentIntentId });
    });

  const cardProps = {
    amount: offer.priceAmount,
    currency: offer.currency,
    busy,
    onPay: (confirmCard: ConfirmCard) => void pay(confirmCard),
    onBack: () => setStep({ kind: 'choose' }),
    purchase: {
      payLabel: `Pay ${price} and take the place`,
      backLabel: 'Back',
      chargeNote: 'If the place is no longer yours when the payment arrives, it is refunded in full.',
    },
  };

  return (
    <Stack gap="sm">
      {error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {error}
        </Alert>
      ) : null}
      {step.kind === 'card' ? (
        config.data ? (
          <Suspense fallback={<Skeleton h={160} radius="md" />}>
            {config.data.provider === 'local' ? (
              <LocalCardForm {...cardProps} />
            ) : config.data.publishableKey ? (
              <StripeCardForm publishableKey={config.data.publishableKey} {...cardProps} />
            ) : (
              <ErrorAlert>{SCHEDULE_PAGE_MESSAGES.stripeUnavailable}</ErrorAlert>
            )}
          </Suspense>
        ) : (
          <Skeleton h={160} radius="md" />
        )
      ) : step.kind === 'code' ? (
        <form
          aria-label="Use my pack"
          onSubmit={(event) => {
            event.preventDefault();
            void run(async () => {
              const checked = await confirmPackCode({
                verificationId: step.verificationId,
                email: offer.email,
                code,
              });
              await confirm.mutateAsync({ packToken: checked.token });
            });
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              We emailed a six-digit code to {offer.email}. Type it here to use a session of your pack.
            </Text>
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              value={code}
              onChange={setCode}
              aria-label="Code"
              getInputProps={() => ({ 'aria-label': 'Code digit' })}
            />
            <Group justify="space-between">
              <Button variant="subtle" onClick={() => setStep({ kind: 'choose' })} disabled={busy}>
                Back
              </Button>
              <Button type="submit" loading={busy} disabled={code.length !== 6}>
                Book with my pack
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group gap="sm">
          {offer.priceAmount === 0 ? (
            <Button loading={busy} onClick={() => void run(() => confirm.mutateAsync({}))}>
              Take the place
            </Button>
          ) : (
            <>
              <Button onClick={() => setStep({ kind: 'card' })} disabled={busy}>
                Pay {price} and take the place
              </Button>
              <Button
                variant="default"
                loading={busy}
                onClick={() =>
                  void run(async () => {
                    const sent = await requestPackCode(offer.email, 'en');
                    setCode('');
                    setStep({ kind: 'code', verificationId: sent.verificationId });
                  })
                }
              >
                I have a pack
              </Button>
            </>
          )}
          <Button
            variant="subtle"
            color="red"
            disabled={busy}
            loading={decline.isPending}
            onClick={() => void run(() => decline.mutateAsync())}
          >
            Let it go
          </Button>
        </Group>
      )}
    </Stack>
  );
}
