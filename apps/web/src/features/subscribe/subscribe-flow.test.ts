import type { SubscribeResponse } from '@chatdesk/contract/subscriptions';
import { describe, expect, it } from 'vitest';
import { PaymentError } from '../../components/payments/payment-types';
import { ApiError } from '../../lib/api-client';
import { nextStepOf, securityCheckErrorMessage, subscribeErrorMessage } from './subscribe-flow';

const response = (overrides: Partial<SubscribeResponse>): SubscribeResponse => ({
  subscriptionId: 'sub_1',
  status: 'active',
  requiresAction: false,
  clientSecret: null,
  message: null,
  ...overrides,
});

describe('nextStepOf', () => {
  it('succeeds for an active or trialing subscription with an id', () => {
    expect(nextStepOf(response({}))).toEqual({ kind: 'succeeded' });
    expect(nextStepOf(response({ status: 'trialing' }))).toEqual({ kind: 'succeeded' });
  });

  it('asks for the security check when the server requires action', () => {
    expect(
      nextStepOf(response({ requiresAction: true, status: 'incomplete', clientSecret: 'pi_secret' })),
    ).toEqual({ kind: 'securityCheck', clientSecret: 'pi_secret' });
  });

  it('fails without an id, with another status, or with an action but no secret', () => {
    const failed = {
      kind: 'failed',
      message: 'Subscription creation failed. Please check your details or try again.',
    };
    expect(nextStepOf(response({ subscriptionId: null }))).toEqual(failed);
    expect(nextStepOf(response({ status: 'incomplete' }))).toEqual(failed);
    expect(nextStepOf(response({ requiresAction: true, clientSecret: null }))).toEqual(failed);
  });
});

describe('subscribeErrorMessage', () => {
  it("prefers the provider's and the server's words", () => {
    expect(subscribeErrorMessage(new PaymentError('Your card number is incorrect.'))).toBe(
      'Your card number is incorrect.',
    );
    expect(subscribeErrorMessage(new ApiError(402, 'Your card was declined.'))).toBe(
      'Your card was declined.',
    );
  });

  it('falls back to the generic message', () => {
    expect(subscribeErrorMessage(new ApiError(500, null))).toBe(
      'An unexpected error occurred during subscription.',
    );
    expect(subscribeErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'An unexpected error occurred during subscription.',
    );
  });
});

describe('securityCheckErrorMessage', () => {
  it('names the reason the check failed', () => {
    expect(securityCheckErrorMessage(new ApiError(402, 'We are unable to authenticate.'))).toBe(
      'Security check failed: We are unable to authenticate.',
    );
    expect(securityCheckErrorMessage(new PaymentError('Declined'))).toBe('Security check failed: Declined');
  });
});
