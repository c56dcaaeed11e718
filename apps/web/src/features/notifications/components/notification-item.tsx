import type { Notification } from '@chatdesk/contract/notifications';
import { Anchor, Badge, Button, Flex, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { NOTIFICATION_TYPE_STYLE } from '../notification-style';

type NotificationItemProps = {
  notification: Notification;
  onMarkRead: (id: string) => void;
  onMarkSolved: (id: string) => void;
  onDelete: (id: string) => void;
  busy: boolean;
};

export function NotificationItem({
  notification,
  onMarkRead,
  onMarkSolved,
  onDelete,
  busy,
}: NotificationItemProps) {
  const style = NOTIFICATION_TYPE_STYLE[notification.type];
  const unread = !notification.isRead;

  return (
    <Paper
      component="li"
      withBorder
      p="md"
      aria-label={notification.title}
      data-unread={unread || undefined}
      data-notification-id={notification.id}
      style={{
        listStyle: 'none',
        background: unread ? 'var(--app-color-accent-soft)' : 'var(--app-color-surface)',
        borderColor: unread ? 'var(--app-color-accent-soft-hover)' : undefined,
        borderLeft: unread ? '4px solid var(--mantine-color-brand-6)' : undefined,
      }}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon variant="light" color={style.color} size={38} radius="xl" visibleFrom="xs">
          <style.Icon size={20} />
        </ThemeIcon>
        <Flex
          direction={{ base: 'column', sm: 'row' }}
          gap={{ base: 'sm', sm: 'md' }}
          align={{ base: 'stretch', sm: 'flex-start' }}
          style={{ flex: 1, minWidth: 0 }}
        >
          <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
            <Group gap={8} wrap="wrap">
              {notification.link ? (
                <Anchor component={Link} to={notification.link} fw={600} c="bright" underline="hover">
                  {notification.title}
                </Anchor>
              ) : (
                <Text fw={600} c="bright">
                  {notification.title}
                </Text>
              )}
              <Badge color={style.color} variant="light">
                {style.label}
              </Badge>
              {unread ? <Badge variant="filled">New</Badge> : null}
              {notification.isSolved ? (
                <Badge color="teal" variant="outline">
                  Solved
                </Badge>
              ) : null}
            </Group>
            <Text
              size="sm"
              c="var(--app-color-text-secondary)"
              style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            >
              {notification.message}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(notification.createdAt)}
            </Text>
          </Stack>
          <Actions {...{ notification, onMarkRead, onMarkSolved, onDelete, busy }} />
        </Flex>
      </Group>
    </Paper>
  );
}

function Actions({ notification, onMarkRead, onMarkSolved, onDelete, busy }: NotificationItemProps) {
  return (
    <Group gap={6} wrap="wrap" style={{ flexShrink: 0 }}>
      {!notification.isRead ? (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconCheck size={14} />}
          disabled={busy}
          onClick={() => onMarkRead(notification.id)}
        >
          Mark as Read
        </Button>
      ) : null}
      {!notification.isSolved ? (
        <Button
          size="xs"
          variant="light"
          color="teal"
          leftSection={<IconCircleCheck size={14} />}
          disabled={busy}
          onClick={() => onMarkSolved(notification.id)}
        >
          Mark as Solved
        </Button>
      ) : null}
      <Button
        size="xs"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} />}
        disabled={busy}
        onClick={() => onDelete(notification.id)}
      >
        Delete
      </Button>
    </Group>
  );
}
