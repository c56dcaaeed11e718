import { apiRoutes } from '@chatdesk/contract/api-routes';
import type {
  ClientPack,
  Pack,
  PackForm,
  RefundPackRequest,
  SellPackRequest,
} from '@chatdesk/contract/packs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';
import { clientKeys } from '../clients/api';

export const packKeys = {
  all: ['packs'] as const,
  list: (archived: boolean) => ['packs', 'list', { archived }] as const,
  ofClient: (clientId: string) => ['packs', 'client', clientId] as const,
  ledger: (clientPackId: string) => ['packs', 'ledger', clientPackId] as const,
};

export function packsQueryOptions(archived: boolean) {
  return queryOptions({
    queryKey: packKeys.list(archived),
    queryFn: ({ signal }) =>
      apiCall(apiRoutes.packs.list, { query: { archived: archived ? 'true' : 'false' }, signal }),
  });
}

export function usePacks({ archived = false }: { archived?: boolean } = {}) {
  return useQuery(packsQueryOptions(archived));
}

/** A client's packs with what is left of each; bookings and cancellations change them (realtime). */
export function useClientPacks(clientId: string | null | undefined) {
  return useQuery({
    queryKey: packKeys.ofClient(clientId ?? ''),
    queryFn: ({ signal }) => apiCall(apiRoutes.packs.ofClient, { params: { id: clientId ?? '' }, signal }),
    enabled: Boolean(clientId),
  });
}

/** Every sale, use, return and expiry of one of a client's packs, read when staff open it. */
export function usePackLedger(clientId: string, clientPackId: string, enabled: boolean) {
  return useQuery({
    queryKey: packKeys.ledger(clientPackId),
    queryFn: ({ signal }) =>
      apiCall(apiRoutes.packs.ledger, { params: { id: clientId, clientPackId }, signal }),
    enabled,
  });
}

/** Sessions the client can use now on this service, over all their packs for it. */
export function usableSessions(packs: ClientPack[] | undefined, serviceId: string | null): number {
  if (!packs || !serviceId) return 0;
  return packs
    .filter((pack) => pack.serviceId === serviceId && !pack.expired)
    .reduce((sum, pack) => sum + pack.sessionsLeft, 0);
}

export type SavePackInput = { id?: string | undefined; body: PackForm };

export function useSavePack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SavePackInput) =>
      id === undefined
        ? apiCall(apiRoutes.packs.create, { body })
        : apiCall(apiRoutes.packs.update, { params: { id }, body }),
    // A refusal is shown in the dialog, so no failure toast.
    meta: {
      success: (pack: Pack, input: SavePackInput) =>
        input.id === undefined ? `Pack ${pack.name} created` : `Pack ${pack.name} saved`,
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packKeys.all }),
  });
}

export type PackAction = 'archive' | 'restore';

export function usePackAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: PackAction; id: string }) =>
      apiCall(apiRoutes.packs[action], { params: { id } }),
    meta: {
      success: (pack: Pack, input: { action: PackAction }) =>
        `Pack ${pack.name} ${input.action === 'archive' ? 'archived' : 'restored'}`,
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packKeys.all }),
  });
}

export function useSellPack(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SellPackRequest) => apiCall(apiRoutes.packs.sell, { params: { id: clientId }, body }),
    meta: { success: (pack: ClientPack) => `${pack.name} sold` },
    // The client's packs, and their payments, which list the sale.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: packKeys.ofClient(clientId) }),
        queryClient.invalidateQueries({ queryKey: clientKeys.detail(clientId) }),
      ]),
  });
}

/** Staff refund one of the client's packs: its sessions left end, the amount goes back. */
export function useRefundPack(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientPackId, ...body }: RefundPackRequest & { clientPackId: string }) =>
      apiCall(apiRoutes.packs.refund, { params: { id: clientId, clientPackId }, body }),
    // A refusal is shown in the dialog, so no failure toast.
    meta: { success: (pack: ClientPack) => `${pack.name} refunded` },
    onSuccess: (pack: ClientPack) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: packKeys.ofClient(clientId) }),
        queryClient.invalidateQueries({ queryKey: packKeys.ledger(pack.id) }),
      ]),
  });
}
