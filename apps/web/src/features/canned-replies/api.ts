import { apiRoutes } from '@chatdesk/contract/api-routes';
import type { CannedReply, CannedReplyRequest } from '@chatdesk/contract/canned-replies';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeleteWithUndo } from '../../components/undo-toast';
import { apiCall } from '../../lib/api-client';

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

const NO_REPLIES: CannedReply[] = [];

/** The team's canned replies by name (the server leaves deleted ones out). */
export function useCannedReplies({ enabled = true }: { enabled?: boolean } = {}) {
  const query = useQuery({ ...cannedRepliesQueryOptions, enabled });
  return { ...query, replies: query.data ?? NO_REPLIES };
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
 * Deletes on the server at once (a soft delete, CANNED_REPLY_UNDO_WINDOW_MS to restore it), with
 * Undo in a toast that restores it there (`useDeleteWithUndo`).
 */
export function useDeleteCannedReply() {
  const queryClient = useQueryClient();
  return useDeleteWithUndo({
    remove: (reply: CannedReply) => apiCall(apiRoutes.cannedReplies.remove, { params: { id: reply.id } }),
    restore: (reply: CannedReply) => apiCall(apiRoutes.cannedReplies.restore, { params: { id: reply.id } }),
    hide: async (reply) => {
      // A list fetched before the delete must not put the reply back when it lands.
      await queryClient.cancelQueries({ queryKey: cannedReplyKeys.list });
      queryClient.setQueryData<CannedReply[]>(cannedReplyKeys.list, (list) =>
        list?.filter((other) => other.id !== reply.id),
      );
    },
    refetch: () => queryClient.invalidateQueries({ queryKey: cannedReplyKeys.list }),
    message: (reply) => `Canned reply /${reply.name} deleted`,
    failures: { remove: 'Failed to delete canned reply', restore: 'Failed to restore the canned reply' },
  });
}
