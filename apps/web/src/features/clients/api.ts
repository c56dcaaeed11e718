import { apiRoutes } from '@chatdesk/contract/api-routes';
import type { CLIENT_STATUSES, ClientForm, CreatePaymentRequest } from '@chatdesk/contract/clients';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';

export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export type ClientFilters = { search?: string; status?: ClientStatus };

export const clientKeys = {
  all: ['clients'] as const,
  lists: ['clients', 'list'] as const,
  list: (filters: ClientFilters) => ['clients', 'list', filters] as const,
  details: ['clients', 'detail'] as const,
  detail: (id: string) => ['clients', 'detail', id] as const,
};

export function clientsQueryOptions(filters: ClientFilters) {
  return queryOptions({
    queryKey: clientKeys.list(filters),
    queryFn: ({ signal }) => apiCall(apiRoutes.clients.list, { query: filters, signal }),
    // The table keeps its rows while a new search loads, so it does not flash empty.
    placeholderData: keepPreviousData,
  });
}

export function clientQueryOptions(id: string) {
  return queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => apiCall(apiRoutes.clients.get, { params: { id }, signal }),
  });
}

export function useClients(filters: ClientFilters = {}) {
  return useQuery(clientsQueryOptions(filters));
}

export function useClient(id: string | undefined) {
  return useQuery({ ...clientQueryOptions(id ?? ''), enabled: Boolean(id) });
}

export type SaveClientInput = { id?: string; body: ClientForm };

export function useSaveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveClientInput) =>
      id
        ? apiCall(apiRoutes.clients.update, { params: { id }, body })
        : apiCall(apiRoutes.clients.create, { body }),
    onSuccess: (client) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.detail(client.id) }),
        queryClient.invalidateQueries({ queryKey: clientKeys.lists }),
        // Subscriptions show the client's name and email.
        queryClient.invalidateQueries({ queryKey: ['subscriptions', 'list'] }),
      ]),
  });
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(apiRoutes.clients.remove, { params: { id } }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: clientKeys.detail(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.lists }),
        queryClient.invalidateQueries({ queryKey: ['subscriptions'] }),
      ]);
    },
    onError: (error) => console.error('Failed to delete client', error),
  });
}

export function useCreatePayment(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePaymentRequest) =>
      apiCall(apiRoutes.clients.recordPayment, { params: { id: clientId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.detail(clientId) }),
  });
}
