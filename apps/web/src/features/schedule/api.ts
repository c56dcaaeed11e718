import { apiRoutes } from '@chatdesk/contract/api-routes';
import type { EndpointBody, EndpointResponse } from '@chatdesk/contract/endpoints';
import type { BookingRequest, FreeBookingRequest, PaymentIntentRequest } from '@chatdesk/contract/schedule';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiCall } from '../../lib/api-client';

export const scheduleKeys = {
  all: ['schedule'] as const,
  detail: (username: string, serviceId: string | null = null) => ['schedule', username, serviceId] as const,
};

/**
 * The professional's page with the open times of one service; without one, of their default (or
 * only) service: the address the server's HTML already asked for (its preload).
 */
export function scheduleQueryOptions(username: string, serviceId: string | null = null) {
  return queryOptions({
    queryKey: scheduleKeys.detail(username, serviceId),
    queryFn: ({ signal }) =>
      apiCall(apiRoutes.schedule.get, {
        params: { username },
        query: serviceId ? { service: serviceId } : undefined,
        signal,
      }),
    // Open slots change as other visitors book: never trust a copy for long.
    staleTime: 0,
  });
}

/**
 * While another service's times load, the page keeps what it shows (`isPlaceholderData`), so its
 * header and the services stay in place.
 */
export function useSchedule(username: string, serviceId: string | null = null) {
  return useQuery({ ...scheduleQueryOptions(username, serviceId), placeholderData: keepPreviousData });
}

/** A slot someone else took or holds: the list is refreshed so it disappears. */
export function isSlotConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

export function useCreatePaymentIntent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentIntentRequest) => apiCall(apiRoutes.payments.intent, { body }),
    onError: (error) => {
      if (isSlotConflict(error)) return queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    },
  });
}

export function useBookAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingRequest) => apiCall(apiRoutes.schedule.book, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
    onError: (error) => {
      if (isSlotConflict(error)) return queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    },
  });
}

/** A free service is booked without a payment. */
export function useBookFree() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FreeBookingRequest) => apiCall(apiRoutes.schedule.bookFree, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
    onError: (error) => {
      if (isSlotConflict(error)) return queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    },
  });
}

/** The local provider's payment, shaped like Stripe's PaymentIntent. */
export type LocalPaymentIntent = EndpointResponse<typeof apiRoutes.localPayments.confirm>;

type LocalCard = EndpointBody<typeof apiRoutes.localPayments.confirm>['card'];

/** Local provider only: its stand-in for Stripe.js confirming a card payment. */
export function confirmLocalCard(clientSecret: string, card: LocalCard) {
  return apiCall(apiRoutes.localPayments.confirm, { body: { clientSecret, card } });
}

/** Local provider only: the cardholder's answer to the bank's security check. */
export function authenticateLocalPayment(clientSecret: string, approve: boolean) {
  return apiCall(apiRoutes.localPayments.authenticate, { body: { clientSecret, approve } });
}
