import { apiRoutes } from '@chatdesk/contract/api-routes';
import type { EndpointBody } from '@chatdesk/contract/endpoints';
import type { SubscribeRequest } from '@chatdesk/contract/subscriptions';
import { PREMIUM_PRICE_ALIAS } from '@chatdesk/contract/subscriptions-rules';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';

type LocalCard = EndpointBody<typeof apiRoutes.localPayments.createPaymentMethod>['card'];

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
      (await apiCall(apiRoutes.schedule.get, { params: { username }, signal })).employee,
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
    queryFn: ({ signal }) => apiCall(apiRoutes.payments.config, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePremiumPrice() {
  return useQuery({
    queryKey: subscribeKeys.price,
    queryFn: ({ signal }) =>
      apiCall(apiRoutes.payments.price, { params: { id: PREMIUM_PRICE_ALIAS }, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCreateSubscription() {
  return useMutation({
    mutationFn: (body: SubscribeRequest) => apiCall(apiRoutes.payments.subscribe, { body }),
  });
}

/** Local provider only: its stand-in for Stripe.js createPaymentMethod. */
export function createLocalPaymentMethod(card: LocalCard) {
  return apiCall(apiRoutes.localPayments.createPaymentMethod, { body: { card } });
}
