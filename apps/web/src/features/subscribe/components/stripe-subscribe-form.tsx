import { CARD_MESSAGES } from '../../../components/payments/card-input';
import { PaymentError } from '../../../components/payments/payment-types';
import { StripeCardField, StripeElements, useStripeCard } from '../../../components/payments/stripe-card';
import { SUBSCRIBE_PAGE_MESSAGES } from '../messages';
import type { CardDriver } from '../subscribe-flow';
import { type CardCheck, SubscribeForm, type SubscribeFormProps } from './subscribe-form';

type StripeSubscribeFormProps = SubscribeFormProps & { publishableKey: string };

/** Stripe Elements: the card never touches our page, and Stripe runs 3-D Secure itself. */
export function StripeSubscribeForm({ publishableKey, ...props }: StripeSubscribeFormProps) {
  return (
    <StripeElements
      publishableKey={publishableKey}
      unavailableMessage={SUBSCRIBE_PAGE_MESSAGES.stripeUnavailable}
    >
      {(unavailable) => <StripeFields {...props} unavailable={unavailable} />}
    </StripeElements>
  );
}

function StripeFields({ unavailable, ...props }: SubscribeFormProps & { unavailable: boolean }) {
  const { stripe, card, ready, complete, error, setError, field } = useStripeCard();

  const checkCard = (): CardCheck => {
    const element = card();
    if (!stripe || !element || !ready) return { ok: false, message: SUBSCRIBE_PAGE_MESSAGES.stripeNotReady };
    if (!complete) {
      setError(error ?? CARD_MESSAGES.numberIncomplete);
      return { ok: false };
    }
    const driver: CardDriver = {
      createPaymentMethod: async (email) => {
        const result = await stripe.createPaymentMethod({
          type: 'card',
          card: element,
          billing_details: { email },
        });
        if (result.error) throw new PaymentError(result.error.message ?? SUBSCRIBE_PAGE_MESSAGES.unexpected);
        return result.paymentMethod.id;
      },
      completeSecurityCheck: async (clientSecret) => {
        const result = await stripe.confirmCardPayment(clientSecret);
        if (result.error) throw new PaymentError(result.error.message ?? 'Unknown error');
      },
    };
    return { ok: true, card: driver };
  };

  return (
    <SubscribeForm
      {...props}
      cardFields={<StripeCardField {...field} unavailable={unavailable} disabled={props.flow.busy} />}
      checkCard={checkCard}
      note="Card details are sent straight to Stripe and never stored by us."
    />
  );
}
