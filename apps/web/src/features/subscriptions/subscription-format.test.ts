import type { Plan, Subscription } from '@chatdesk/contract/subscriptions';
import { describe, expect, it } from 'vitest';
import { canCancelSubscription } from '../../components/cancel-subscription-modal';
import { listValuesFrom } from '../../components/list-filters';
import { clientOptionLabel } from '../../lib/format';
import {
  applyPlan,
  currencySymbol,
  formatSubscriptionPrice,
  initialSubscriptionValues,
  planOptionLabel,
  STATUS_FILTER_OPTIONS,
  toApiFilters,
  toCreateRequest,
  validateSubscriptionForm,
} from './subscription-format';

const plans: Plan[] = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Basic Plan',
    amount: 9.99,
    currency: 'usd',
    interval: 'month',
  },
  {
    id: '00000000-0000-4000-8000-000000000004',
    name: 'Annual Basic',
    amount: 99.99,
    currency: 'usd',
    interval: 'year',
  },
];

describe('plan and client options', () => {
  it('reads name - $amount/interval', () => {
    expect(planOptionLabel(plans[0]!)).toBe('Basic Plan - $9.99/month');
    expect(planOptionLabel(plans[1]!)).toBe('Annual Basic - $99.99/year');
  });

  it('shows the email in brackets, or just the name without one', () => {
    expect(clientOptionLabel({ name: 'Ana García', email: 'ana@example.com' })).toBe(
      'Ana García (ana@example.com)',
    );
    expect(clientOptionLabel({ name: 'Ana García', email: null })).toBe('Ana García');
  });
});

describe('subscription price', () => {
  it('shows the amount as given with its currency, USD when none is known', () => {
    expect(formatSubscriptionPrice({ amount: 19.99, currency: 'usd', interval: 'month' })).toBe(
      '$19.99 / month',
    );
    expect(formatSubscriptionPrice({ amount: 199.99, currency: 'eur', interval: 'year' })).toBe(
      '€199.99 / year',
    );
    expect(formatSubscriptionPrice({ amount: 5, currency: '', interval: 'week' })).toBe('$5.00 / week');
  });

  it('knows the symbol of each currency', () => {
    expect(['usd', 'eur', 'gbp'].map(currencySymbol)).toEqual(['$', '€', '£']);
  });
});

describe('cancelability', () => {
  const base = { cancelAtPeriodEnd: false } as Pick<Subscription, 'status' | 'cancelAtPeriodEnd'>;
  it('offers cancel only for active or trialing subscriptions not already canceling', () => {
    expect(canCancelSubscription({ ...base, status: 'active' })).toBe(true);
    expect(canCancelSubscription({ ...base, status: 'trialing' })).toBe(true);
    expect(canCancelSubscription({ status: 'active', cancelAtPeriodEnd: true })).toBe(false);
    for (const status of ['past_due', 'canceled', 'unpaid', 'incomplete']) {
      expect(canCancelSubscription({ ...base, status })).toBe(false);
    }
  });
});

describe('new subscription form', () => {
  it('starts on the first plan, monthly in USD, with the client from the link', () => {
    expect(initialSubscriptionValues(plans, 'c1')).toEqual({
      clientId: 'c1',
      planId: plans[0]!.id,
      planName: 'Basic Plan',
      amount: 9.99,
      interval: 'month',
      currency: 'usd',
    });
  });

  it('fills name, amount and interval from a chosen plan and keeps the currency', () => {
    const values = { ...initialSubscriptionValues(plans, null), currency: 'eur' as const };
    expect(applyPlan(values, plans[1]!)).toMatchObject({
      planName: 'Annual Basic',
      amount: 99.99,
      interval: 'year',
      currency: 'eur',
    });
  });

  it('requires every field and a non-negative amount', () => {
    const values = { ...initialSubscriptionValues(plans, null), planName: ' ', amount: -1 };
    expect(validateSubscriptionForm(values)).toEqual({
      clientId: 'Client is required',
      planName: 'Plan name is required',
      amount: 'Amount must be a number of at least 0',
    });
    expect(validateSubscriptionForm({ ...values, clientId: 'c1', planName: 'X', amount: '' })).toEqual({
      amount: 'Amount must be a number of at least 0',
    });
    expect(validateSubscriptionForm({ ...values, clientId: 'c1', planName: 'X', amount: 0 })).toEqual({});
  });

  it('sends the demo card and the chosen plan', () => {
    expect(toCreateRequest({ ...initialSubscriptionValues(plans, 'c1'), planName: ' Basic Plan ' })).toEqual({
      clientId: 'c1',
      paymentMethodId: 'pm_card_visa',
      planId: plans[0]!.id,
      planName: 'Basic Plan',
      amount: 9.99,
      currency: 'usd',
      interval: 'month',
    });
  });
});

describe('list filters', () => {
  it('reads search and a known status from the URL', () => {
    const values = listValuesFrom(
      new URLSearchParams('search=%20ana%20&status=past_due'),
      STATUS_FILTER_OPTIONS,
    );
    expect(toApiFilters(values)).toEqual({ search: 'ana', status: 'past_due' });
    expect(listValuesFrom(new URLSearchParams('status=bogus'), STATUS_FILTER_OPTIONS).status).toBe('all');
    expect(toApiFilters(listValuesFrom(new URLSearchParams(''), STATUS_FILTER_OPTIONS))).toEqual({});
  });
});
