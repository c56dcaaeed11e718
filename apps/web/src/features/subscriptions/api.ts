import { apiRoutes } from '@chatdesk/contract/api-routes';
import type { CreateSubscriptionRequest, SUBSCRIPTION_STATUSES } from '@chatdesk/contract/subscriptions';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';
import { cursorPaging, itemsOf } from '../../lib/pages';

export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export type SubscriptionFilters = { search?: string; status?: SubscriptionStatus; clientId?: string };

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  lists: ['subscriptions', 'list'] as const,
  list: (filters: SubscriptionFilters) => ['subscriptions', 'list', filters] as const,
  detail: (id: string) => ['subscriptions', 'detail', id] as const,
  plans: ['subscriptions', 'plans'] as const,
};

/** A client's detail embeds its subscription summary, so subscription changes refresh it too. */
const clientDetailsKey = ['clients', 'detail'] as const;

/** The list in pages as it scrolls; a new search or status starts again from the first page. */
export function subscriptionsQueryOptions(filters: SubscriptionFilters) {
  return infiniteQueryOptions({
    queryKey: subscriptionKeys.list(filters),
    queryFn: ({ signal, pageParam }) =>
      apiCall(apiRoutes.subscriptions.list, { query: { ...filters, cursor: pageParam }, signal }),
    ...cursorPaging,
    placeholderData: keepPreviousData,
  });
}

export function subscriptionQueryOptions(id: string) {
  return queryOptions({
    queryKey: subscriptionKeys.detail(id),
    queryFn: ({ signal }) => apiCall(apiRoutes.subscriptions.get, { params: { id }, signal }),
  });
}

export const plansQueryOptions = queryOptions({
  queryKey: subscriptionKeys.plans,
  queryFn: ({ signal }) => apiCall(apiRoutes.subscriptions.plans, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useSubscriptions(filters: SubscriptionFilters) {
  const query = useInfiniteQuery(subscriptionsQueryOptions(filters));
  return { ...query, data: itemsOf(query.data) };
}

export function useSubscription(id: string) {
  return useQuery(subscriptionQueryOptions(id));
}

export function usePlans() {
  return useQuery(plansQueryOptions);
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, cancelImmediately }: { id: string; cancelImmediately: boolean }) =>
      apiCall(apiRoutes.subscriptions.cancel, { params: { id }, body: { cancelImmediately } }),
    meta: {
      success: (_subscription: unknown, { cancelImmediately }: { cancelImmediately: boolean }) =>
        cancelImmediately ? 'Subscription canceled' : 'Subscription will cancel at the end of the period',
    },
    onSuccess: (subscription) =>
      Promise.all([
        // Reloaded rather than patched: the server decides the new status and dates.
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.detail(subscription.id) }),
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.lists }),
        queryClient.invalidateQueries({ queryKey: clientDetailsKey }),
      ]),
  });
}

export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSubscriptionRequest) => apiCall(apiRoutes.subscriptions.create, { body }),
    meta: { success: 'Subscription created' },
    onSuccess: (subscription) => {
      queryClient.setQueryData(subscriptionKeys.detail(subscription.id), subscription);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.lists }),
        queryClient.invalidateQueries({ queryKey: clientDetailsKey }),
      ]);
    },
  });
}
