import { apiRoutes } from '@chatdesk/contract/api-routes';
import type { PackBookingRequest, PackCheckoutRequest } from '@chatdesk/contract/packs';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';

/** The packs of sessions of a service on sale, shown beside booking a single session. */
export function usePublicPacks(serviceId: string, enabled = true) {
  return useQuery({
    queryKey: ['schedule', 'packs', serviceId] as const,
    queryFn: ({ signal }) => apiCall(apiRoutes.publicPacks.list, { query: { serviceId }, signal }),
    enabled: enabled && serviceId !== '',
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

/** "I have a pack": emails a code to the address. */
export function requestPackCode(email: string, language: 'es' | 'en') {
  return apiCall(apiRoutes.publicPacks.requestCode, { body: { email, language } });
}

/** The emailed code: a token to book with, and the address's packs with sessions left. */
export function confirmPackCode(body: { verificationId: string; email: string; code: string }) {
  return apiCall(apiRoutes.publicPacks.confirmCode, { body });
}

/** Books the slot with one session of the checked address's pack; no payment. */
export function bookWithPack(body: PackBookingRequest) {
  return apiCall(apiRoutes.publicPacks.book, { body });
}
