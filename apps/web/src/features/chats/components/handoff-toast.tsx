import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserExclamation } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

const toastId = (chatId: string) => `handoff:${chatId}`;

/**
 * The in-app alert that a chat waits for a person. It stays until opened, closed, or the chat
 * stops waiting (`hideHandoffToast`): a receptionist back at the desk still sees it.
 */
export function showHandoffToast(chatId: string, name: string): void {
  const id = toastId(chatId);
  notifications.hide(id);
  notifications.show({
    id,
    color: 'orange',
    icon: <IconUserExclamation size={18} />,
    title: 'Chat needs a person',
    autoClose: false,
    message: (
      <>
        {/* The notification's own description grey is under 4.5:1 on its dark background. */}
        <Text size="sm" component="span" c="var(--mantine-color-text)">
          {name} is waiting for a reply.{' '}
        </Text>
        <Anchor
          component={Link}
          to={paths.chat(chatId)}
          size="sm"
          fw={600}
          onClick={() => notifications.hide(id)}
        >
          Open chat
        </Anchor>
      </>
    ),
  });
}

export function hideHandoffToast(chatId: string): void {
  notifications.hide(toastId(chatId));
}
