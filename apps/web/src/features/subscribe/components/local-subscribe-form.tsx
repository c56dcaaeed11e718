import { Badge, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { authenticateLocalPayment } from '../../schedule/api';
import {
  type CardErrors,
  type CardValues,
  digitsOf,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
  validateCard,
} from '../../schedule/card-input';
import { AuthenticationDialog } from '../../schedule/components/authentication-dialog';
import { PaymentError } from '../../schedule/payment-types';
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

  const cardFields = (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text fw={500} size="sm">
          Card details
        </Text>
        <Badge variant="light" color="orange" size="sm">
          Test mode
        </Badge>
      </Group>
      <TextInput
        label="Card number"
        placeholder="1234 1234 1234 1234"
        inputMode="numeric"
        autoComplete="cc-number"
        leftSection={<IconCreditCard size={16} />}
        value={card.number}
        error={errors.number}
        disabled={busy}
        onChange={(event) => change('number', formatCardNumber(event.currentTarget.value))}
      />
      <SimpleGrid cols={2} spacing="md">
        <TextInput
          label="Expiry date"
          placeholder="MM / YY"
          inputMode="numeric"
          autoComplete="cc-exp"
          value={card.expiry}
          error={errors.expiry}
          disabled={busy}
          onChange={(event) => change('expiry', formatExpiry(event.currentTarget.value))}
        />
        <TextInput
          label="CVC"
          placeholder="123"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={card.cvc}
          error={errors.cvc}
          disabled={busy}
          onChange={(event) => change('cvc', digitsOf(event.currentTarget.value).slice(0, 4))}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks
        for authentication. Use any future date and any CVC.
      </Text>
    </Stack>
  );

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
