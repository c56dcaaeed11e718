// Types only: the page must not load zod.
import type { PageTexts } from '@chatdesk/contract/page-texts';
import type { WaitlistOffer } from '@chatdesk/contract/waitlist';
import {
  Alert,
  Anchor,
  Button,
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
import { CustomerPage } from '../../components/customer-page';
import { ErrorAlert } from '../../components/error-alert';
import { type ConfirmCard, PaymentError } from '../../components/payments/payment-types';
import { LinkNotFound, PublicPageLoader } from '../../components/public-page-states';
import { ApiError } from '../../lib/api-client';
import { formatServicePrice } from '../../lib/format';
import { pageText, usePageLanguage } from '../../lib/page-language';
import { formatLongDate, formatTime } from '../../lib/wall-clock';
import { usePaymentConfig } from '../subscribe/api';
import { confirmPackCode, requestPackCode } from './packs-api';
import classes from './schedule.module.css';
import { openOfferPayment, useConfirmOffer, useDeclineOffer, useOffer } from './waitlist-api';

const LocalCardForm = lazy(() =>
  import('./components/local-card-form').then((m) => ({ default: m.LocalCardForm })),
);
const StripeCardForm = lazy(() =>
  import('./components/stripe-card-form').then((m) => ({ default: m.StripeCardForm })),
);

const messageOf = (error: unknown, say: PageTexts) =>
  error instanceof PaymentError
    ? pageText(error.message, say)
    : error instanceof ApiError && error.serverMessage
      ? pageText(error.serverMessage, say)
      : say.booking.offer.failed;

/** "2:30 PM" on the business's clock ("14:30" in es-ES). */
const clockTime = (iso: string, timeZone: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/**
 * The link a waitlisted customer is emailed when a place frees up: the place is held for them until
 * a time; they take it (paying, with a pack session, or free) or let it go to the next in line.
 */
export function OfferPage() {
  return (
    <CustomerPage size={600} className={classes.page}>
      <OfferShown />
    </CustomerPage>
  );
}

function OfferShown() {
  const { token = '' } = useParams();
  const texts = usePageLanguage().say.booking.offer;
  const offer = useOffer(token);
  useDocumentTitle(offer.data ? texts.documentTitleService(offer.data.serviceName) : texts.documentTitle);
  const notFound = offer.error instanceof ApiError && offer.error.status === 404;
  return offer.data ? (
    <Offer token={token} offer={offer.data} />
  ) : notFound ? (
    <LinkNotFound title={texts.notFound} help={texts.notFoundHelp} />
  ) : offer.isError ? (
    <ErrorAlert>{texts.failed}</ErrorAlert>
  ) : (
    <PublicPageLoader label={texts.loading} text={texts.loadingText} />
  );
}

function Offer({ token, offer }: { token: string; offer: WaitlistOffer }) {
  const { say } = usePageLanguage();
  const texts = say.booking;
  const when = `${formatLongDate(offer.date, say.locale)}, ${formatTime(offer.startTime, say.locale)}`;
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <Status offer={offer} />
        <Stack gap={2}>
          <Text fw={600}>{offer.serviceName}</Text>
          <Text size="sm">{texts.offer.withEmployee(when, offer.timeZone, offer.employeeName)}</Text>
          <Text size="sm" c="dimmed">
            {texts.offer.forWhom(
              formatServicePrice(offer.priceAmount, offer.currency, say.locale, texts.free),
              offer.name,
              offer.email,
            )}
          </Text>
        </Stack>
        {offer.status === 'offered' ? <TakeOrDecline token={token} offer={offer} /> : null}
        {offer.status === 'booked' && offer.manageUrl ? (
          <Anchor href={offer.manageUrl}>{texts.offer.manage}</Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Status({ offer }: { offer: WaitlistOffer }) {
  const { say } = usePageLanguage();
  const texts = say.booking.offer;
  const [title, text, color, Icon] = (() => {
    switch (offer.status) {
      case 'offered':
        return [
          texts.offeredTitle,
          texts.offered(clockTime(offer.holdUntil!, offer.timeZone, say.locale)),
          'teal',
          IconClock,
        ] as const;
      case 'booked':
        return [texts.bookedTitle, texts.booked, 'teal', IconCircleCheck] as const;
      case 'waiting':
        return [texts.waitingTitle, texts.waiting, 'blue', IconHourglass] as const;
      case 'declined':
        return [texts.declinedTitle, texts.declined, 'gray', IconLinkOff] as const;
      case 'cancelled':
        return [texts.cancelledTitle, texts.cancelled, 'gray', IconLinkOff] as const;
      default:
        return [texts.expiredTitle, texts.expired, 'gray', IconLinkOff] as const;
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
  const { say, language } = usePageLanguage();
  const texts = say.booking;
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
  const price = formatServicePrice(offer.priceAmount, offer.currency, say.locale, texts.free);
  const details = { name: offer.name, email: offer.email, phone: '' };

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(messageOf(caught, say));
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
        if (confirmed.status !== 'succeeded') throw new PaymentError(texts.paymentFailed);
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
      payLabel: texts.offer.payAndTake(price),
      backLabel: texts.back,
      chargeNote: texts.offer.refundNote,
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
              <ErrorAlert>{texts.stripeUnavailable}</ErrorAlert>
            )}
          </Suspense>
        ) : (
          <Skeleton h={160} radius="md" />
        )
      ) : step.kind === 'code' ? (
        <form
          aria-label={texts.offer.usePack}
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
            <Text size="sm">{texts.offer.codeSent(offer.email)}</Text>
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              value={code}
              onChange={setCode}
              aria-label={texts.code}
              getInputProps={() => ({ 'aria-label': texts.codeDigit })}
            />
            <Group justify="space-between">
              <Button variant="subtle" onClick={() => setStep({ kind: 'choose' })} disabled={busy}>
                {texts.back}
              </Button>
              <Button type="submit" loading={busy} disabled={code.length !== 6}>
                {texts.bookWithMyPack}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group gap="sm">
          {offer.priceAmount === 0 ? (
            <Button loading={busy} onClick={() => void run(() => confirm.mutateAsync({}))}>
              {texts.offer.takePlace}
            </Button>
          ) : (
            <>
              <Button onClick={() => setStep({ kind: 'card' })} disabled={busy}>
                {texts.offer.payAndTake(price)}
              </Button>
              <Button
                variant="default"
                loading={busy}
                onClick={() =>
                  void run(async () => {
                    const sent = await requestPackCode(offer.email, language);
                    setCode('');
                    setStep({ kind: 'code', verificationId: sent.verificationId });
                  })
                }
              >
                {texts.haveAPack}
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
            {texts.offer.letItGo}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
