import { apiRoutes } from '@chatdesk/contract/api-routes';
import type { CancelBookingRequest } from '@chatdesk/contract/manage-booking';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiCall } from '../../lib/api-client';

export const manageBookingKeys = {
  all: ['manage-booking'] as const,
  detail: (token: string) => ['manage-booking', token] as const,
  slots: (token: string) => ['manage-booking', token, 'slots'] as const,
};

export function managedBookingQueryOptions(token: string) {
  return queryOptions({
    queryKey: manageBookingKeys.detail(token),
    queryFn: ({ signal }) => apiCall(apiRoutes.manageBooking.get, { params: { token }, signal }),
    // The refund terms turn at a deadline and staff may change the appointment: never trust an old copy.
    staleTime: 0,
  });
}

export function useManagedBooking(token: string) {
  return useQuery(managedBookingQueryOptions(token));
}

/** The open times it may move to; asked only once the customer wants to reschedule. */
export function useRescheduleSlots(token: string, enabled: boolean) {
  return useQuery({
    queryKey: manageBookingKeys.slots(token),
    queryFn: ({ signal }) => apiCall(apiRoutes.manageBooking.slots, { params: { token }, signal }),
    enabled,
    staleTime: 0,
  });
}

/** The link names no appointment: unknown, or not even shaped like one (the server's 400). */
export function isInvalidLink(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** The server refused because the appointment changed under the page (terms, slot, status). */
export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

export function useCancelBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (terms: CancelBookingRequest) =>
      apiCall(apiRoutes.manageBooking.cancel, { params: { token }, body: terms }),
    onSuccess: (booking) => {
      queryClient.setQueryData(manageBookingKeys.detail(token), booking);
      queryClient.removeQueries({ queryKey: manageBookingKeys.slots(token) });
    },
    // The page shows what the server holds now, so the customer can confirm again knowingly.
    onError: () => queryClient.invalidateQueries({ queryKey: manageBookingKeys.detail(token) }),
  });
}

export function useRescheduleBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slot: { date: string; time: string }) =>
      apiCall(apiRoutes.manageBooking.reschedule, {
        params: { token },
        body: { date: slot.date, timeSlot: slot.time },
      }),
    onSuccess: (booking) => {
      queryClient.setQueryData(manageBookingKeys.detail(token), booking);
      queryClient.removeQueries({ queryKey: manageBookingKeys.slots(token) });
    },
    // A slot just taken disappears from the calendar, and the terms may have changed too.
    onError: () => queryClient.invalidateQueries({ queryKey: manageBookingKeys.all }),
  });
}
