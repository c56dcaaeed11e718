import { useRef, useState } from 'react';
import { AuthenticationDialog } from '../../../components/payments/authentication-dialog';
import {
  type CardErrors,
  type CardValues,
  digitsOf,
  parseExpiry,
  validateCard,
} from '../../../components/payments/card-input';
import { PaymentError } from '../../../components/payments/payment-types';
import { TestCardFields } from '../../../components/payments/test-card-fields';
import { ApiError } from '../../../lib/api-client';
import { authenticateLocalPayment } from '../../schedule/api';
import { createLocalPaymentMethod } from '../api';
import { SUBSCRIBE_PAGE_MESSAGES } from '../messages';
import type { CardDriver } from '../subscribe-flow';
import { type CardCheck, SubscribeForm, type SubscribeFormProps } from './subscribe-form';

const emptyCard: CardValues = { number: '', expiry: '', cvc: '' };

function asPaymentError(error: unknown): PaymentError {
  if (error instanceof PaymentError) return error;
  if (error instanceof ApiError && error.serverMessage) return new PaymentError(error.serverMessage);
  return new PaymentError(SUBSCRIBE_PAGE_MESSAGES.unexpected);
}

type LocalSubscribeFormProps = SubscribeFormProps & { amount: number; currency: string };

/** The local provider's card form: Stripe's test cards and messages, answered by our server. */
export function LocalSubscribeForm({ amount, currency, ...props }: LocalSubscribeFormProps) {
  const [card, setCard] = useState<CardValues>(emptyCard);
  const [errors, setErrors] = useState<CardErrors>({});
  const [challenge, setChallenge] = useState<{ last4: string | null } | null>(null);
  const answer = useRef<((approve: boolean) => void) | null>(null);
  const last4 = useRef<string | null>(null);
  const busy = props.flow.busy;

  const change = (field: keyof CardValues, value: string) => {
    setCard((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const askCardholder = () =>
    new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setChallenge({ last4: last4.current });
    });

  const onAnswer = (approve: boolean) => {
    answer.current?.(approve);
    answer.current = null;
    setChallenge(null);
  };

  const driver: CardDriver = {
    createPaymentMethod: async () => {
      const expiry = parseExpiry(card.expiry);
      try {
        const method = await createLocalPaymentMethod({
          number: digitsOf(card.number),
          expMonth: expiry?.month ?? 0,
          expYear: expiry?.year ?? 0,
          cvc: card.cvc,
        });
        last4.current = method.card.last4;
        return method.id;
      } catch (error) {
        throw asPaymentError(error);
      }
    },
    completeSecurityCheck: async (clientSecret) => {
      const approve = await askCardholder();
      try {
        await authenticateLocalPayment(clientSecret, approve);
      } catch (error) {
        throw asPaymentError(error);
      }
    },
  };

  const checkCard = (): CardCheck => {
    const found = validateCard(card);
    setErrors(found);
    return Object.keys(found).length > 0 ? { ok: false } : { ok: true, card: driver };
  };

  const cardFields = <TestCardFields card={card} errors={errors} busy={busy} onChange={change} />;

  return (
    <>
      <SubscribeForm
        {...props}
        cardFields={cardFields}
        checkCard={checkCard}
        note="Payments are processed securely. You are charged monthly until you cancel."
      />
      <AuthenticationDialog
        opened={challenge !== null}
        amount={amount}
        currency={currency}
        cardLast4={challenge?.last4 ?? null}
        onAnswer={onAnswer}
      />
    </>
  );
}
