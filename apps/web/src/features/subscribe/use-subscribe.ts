import { useState } from 'react';
import { useCreateSubscription } from './api';
import {
  type CardDriver,
  isBusy,
  nextStepOf,
  type SubscribeStatus,
  securityCheckErrorMessage,
  subscribeErrorMessage,
} from './subscribe-flow';

type SubscribeTarget = { username: string; priceId: string };

/** Payment method, then subscription, then the card's security check when the bank asks for one. */
export function useSubscribe({ username, priceId }: SubscribeTarget) {
  const createSubscription = useCreateSubscription();
  const [status, setStatus] = useState<SubscribeStatus>({ kind: 'idle' });

  async function run(email: string, card: CardDriver): Promise<SubscribeStatus> {
    let paymentMethodId: string;
    try {
      paymentMethodId = await card.createPaymentMethod(email);
    } catch (error) {
      return { kind: 'error', message: subscribeErrorMessage(error) };
    }

    let step: ReturnType<typeof nextStepOf>;
    try {
      step = nextStepOf(await createSubscription.mutateAsync({ paymentMethodId, priceId, email, username }));
    } catch (error) {
      return { kind: 'error', message: subscribeErrorMessage(error) };
    }
    if (step.kind === 'succeeded') return { kind: 'succeeded' };
    if (step.kind === 'failed') return { kind: 'error', message: step.message };

    setStatus({ kind: 'securityCheck' });
    try {
      await card.completeSecurityCheck(step.clientSecret);
      return { kind: 'securityCheckSucceeded' };
    } catch (error) {
      return { kind: 'error', message: securityCheckErrorMessage(error) };
    }
  }

  async function submit(email: string, card: CardDriver) {
    if (isBusy(status)) return;
    setStatus({ kind: 'processing' });
    setStatus(await run(email.trim(), card));
  }

  return {
    status,
    busy: isBusy(status),
    submit: (email: string, card: CardDriver) => void submit(email, card),
    fail: (message: string) => setStatus({ kind: 'error', message }),
  };
}
