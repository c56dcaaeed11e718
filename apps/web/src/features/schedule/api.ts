import type {
  BookingRequest,
  BookingResponse,
  PaymentIntentRequest,
  PaymentIntentResponse,
  PublicSchedule,
} from '@chatdesk/contract/schedule';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api-client';

export const scheduleKeys = {
  all: ['schedule'] as const,
  detail: (username: string) => ['schedule', username] as const,
};

export function scheduleQueryOptions(username: string) {
  return queryOptions({
    queryKey: scheduleKeys.detail(username),
    queryFn: ({ signal }) => api.get<PublicSchedule>(`/schedule/${encodeURIComponent(username)}`, { signal }),
    // Open slots change as other visitors book: never trust a copy for long.
    staleTime: 0,
  });
}

export function useSchedule(username: string) {
  return useQuery(scheduleQueryOptions(username));
}

/** A slot someone else took or holds: the list is refreshed so it disappears. */
export function isSlotConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

export function useCreatePaymentIntent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentIntentRequest) => api.post<PaymentIntentResponse>('/payments/intent', body),
    onError: (error) => {
      if (isSlotConflict(error)) return queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    },
  });
}

export function useBookAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingRequest) => api.post<BookingResponse>('/schedule/book', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
    onError: (error) => {
      if (isSlotConflict(error)) return queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    },
  });
}

export type CardSummary = { brand: string; last4: string; expMonth: number; expYear: number };

/** The local provider's payment, shaped like Stripe's PaymentIntent. */
export type LocalPaymentIntent = {
  id: string;
  status: string;
  amount: number;
  currency: string;
  card: CardSummary | null;
};

export type LocalCard = { number: string; expMonth: number; expYear: number; cvc: string };

/** Local provider only: its stand-in for Stripe.js confirming a card payment. */
export function confirmLocalCard(clientSecret: string, card: LocalCard) {
  return api.post<LocalPaymentIntent>('/payments/local/confirm', { clientSecret, card });
}

/** Local provider only: the cardholder's answer to the bank's security check. */
export function authenticateLocalPayment(clientSecret: string, approve: boolean) {
  return api.post<LocalPaymentIntent>('/payments/local/authenticate', { clientSecret, approve });
}
