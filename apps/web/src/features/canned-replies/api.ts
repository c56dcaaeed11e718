import { apiRoutes } from '@chatdesk/contract/api-routes';
import type { CannedReply, CannedReplyRequest } from '@chatdesk/contract/canned-replies';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { showUndoToast } from '../../components/undo-toast';
import { apiCall } from '../../lib/api-client';
import { deferredDeletions } from '../../lib/deferred-deletions';
import { announceFailure } from '../../lib/mutation-feedback';

export const cannedReplyKeys = {
  list: ['canned-replies'] as const,
  variables: (chatId: string) => ['canned-reply-variables', chatId] as const,
};

export const cannedRepliesQueryOptions = queryOptions({
  queryKey: cannedReplyKeys.list,
  queryFn: ({ signal }) => apiCall(apiRoutes.cannedReplies.list, { signal }),
  // Changed in Settings, rarely: the composer need not ask again on every chat it opens.
  staleTime: 60_000,
});

/**
 * What the variables of a canned reply read in one chat (the customer's name, next appointment,
 * professional, booking page). Asked for once a slash is typed and again at insertion when older
 * than a few seconds, so a reply inserted right after a booking changed says the new time.
 */
export function cannedReplyVariablesQueryOptions(chatId: string) {
  return queryOptions({
    queryKey: cannedReplyKeys.variables(chatId),
    queryFn: ({ signal }) => apiCall(apiRoutes.cannedReplies.variables, { params: { id: chatId }, signal }),
    staleTime: 5_000,
  });
}

const deletionKey = (id: string) => `canned-reply:${id}`;

/** The team's canned replies by name, without those deleted in the last few seconds (still undoable). */
export function useCannedReplies({ enabled = true }: { enabled?: boolean } = {}) {
  const query = useQuery({ ...cannedRepliesQueryOptions, enabled });
  const hidden = useSyncExternalStore(deferredDeletions.subscribe, deferredDeletions.hidden);
  const replies = useMemo(
    () => (query.data ?? []).filter((reply) => !hidden.has(deletionKey(reply.id))),
    [query.data, hidden],
  );
  return { ...query, replies };
}

export function useCreateCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CannedReplyRequest) => apiCall(apiRoutes.cannedReplies.create, { body }),
    // A refusal (a name already used, a text too long) is shown beside the field, so no failure toast.
    meta: { success: (reply: CannedReply) => `Canned reply /${reply.name} added` },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cannedReplyKeys.list }),
  });
}

export function useUpdateCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CannedReplyRequest }) =>
      apiCall(apiRoutes.cannedReplies.update, { params: { id }, body }),
    meta: { success: (reply: CannedReply) => `Canned reply /${reply.name} saved` },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cannedReplyKeys.list }),
  });
}

/**
 * Deletes at once on screen, with Undo for a few seconds; the server, which removes a reply for good,
 * is told only when the window ends (or as the tab closes).
 */
export function useDeleteCannedReply() {
  const queryClient = useQueryClient();
  return (reply: CannedReply) => {
    const key = deletionKey(reply.id);
    let hideToast = () => {};
    deferredDeletions.schedule(key, ({ keepalive }) => {
      hideToast();
      return apiCall(apiRoutes.cannedReplies.remove, { params: { id: reply.id }, keepalive }).then(
        () => queryClient.invalidateQueries({ queryKey: cannedReplyKeys.list }),
        (error: unknown) => {
          console.error('Failed to delete canned reply', error);
          announceFailure({ failure: 'Failed to delete canned reply' }, error);
        },
      );
    });
    hideToast = showUndoToast({
      message: `Canned reply /${reply.name} deleted`,
      onUndo: () => deferredDeletions.undo(key),
    });
  };
}
