import { apiRoutes } from '@chatdesk/contract/api-routes';
import type { PackCheckoutRequest } from '@chatdesk/contract/packs';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';

/** The packs of sessions of a service on sale, shown beside booking a single session. */
export function usePublicPacks(serviceId: string) {
  return useQuery({
    queryKey: ['schedule', 'packs', serviceId] as const,
    queryFn: ({ signal }) => apiCall(apiRoutes.publicPacks.list, { query: { serviceId }, signal }),
  });
}

/** Opens the pack's payment; the server sets the amount. */
export function startPackCheckout(body: PackCheckoutRequest) {
  return apiCall(apiRoutes.publicPacks.checkout, { body });
}

/** Asks the server to sell the pack a confirmed payment was for; the same answer if asked again. */
export function completePackPurchase(paymentIntentId: string) {
  return apiCall(apiRoutes.publicPacks.purchase, { body: { paymentIntentId } });
}
