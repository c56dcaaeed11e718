import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isClientError } from '../lib/api-client';
import { announceFailure, announceSuccess } from '../lib/mutation-feedback';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Every mutation's toast comes from its `meta` (lib/mutation-feedback.ts), in this one place.
    mutationCache: new MutationCache({
      onSuccess: (data, variables, _context, mutation) => announceSuccess(mutation.meta, data, variables),
      onError: (error, _variables, _context, mutation) => announceFailure(mutation.meta, error),
    }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        // A 4xx will not change by asking again; network blips and 5xx get two more tries.
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
