import Stripe from 'stripe';
import { AppError } from '../../lib/app-error.ts';

export const PAYMENT_PROVIDER_UNAVAILABLE =
  'The payment provider is not available right now. Please try again later.';

/**
 * Stripe's failure as ours: a declined card is the cardholder's to read, a request Stripe refuses
 * is invalid input, and anything else (a wrong key, an outage) is UPSTREAM, never its own 401 or 500.
 */
export function fromStripeError(error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof Stripe.errors.StripeError)) return error;
  const translated =
    error instanceof Stripe.errors.StripeCardError
      ? new AppError('PAYMENT_DECLINED', error.message)
      : error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode !== 401
        ? new AppError('VALIDATION', error.message)
        : new AppError('UPSTREAM', PAYMENT_PROVIDER_UNAVAILABLE);
  translated.cause = error;
  return translated;
}

/** Runs one call to Stripe, translating its failure at this boundary. */
export async function callStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw fromStripeError(error);
  }
}
