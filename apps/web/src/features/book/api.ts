import { apiRoutes } from '@chatdesk/contract/api-routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';

export const bookKeys = {
  all: ['book'] as const,
  services: () => ['book', 'services'] as const,
  slots: (serviceId: string) => ['book', 'slots', serviceId] as const,
  packs: (serviceId: string) => ['book', 'packs', serviceId] as const,
};

/** The business's services with who offers each: the start of booking "anyone available". */
export function bookServicesQueryOptions() {
  return queryOptions({
    queryKey: bookKeys.services(),
    queryFn: ({ signal }) => apiCall(apiRoutes.schedule.services, { signal }),
  });
}

export function useBookServices() {
  return useQuery(bookServicesQueryOptions());
}

/** The open times of a service with any of its professionals. */
export function useAnyoneSlots(serviceId: string | null) {
  return useQuery({
    queryKey: bookKeys.slots(serviceId ?? ''),
    queryFn: ({ signal }) =>
      apiCall(apiRoutes.schedule.anyoneSlots, { params: { id: serviceId ?? '' }, signal }),
    enabled: serviceId !== null,
    // Open times change as other visitors book: never trust a copy for long.
    staleTime: 0,
  });
}

/** Who takes the time: the least booked of those free then. A 409 means nobody is any more. */
export function useAssignAnyone(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slot: { date: string; time: string }) =>
      apiCall(apiRoutes.schedule.assignAnyone, {
        params: { id: serviceId },
        body: { date: slot.date, timeSlot: slot.time },
      }),
    onError: () => queryClient.invalidateQueries({ queryKey: bookKeys.slots(serviceId) }),
  });
}

/** The service's packs of sessions on sale, offered beside booking one session. */
export function useServicePacks(serviceId: string) {
  return useQuery({
    queryKey: bookKeys.packs(serviceId),
    queryFn: ({ signal }) => apiCall(apiRoutes.publicPacks.list, { query: { serviceId }, signal }),
  });
}
