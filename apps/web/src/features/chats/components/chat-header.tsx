import type { Chat } from '@chatdesk/contract/chats';
import { ActionIcon, Anchor, Avatar, Badge, Box, Group, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowLeft,
  IconDotsVertical,
  IconEdit,
  IconExternalLink,
  IconRobot,
  IconRobotOff,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { initials } from '../../../lib/format';
import { refusalText } from '../../../lib/mutation-feedback';
import { paths } from '../../../lib/paths';
import { useToggleAi } from '../api';
import { formatPhone } from '../chat-format';
import classes from '../chats.module.css';
import { ChannelIcon } from './channel-icon';

type ChatHeaderProps = {
  chat: Chat & { replyTo?: string | null };
  onEditContact: () => void;
  onDelete: () => void;
};

export function ChatHeader({ chat, onEditContact, onDelete }: ChatHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleAi = useToggleAi();
  const aiOn = chat.assignedTo === 'ai';

  const toggle = () =>
    toggleAi.mutate(chat.id, {
      onSuccess: () => setMenuOpen(false),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Failed to toggle AI response',
          message: refusalText(error, 'Please try again.'),
        }),
    });

  return (
    <header className={classes.conversationHeader}>
      <ActionIcon
        component={Link}
        to={paths.dashboard}
        variant="subtle"
        color="gray"
        hiddenFrom="sm"
        aria-label="Back to chats"
      >
        <IconArrowLeft size={20} />
      </ActionIcon>
      <Avatar src={chat.profilePicture || null} alt={chat.name} radius="xl" size={42} color="brand">
        {initials(chat.name) || '?'}
      </Avatar>
      <Box flex={1} miw={0}>
        <Group gap={8} wrap="nowrap">
          <Text fw={650} truncate="end" data-testid="chat-name">
            {chat.name}
          </Text>
          <Badge
            size="sm"
            variant="light"
            color={aiOn ? 'brand' : 'gray'}
            leftSection={aiOn ? <IconRobot size={12} /> : null}
            style={{ flexShrink: 0 }}
          >
            {aiOn ? 'AI' : 'Manual'}
          </Badge>
        </Group>
        <Group gap={10} wrap="nowrap">
          <Group gap={4} wrap="nowrap" miw={0}>
            <ChannelIcon channel={chat.channel} size={13} />
            <Text size="xs" c="dimmed" truncate="end">
              {chat.channel === 'simulator'
                ? 'Chat simulator'
                : chat.channel === 'web'
                  ? 'Website chat'
                  : formatPhone(chat.prefix, chat.phone)}
            </Text>
          </Group>
          {chat.replyTo ? (
            <Text size="xs" c="dimmed" truncate="end" data-testid="reply-to">
              Reply to: {chat.replyTo}
            </Text>
          ) : null}
          {chat.clientId ? (
            <Anchor component={Link} to={paths.client(chat.clientId)} size="xs" style={{ flexShrink: 0 }}>
              <Group gap={2} wrap="nowrap">
                View client <IconExternalLink size={12} />
              </Group>
            </Anchor>
          ) : null}
        </Group>
      </Box>
      <Menu position="bottom-end" shadow="md" width={220} opened={menuOpen} onChange={setMenuOpen}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label="Chat options">
            <IconDotsVertical size={20} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconEdit size={16} />} onClick={onEditContact}>
            Edit Contact Info
          </Menu.Item>
          <Menu.Item
            leftSection={aiOn ? <IconRobotOff size={16} /> : <IconRobot size={16} />}
            closeMenuOnClick={false}
            disabled={toggleAi.isPending}
            onClick={toggle}
          >
            {toggleAi.isPending ? 'Updating...' : aiOn ? 'Turn off AI Response' : 'Turn on AI Response'}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            // Not color="red": Mantine paints that in red 6, under 4.5:1 in both schemes.
            c="var(--mantine-color-red-text)"
            leftSection={<IconTrash size={16} />}
            onClick={onDelete}
          >
            Delete Chat
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </header>
  );
}
