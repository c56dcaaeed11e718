import { apiRoutes } from '@chatdesk/contract/api-routes';
import type { Paged } from '@chatdesk/contract/common';
import { NOTIFICATION_BADGE_REFRESH_MS } from '@chatdesk/contract/constants';
import type { Notification, NotificationType } from '@chatdesk/contract/notifications';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useDeleteWithUndo } from '../../components/undo-toast';
import { apiCall } from '../../lib/api-client';
import { cursorPaging, itemsOf, mapPages } from '../../lib/pages';

export type NotificationFilters = {
  isRead?: boolean;
  isSolved?: boolean;
  type?: NotificationType;
};

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: ['notifications', 'list'] as const,
  list: (filters: NotificationFilters) => ['notifications', 'list', filters] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
};

/** The list in pages as it scrolls; a new filter starts again from the first page. */
export function notificationsQueryOptions(filters: NotificationFilters) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(filters),
    queryFn: ({ signal, pageParam }) =>
      apiCall(apiRoutes.notifications.list, { query: { ...filters, cursor: pageParam }, signal }),
    ...cursorPaging,
  });
}

export const unreadCountQueryOptions = queryOptions({
  queryKey: notificationKeys.unreadCount,
  queryFn: ({ signal }) => apiCall(apiRoutes.notifications.unreadCount, { signal }),
  refetchInterval: NOTIFICATION_BADGE_REFRESH_MS,
  staleTime: 0,
  select: (data) => data.count,
});

export function useNotifications(filters: NotificationFilters) {
  const query = useInfiniteQuery(notificationsQueryOptions(filters));
  return { ...query, data: itemsOf(query.data) };
}

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions);
}

/** Applies a change the server accepted to every loaded page of every cached list, then refreshes the badge. */
function applyLocally(
  queryClient: QueryClient,
  update: (list: Notification[]) => Notification[],
): Promise<void> {
  queryClient.setQueriesData<InfiniteData<Paged<Notification>>>(
    { queryKey: notificationKeys.lists },
    (data) => mapPages(data, update),
  );
  return queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount });
}

function logFailure(action: string) {
  return (error: unknown) => console.error(`Failed to ${action}`, error);
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(apiRoutes.notifications.markRead, { params: { id } }),
    meta: { success: 'Marked as read', failure: 'Failed to mark the notification as read' },
    onSuccess: (_data, id) =>
      applyLocally(queryClient, (list) => list.map((n) => (n.id === id ? { ...n, isRead: true } : n))),
    onError: logFailure('mark notification as read'),
  });
}

export function useMarkNotificationSolved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(apiRoutes.notifications.markSolved, { params: { id } }),
    meta: { success: 'Marked as solved', failure: 'Failed to mark the notification as solved' },
    onSuccess: (_data, id) =>
      applyLocally(queryClient, (list) => list.map((n) => (n.id === id ? { ...n, isSolved: true } : n))),
    onError: logFailure('mark notification as solved'),
  });
}

/** Reloads every list and the badge from the server (after a refused delete, or a restore). */
function refetchAll(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

/**
 * Deletes on the server at once (a soft delete, NOTIFICATION_UNDO_WINDOW_MS to restore it), with
 * Undo in a toast that restores it there (`useDeleteWithUndo`).
 */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useDeleteWithUndo({
    remove: (id: string) => apiCall(apiRoutes.notifications.remove, { params: { id } }),
    restore: (id: string) => apiCall(apiRoutes.notifications.restore, { params: { id } }),
    hide: async (id) => {
      // A list fetched before the delete must not put the row back when it lands.
      await queryClient.cancelQueries({ queryKey: notificationKeys.lists });
      queryClient.setQueriesData<InfiniteData<Paged<Notification>>>(
        { queryKey: notificationKeys.lists },
        (data) => mapPages(data, (list) => list.filter((n) => n.id !== id)),
      );
    },
    refetch: () => refetchAll(queryClient),
    onDeleted: () => queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount }),
    message: () => 'Notification deleted',
    failures: { remove: 'Failed to delete notification', restore: 'Failed to restore the notification' },
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(apiRoutes.notifications.markAllRead),
    meta: { success: 'All notifications marked as read', failure: 'Failed to mark all as read' },
    onSuccess: () => applyLocally(queryClient, (list) => list.map((n) => ({ ...n, isRead: true }))),
    onError: logFailure('mark all notifications as read'),
  });
}
