import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserExclamation } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** Long enough to notice on looking up; hovering it keeps it. */
const HANDOFF_TOAST_MS = 20_000;

const toastId = (chatId: string) => `handoff:${chatId}`;

/**
 * The in-app alert that a chat waits for a person. It goes after a while (it sits over the top of
 * the page; the title, the badges and the list's label keep saying it), or sooner when the chat is
 * opened or stops waiting (`hideHandoffToast`).
 */
export function showHandoffToast(chatId: string, name: string): void {
  const id = toastId(chatId);
  notifications.hide(id);
  notifications.show({
    id,
    color: 'orange',
    icon: <IconUserExclamation size={18} />,
    title: 'Chat needs a person',
    autoClose: HANDOFF_TOAST_MS,
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
