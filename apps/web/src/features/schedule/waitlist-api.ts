import { apiRoutes } from '@chatdesk/contract/api-routes';
import type { ConfirmOffer, JoinWaitlist } from '@chatdesk/contract/waitlist';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';

const waitlistKeys = {
  full: (employeeId: string | undefined, serviceId: string) =>
    ['waitlist', 'full', employeeId ?? 'anyone', serviceId] as const,
  offer: (token: string) => ['waitlist', 'offer', token] as const,
};

/**
 * A professional's full class times of a service ahead, or its taken one-to-one times (with no
 * professional: those taken with every professional of the service, for 'anyone available'): the
 * booking page offers their waitlist.
 */
export function useFullTimes(
  employeeId: string | undefined,
  serviceId: string | undefined,
  enabled: boolean,
) {
  return useQuery({
    queryKey: waitlistKeys.full(employeeId, serviceId ?? ''),
    queryFn: ({ signal }) =>
      apiCall(apiRoutes.waitlist.fullTimes, {
        query: { ...(employeeId ? { employeeId } : {}), serviceId: serviceId ?? '' },
        signal,
      }),
    enabled: enabled && Boolean(serviceId),
  });
}

export function useJoinWaitlist() {
  return useMutation({ mutationFn: (body: JoinWaitlist) => apiCall(apiRoutes.waitlist.join, { body }) });
}

/** An offer (or a place in line) as its link shows it. */
export function useOffer(token: string) {
  return useQuery({
    queryKey: waitlistKeys.offer(token),
    queryFn: ({ signal }) => apiCall(apiRoutes.waitlist.offer, { params: { token }, signal }),
    retry: false,
  });
}

/** Opens the payment of the held place; the server sets the amount. */
export function openOfferPayment(token: string) {
  return apiCall(apiRoutes.waitlist.pay, { params: { token } });
}

export function useConfirmOffer(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmOffer) => apiCall(apiRoutes.waitlist.confirm, { params: { token }, body }),
    onSuccess: (offer) => queryClient.setQueryData(waitlistKeys.offer(token), offer),
  });
}

export function useDeclineOffer(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(apiRoutes.waitlist.decline, { params: { token } }),
    onSuccess: (offer) => queryClient.setQueryData(waitlistKeys.offer(token), offer),
  });
}
