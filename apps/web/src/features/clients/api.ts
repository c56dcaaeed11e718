import { apiRoutes } from '@chatdesk/contract/api-routes';
import type { CLIENT_STATUSES, ClientForm, CreatePaymentRequest } from '@chatdesk/contract/clients';
import type { EraseClientResult } from '@chatdesk/contract/privacy';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiCall, apiDownload } from '../../lib/api-client';
import { cursorPaging, itemsOf } from '../../lib/pages';

export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export type ClientFilters = { search?: string; status?: ClientStatus };

export const clientKeys = {
  all: ['clients'] as const,
  lists: ['clients', 'list'] as const,
  list: (filters: ClientFilters) => ['clients', 'list', filters] as const,
  options: (search: string) => ['clients', 'list', 'options', search] as const,
  details: ['clients', 'detail'] as const,
  detail: (id: string) => ['clients', 'detail', id] as const,
};

export const privacyKeys = {
  all: ['privacy-requests'] as const,
  list: (clientId?: string) => ['privacy-requests', clientId ?? 'all'] as const,
};

/** The list in pages as it scrolls; a new search or status starts again from the first page. */
export function clientsQueryOptions(filters: ClientFilters) {
  return infiniteQueryOptions({
    queryKey: clientKeys.list(filters),
    queryFn: ({ signal, pageParam }) =>
      apiCall(apiRoutes.clients.list, { query: { ...filters, cursor: pageParam }, signal }),
    ...cursorPaging,
    // The table keeps its rows while a new search loads, so it does not flash empty.
    placeholderData: keepPreviousData,
  });
}

/** How many clients a picker offers for what was typed: a search narrows 50,000 to a few. */
const CLIENT_OPTIONS_LIMIT = 20;

export function clientOptionsQueryOptions(search: string) {
  return queryOptions({
    queryKey: clientKeys.options(search),
    queryFn: ({ signal }) =>
      apiCall(apiRoutes.clients.list, { query: { search, limit: CLIENT_OPTIONS_LIMIT }, signal }),
    select: (page) => page.items,
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
  const query = useInfiniteQuery(clientsQueryOptions(filters));
  return { ...query, data: itemsOf(query.data) };
}

/** The first clients that match `search`, for a search-as-you-type picker. */
export function useClientOptions(search: string) {
  return useQuery(clientOptionsQueryOptions(search));
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
    meta: {
      success: (_client: unknown, { id }: SaveClientInput) => (id ? 'Client saved' : 'Client created'),
    },
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
    meta: { success: 'Client deleted' },
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
    meta: { success: 'Payment recorded' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.detail(clientId) }),
  });
}

export type ExportFormat = 'json' | 'html';

/** Downloads everything held about the client (GDPR art. 15), as JSON or as a readable page; the server logs it. */
export function useExportClient(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (format: ExportFormat) =>
      apiDownload(`/clients/${encodeURIComponent(clientId)}/export${format === 'html' ? '/html' : ''}`, {}),
    meta: {
      success: (_data: unknown, format: ExportFormat) =>
        format === 'html' ? 'Readable copy downloaded' : 'Data downloaded as JSON',
      failure: 'Export failed',
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyKeys.all }),
  });
}

/** Erases the client (GDPR art. 17): `confirm` is their name as staff typed it. */
export function useEraseClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirm }: { id: string; confirm: string }) =>
      apiCall(apiRoutes.privacy.eraseClient, { params: { id }, body: { confirm } }),
    meta: {
      success: (result: EraseClientResult) =>
        `Client erased. Their payments are kept under ${result.anonymousId}.`,
    },
    onSuccess: (_result, { id }) => {
      queryClient.removeQueries({ queryKey: clientKeys.detail(id) });
      // Their name leaves chats, appointments, subscriptions and notifications too.
      return Promise.all(
        [
          clientKeys.lists,
          privacyKeys.all,
          ['subscriptions'],
          ['appointments'],
          ['chats'],
          ['notifications'],
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}

/** The log of exports and erasures, newest first, in pages. */
export function usePrivacyRequests(clientId?: string) {
  const query = useInfiniteQuery({
    queryKey: privacyKeys.list(clientId),
    queryFn: ({ signal, pageParam }) =>
      apiCall(apiRoutes.privacy.requests, {
        query: { cursor: pageParam, ...(clientId ? { clientId } : {}) },
        signal,
      }),
    ...cursorPaging,
  });
  return { ...query, data: itemsOf(query.data) };
}
