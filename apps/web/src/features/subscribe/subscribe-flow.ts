import type { SubscribeResponse } from '@chatdesk/contract/subscriptions';
import { PaymentError } from '../../components/payments/payment-types';
import { ApiError } from '../../lib/api-client';
import { SUBSCRIBE_PAGE_MESSAGES } from './messages';

/** What one card widget (local form or Stripe Elements) does for the subscribe flow. */
export type CardDriver = {
  /** Stripe.js createPaymentMethod or its local stand-in; throws a PaymentError with the provider's words. */
  createPaymentMethod: (email: string) => Promise<string>;
  /** The bank's security check for the first invoice; throws a PaymentError when it is not passed. */
  completeSecurityCheck: (clientSecret: string) => Promise<void>;
};

export type SubscribeStatus =
  | { kind: 'idle' }
  | { kind: 'processing' }
  | { kind: 'securityCheck' }
  | { kind: 'succeeded' }
  | { kind: 'securityCheckSucceeded' }
  | { kind: 'error'; message: string };

export type NextStep =
  | { kind: 'succeeded' }
  | { kind: 'securityCheck'; clientSecret: string }
  | { kind: 'failed'; message: string };

const LIVE_STATUSES = ['active', 'trialing'];

/** Reads the subscribe response: a security check, a live subscription, or a failure. */
export function nextStepOf(response: SubscribeResponse): NextStep {
  if (response.requiresAction) {
    if (response.clientSecret) return { kind: 'securityCheck', clientSecret: response.clientSecret };
    return { kind: 'failed', message: response.message ?? SUBSCRIBE_PAGE_MESSAGES.creationFailed };
  }
  if (response.subscriptionId && LIVE_STATUSES.includes(response.status)) return { kind: 'succeeded' };
  return { kind: 'failed', message: SUBSCRIBE_PAGE_MESSAGES.creationFailed };
}

function reasonOf(error: unknown): string | null {
  if (error instanceof PaymentError) return error.message;
  if (error instanceof ApiError) return error.serverMessage;
  return null;
}

/** A provider's or the server's own words, else the generic message. */
export function subscribeErrorMessage(error: unknown): string {
  return reasonOf(error) ?? SUBSCRIBE_PAGE_MESSAGES.unexpected;
}

export function securityCheckErrorMessage(error: unknown): string {
  const reason =
    reasonOf(error) ?? (error instanceof Error && error.message ? error.message : 'Unknown error');
  return SUBSCRIBE_PAGE_MESSAGES.securityCheckFailed(reason);
}

export const isBusy = (status: SubscribeStatus) =>
  status.kind === 'processing' || status.kind === 'securityCheck';

export const isDone = (status: SubscribeStatus) =>
  status.kind === 'succeeded' || status.kind === 'securityCheckSucceeded';
