import type { CURRENCIES, INTERVALS } from '@chatdesk/contract/constants';
import {
  type CreateSubscriptionRequest,
  type Plan,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_STATUSES,
  type Subscription,
} from '@chatdesk/contract/subscriptions';
import type { ListValues } from '../../components/list-filters';
import { SUBSCRIPTION_STATUS_STYLE } from '../../components/subscription-status-badge';
import { formatMoney } from '../../lib/format';
import type { SubscriptionFilters, SubscriptionStatus } from './api';

export type Interval = (typeof INTERVALS)[number];
export type Currency = (typeof CURRENCIES)[number];

export const INTERVAL_OPTIONS: { value: Interval; label: string }[] = [
  { value: 'day', label: 'Daily' },
  { value: 'week', label: 'Weekly' },
  { value: 'month', label: 'Monthly' },
  { value: 'year', label: 'Yearly' },
];

export const CURRENCY_OPTIONS: { value: Currency; label: string }[] = [
  { value: 'usd', label: 'USD' },
  { value: 'eur', label: 'EUR' },
  { value: 'gbp', label: 'GBP' },
];

export const STATUS_FILTER_OPTIONS = [
  { value: 'all', label: 'All Statuses' },
  ...SUBSCRIPTION_STATUSES.map((status) => ({
    value: status,
    label: SUBSCRIPTION_STATUS_STYLE[status]?.label ?? status,
  })),
];

/** '$19.99 / month': subscription amounts are major units, shown as given. */
export function formatSubscriptionPrice(
  subscription: Pick<Subscription, 'amount' | 'currency' | 'interval'>,
) {
  return `${formatMoney(subscription.amount, subscription.currency)} / ${subscription.interval}`;
}

/** 'Basic Plan - $9.99/month' */
export function planOptionLabel(plan: Plan): string {
  return `${plan.name} - ${formatMoney(plan.amount, plan.currency)}/${plan.interval}`;
}

export function toApiFilters(values: ListValues): SubscriptionFilters {
  const filters: SubscriptionFilters = {};
  if (values.search.trim()) filters.search = values.search.trim();
  if (values.status !== 'all') filters.status = values.status as SubscriptionStatus;
  return filters;
}

export type SubscriptionFormValues = {
  clientId: string | null;
  planId: string | null;
  planName: string;
  amount: number | string;
  interval: Interval;
  currency: Currency;
};

/** New-subscription defaults (spec §9): first plan, monthly, USD. */
export function initialSubscriptionValues(plans: Plan[], clientId: string | null): SubscriptionFormValues {
  const first = plans[0];
  const base: SubscriptionFormValues = {
    clientId,
    planId: null,
    planName: '',
    amount: '',
    interval: 'month',
    currency: 'usd',
  };
  return first ? applyPlan(base, first) : base;
}

/** Choosing a plan fills its name, amount and interval; the currency stays the user's choice. */
export function applyPlan(values: SubscriptionFormValues, plan: Plan): SubscriptionFormValues {
  return { ...values, planId: plan.id, planName: plan.name, amount: plan.amount, interval: plan.interval };
}

export function validateSubscriptionForm(values: SubscriptionFormValues): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  if (!values.clientId) errors.clientId = SUBSCRIPTION_MESSAGES.clientRequired;
  if (!values.planId) errors.planId = 'Plan is required';
  if (!values.planName.trim()) errors.planName = SUBSCRIPTION_MESSAGES.planNameRequired;
  const amount = typeof values.amount === 'number' ? values.amount : Number.NaN;
  if (!Number.isFinite(amount) || amount < 0) errors.amount = SUBSCRIPTION_MESSAGES.amountInvalid;
  if (!values.interval) errors.interval = 'Billing interval is required';
  if (!values.currency) errors.currency = 'Currency is required';
  return errors;
}

/** The staff form has no card entry: it charges the spec's fixed demo card. */
export const DEMO_PAYMENT_METHOD_ID = 'pm_card_visa';

export function toCreateRequest(values: SubscriptionFormValues): CreateSubscriptionRequest {
  return {
    clientId: values.clientId ?? '',
    paymentMethodId: DEMO_PAYMENT_METHOD_ID,
    planId: values.planId,
    planName: values.planName.trim(),
    amount: Number(values.amount),
    currency: values.currency,
    interval: values.interval,
  };
}

/** '$' for usd, '€' for eur, '£' for gbp. */
export function currencySymbol(currency: string): string {
  return formatMoney(0, currency).replace(/[\d.,\s]/g, '') || currency.toUpperCase();
}
