import { Box, Button, Stack } from '@mantine/core';
import { IconBellOff, IconChecks } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { LoadMore } from '../../components/load-more';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import {
  useDeleteNotification,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useMarkNotificationSolved,
  useNotifications,
  useUnreadCount,
} from './api';
import {
  type FilterValues,
  filterValuesFrom,
  NotificationFiltersBar,
  toApiFilters,
} from './components/notification-filters';
import { NotificationItem } from './components/notification-item';

export function NotificationsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filterValues = filterValuesFrom(searchParams);
  const notifications = useNotifications(toApiFilters(filterValues));

  const markRead = useMarkNotificationRead();
  const markSolved = useMarkNotificationSolved();
  const remove = useDeleteNotification();
  const markAllRead = useMarkAllNotificationsRead();
  const unread = useUnreadCount();

  const changeFilter = (key: keyof FilterValues, value: string) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'all') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  };

  const pendingId = [markRead, markSolved].find((m) => m.isPending)?.variables;

  return (
    <Box maw={1100}>
      <PageHeader
        title="Notifications"
        description="Updates that need your attention: hand-overs, bookings, payments and subscriptions."
        actions={
          <Button
            variant="light"
            leftSection={<IconChecks size={18} />}
            loading={markAllRead.isPending}
            // Nothing unread: nothing to mark (the count is the badge's, kept live by events).
            disabled={unread.data === 0}
            onClick={() => markAllRead.mutate()}
          >
            Mark All as Read
          </Button>
        }
      />

      <Stack gap="lg">
        <NotificationFiltersBar values={filterValues} onChange={changeFilter} />

        <QueryState
          query={notifications}
          loadingLabel="Loading notifications"
          errorTitle="Failed to load notifications"
        >
          {(data) =>
            data.length === 0 ? (
              <EmptyState
                icon={<IconBellOff size={28} />}
                title="No notifications"
                description="You don't have any notifications at the moment."
              />
            ) : (
              <Stack gap={0}>
                <Stack component="ul" gap="sm" p={0} m={0} aria-label="Notifications">
                  {data.map((notification) => (
                    <NotificationItem
                      key={notification.id}
                      notification={notification}
                      busy={pendingId === notification.id}
                      onMarkRead={(id) => markRead.mutate(id)}
                      onMarkSolved={(id) => markSolved.mutate(id)}
                      onDelete={remove}
                    />
                  ))}
                </Stack>
                <LoadMore
                  hasNextPage={notifications.hasNextPage}
                  isFetchingNextPage={notifications.isFetchingNextPage}
                  fetchNextPage={notifications.fetchNextPage}
                />
              </Stack>
            )
          }
        </QueryState>
      </Stack>
    </Box>
  );
}
