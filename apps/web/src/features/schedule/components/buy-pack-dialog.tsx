import type { PackPurchase, PublicPack } from '@chatdesk/contract/packs';
import type { PageTexts } from '@chatdesk/contract/page-texts';
import type { ClientInfo } from '@chatdesk/contract/schedule';
import { type ClientInfoErrors, validateClientInfo } from '@chatdesk/contract/schedule-rules';
import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { type ConfirmCard, PaymentError } from '../../../components/payments/payment-types';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatServicePrice } from '../../../lib/format';
import { pageText, usePageLanguage } from '../../../lib/page-language';
import { usePaymentConfig } from '../../subscribe/api';
import { completePackPurchase, startPackCheckout } from '../packs-api';
import { ClientDetailsForm } from './client-details-form';

const LocalCardForm = lazy(() => import('./local-card-form').then((m) => ({ default: m.LocalCardForm })));
const StripeCardForm = lazy(() => import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

const emptyDetails: ClientInfo = { name: '', email: '', phone: '' };

type Step = { kind: 'details' } | { kind: 'card' } | { kind: 'bought'; purchase: PackPurchase };

function errorText(error: unknown, say: PageTexts): string {
  if (error instanceof PaymentError) return pageText(error.message, say);
  if (error instanceof ApiError && error.serverMessage) return pageText(error.serverMessage, say);
  return say.booking.paymentFailed;
}

/** Details, card, done: the pack is sold by the server once the provider confirms the payment. */
export function BuyPackDialog({
  pack,
  serviceName,
  onClose,
}: {
  pack: PublicPack;
  serviceName: string;
  onClose: () => void;
}) {
  const { say, language } = usePageLanguage();
  const texts = say.booking;
  const config = usePaymentConfig();
  const [step, setStep] = useState<Step>({ kind: 'details' });
  const [values, setValues] = useState<ClientInfo>(emptyDetails);
  const [errors, setErrors] = useState<ClientInfoErrors>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A retry after a declined card confirms the same payment again instead of opening another.
  const [opened, setOpened] = useState<{
    clientSecret: string;
    paymentIntentId: string;
    paid: boolean;
  } | null>(null);
  const price = formatServicePrice(pack.priceAmount, pack.currency, say.locale, texts.free);

  const pay = async (confirm: ConfirmCard) => {
    setBusy(true);
    setError(null);
    try {
      const details = { name: values.name.trim(), email: values.email.trim(), phone: values.phone.trim() };
      let payment = opened;
      if (!payment) {
        const intent = await startPackCheckout({
          packId: pack.id,
          clientInfo: details,
          language,
        });
        payment = { clientSecret: intent.clientSecret, paymentIntentId: intent.paymentIntentId, paid: false };
        setOpened(payment);
      }
      if (!payment.paid) {
        const confirmed = await confirm(payment.clientSecret, details);
        if (confirmed.status !== 'succeeded') throw new PaymentError(texts.paymentFailed);
        payment = { ...payment, paid: true };
        setOpened(payment);
      }
      setStep({ kind: 'bought', purchase: await completePackPurchase(payment.paymentIntentId) });
    } catch (caught) {
      setError(errorText(caught, say));
    } finally {
      setBusy(false);
    }
  };

  const cardProps = {
    amount: pack.priceAmount,
    currency: pack.currency,
    busy,
    onPay: (confirm: ConfirmCard) => void pay(confirm),
    onBack: () => {
      // Details changed before paying belong on a new payment: the open one carries the old ones.
      if (!opened?.paid) setOpened(null);
      setStep({ kind: 'details' });
    },
    purchase: {
      payLabel: texts.payForPack(price),
      backLabel: texts.backToDetails,
      chargeNote: texts.packCharge,
    },
  };

  return (
    <Modal
      opened
      onClose={() => {
        if (!busy) onClose();
      }}
      title={step.kind === 'bought' ? texts.packBought : texts.buyPack(pack.name)}
      centered
      radius="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {step.kind === 'bought' ? (
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconCircleCheck
              size={22}
              aria-hidden
              color="var(--mantine-color-teal-7)"
              style={{ flexShrink: 0 }}
            />
            <Text fw={600} data-testid="pack-bought">
              {texts.packBoughtText(
                texts.sessions(step.purchase.sessionsLeft),
                step.purchase.serviceName,
                formatDate(step.purchase.expiresAt, say.locale),
              )}
            </Text>
          </Group>
          <Text size="sm">{texts.detailsSentTo(step.purchase.email)}</Text>
          <Button onClick={onClose}>{texts.done}</Button>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">
            {texts.packOffer(
              texts.sessions(pack.sessions),
              serviceName,
              price,
              texts.validDays(pack.validityDays),
            )}
          </Text>
          {error ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          ) : null}
          {step.kind === 'details' ? (
            <ClientDetailsForm
              values={values}
              errors={errors}
              onChange={(field, value) => {
                setValues((current) => ({ ...current, [field]: value }));
                setErrors(({ [field]: _cleared, ...rest }) => rest);
              }}
              onSubmit={() => {
                const found = validateClientInfo(values);
                setErrors(found);
                if (Object.keys(found).length === 0) setStep({ kind: 'card' });
              }}
            />
          ) : config.data ? (
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
          )}
        </Stack>
      )}
    </Modal>
  );
}
