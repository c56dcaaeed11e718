import { apiRoutes } from '@chatdesk/contract/api-routes';
import type { LoginRequest } from '@chatdesk/contract/auth';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiCall, clearToken, getToken } from '../../lib/api-client';

export const authKeys = {
  all: ['auth'] as const,
  session: ['auth', 'session'] as const,
  config: ['auth', 'config'] as const,
};

export const loginConfigQueryOptions = queryOptions({
  queryKey: authKeys.config,
  queryFn: ({ signal }) => apiCall(apiRoutes.auth.config, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export const sessionQueryOptions = queryOptions({
  queryKey: authKeys.session,
  queryFn: ({ signal }) => apiCall(apiRoutes.auth.verify, { signal }),
  retry: false,
  staleTime: 60_000,
});

export function useLoginConfig() {
  return useQuery(loginConfigQueryOptions);
}

/** The signed-in user; only meaningful below the route guard, which waits for it. */
export function useSession() {
  return useQuery({ ...sessionQueryOptions, enabled: getToken() !== null });
}

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginRequest) =>
      apiCall(apiRoutes.auth.login, { body, skipUnauthorizedRedirect: true }),
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: () => apiCall(apiRoutes.auth.logout, { skipUnauthorizedRedirect: true }),
    // The session ends on this device even when the server cannot be reached.
    onSettled: () => clearToken(),
  });
}
