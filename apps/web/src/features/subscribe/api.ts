import type { PublicSchedule } from '@chatdesk/contract/schedule';
import type { PriceResponse, SubscribeRequest, SubscribeResponse } from '@chatdesk/contract/subscriptions';
import { PREMIUM_PRICE_ALIAS } from '@chatdesk/contract/subscriptions-rules';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type PaymentConfig = { provider: 'stripe' | 'local'; publishableKey: string | null };
export type LocalCard = { number: string; expMonth: number; expYear: number; cvc: string };
export type LocalPaymentMethod = {
  id: string;
  card: { brand: string; last4: string; expMonth: number; expYear: number };
};

export const subscribeKeys = {
  employee: (username: string) => ['subscribe', 'employee', username] as const,
  config: ['payments', 'config'] as const,
  price: ['payments', 'price', PREMIUM_PRICE_ALIAS] as const,
};

/** The employee of the public schedule: only the name and title are shown here. */
export function subscribeEmployeeQueryOptions(username: string) {
  return queryOptions({
    queryKey: subscribeKeys.employee(username),
    queryFn: async ({ signal }) =>
      (await api.get<PublicSchedule>(`/schedule/${encodeURIComponent(username)}`, { signal })).employee,
    enabled: username.length > 0,
    retry: false,
  });
}

export function useSubscribeEmployee(username: string) {
  return useQuery(subscribeEmployeeQueryOptions(username));
}

export function usePaymentConfig() {
  return useQuery({
    queryKey: subscribeKeys.config,
    queryFn: ({ signal }) => api.get<PaymentConfig>('/payments/config', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePremiumPrice() {
  return useQuery({
    queryKey: subscribeKeys.price,
    queryFn: ({ signal }) => api.get<PriceResponse>(`/payments/price/${PREMIUM_PRICE_ALIAS}`, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCreateSubscription() {
  return useMutation({
    mutationFn: (body: SubscribeRequest) => api.post<SubscribeResponse>('/payments/subscription', body),
  });
}

/** Local provider only: its stand-in for Stripe.js createPaymentMethod. */
export function createLocalPaymentMethod(card: LocalCard) {
  return api.post<LocalPaymentMethod>('/payments/local/payment-methods', { card });
}
