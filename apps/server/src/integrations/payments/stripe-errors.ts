import Stripe from 'stripe';
import { AppError } from '../../lib/app-error.ts';

export const PAYMENT_PROVIDER_UNAVAILABLE =
  'The payment provider is not available right now. Please try again later.';

/** Stripe could not answer for now: the connection failed, it answered 5xx, or it is rate-limiting us. */
function isOutage(error: Stripe.errors.StripeError) {
  return (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAPIError ||
    (error.statusCode ?? 0) >= 500
  );
}

/**
 * Stripe's failure as ours: a declined card is the cardholder's to read, a request Stripe refuses
 * is invalid input, an outage is UNAVAILABLE (503, try again later), and a refusal of our account
 * (a wrong key, a missing permission) is UPSTREAM: never Stripe's own 401 or 500.
 */
export function fromStripeError(error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof Stripe.errors.StripeError)) return error;
  const translated =
    error instanceof Stripe.errors.StripeCardError
      ? new AppError('PAYMENT_DECLINED', error.message)
      : isOutage(error)
        ? new AppError('UNAVAILABLE', PAYMENT_PROVIDER_UNAVAILABLE)
        : error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode !== 401
          ? new AppError('VALIDATION', error.message)
          : new AppError('UPSTREAM', PAYMENT_PROVIDER_UNAVAILABLE);
  translated.cause = error;
  return translated;
}

/** Stripe says for certain that the object does not exist (as against not answering at all). */
const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError &&
  (error.code === 'resource_missing' || error.statusCode === 404);

/** Reads one object from Stripe: null only when Stripe says there is no such object; any other failure is ours. */
export async function retrieveFromStripe<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (isMissing(error)) return null;
    throw fromStripeError(error);
  }
}

/** Runs one call to Stripe, translating its failure at this boundary. */
export async function callStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw fromStripeError(error);
  }
}
