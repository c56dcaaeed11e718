import { Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { AuthenticationDialog } from '../../../components/payments/authentication-dialog';
import {
  type CardErrors,
  type CardValues,
  digitsOf,
  parseExpiry,
  validateCard,
} from '../../../components/payments/card-input';
import {
  type ConfirmCard,
  type ConfirmedPayment,
  PaymentError,
} from '../../../components/payments/payment-types';
import { TestCardFields } from '../../../components/payments/test-card-fields';
import { ApiError } from '../../../lib/api-client';
import { pageText, usePageLanguage } from '../../../lib/page-language';
import { authenticateLocalPayment, confirmLocalCard, type LocalPaymentIntent } from '../api';
import { type CardFormProps, PaymentActions } from './payment-actions';

const emptyCard: CardValues = { number: '', expiry: '', cvc: '' };

function toConfirmed(intent: LocalPaymentIntent): ConfirmedPayment {
  const method = intent.card ? `${intent.card.brand} •••• ${intent.card.last4}` : 'card';
  return { ...intent, method };
}

/** The local provider's card form: the same test cards and messages as Stripe, answered by our server. */
export function LocalCardForm({ amount, currency, busy, onPay, onBack, terms, purchase }: CardFormProps) {
  const { say } = usePageLanguage();
  const texts = say.booking;
  const asPaymentError = (error: unknown) =>
    new PaymentError(
      error instanceof ApiError && error.serverMessage
        ? pageText(error.serverMessage, say)
        : texts.paymentFailed,
    );
  const [card, setCard] = useState<CardValues>(emptyCard);
  const [errors, setErrors] = useState<CardErrors>({});
  const [challenge, setChallenge] = useState<{ last4: string | null } | null>(null);
  const answer = useRef<((approve: boolean) => void) | null>(null);

  const change = (field: keyof CardValues, value: string) => {
    setCard((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const askCardholder = (last4: string | null) =>
    new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setChallenge({ last4 });
    });

  const onAnswer = (approve: boolean) => {
    answer.current?.(approve);
    answer.current = null;
    setChallenge(null);
  };

  const confirm: ConfirmCard = async (clientSecret) => {
    const expiry = parseExpiry(card.expiry);
    let intent: LocalPaymentIntent;
    try {
      intent = await confirmLocalCard(clientSecret, {
        number: digitsOf(card.number),
        expMonth: expiry?.month ?? 0,
        expYear: expiry?.year ?? 0,
        cvc: card.cvc,
      });
    } catch (error) {
      throw asPaymentError(error);
    }
    if (intent.status !== 'requires_action') return toConfirmed(intent);

    const approve = await askCardholder(intent.card?.last4 ?? null);
    try {
      return toConfirmed(await authenticateLocalPayment(clientSecret, approve));
    } catch (error) {
      throw asPaymentError(error);
    }
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateCard(card, new Date(), texts.card);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onPay(confirm);
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={texts.cardDetails}>
      <Stack gap="md">
        <TestCardFields card={card} errors={errors} busy={busy} onChange={change} />
        <Group gap={6} c="dimmed" wrap="nowrap">
          <IconLock size={14} aria-hidden />
          <Text size="xs">
            {texts.processedSecurely} {purchase?.chargeNote ?? texts.onlyTheFee}
          </Text>
        </Group>
        <PaymentActions
          amount={amount}
          currency={currency}
          busy={busy}
          onBack={onBack}
          terms={terms}
          purchase={purchase}
        />
      </Stack>
      <AuthenticationDialog
        opened={challenge !== null}
        amount={amount}
        currency={currency}
        cardLast4={challenge?.last4 ?? null}
        onAnswer={onAnswer}
      />
    </form>
  );
}
