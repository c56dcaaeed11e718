import type { Chat } from '@chatdesk/contract/chats';
import { Avatar } from '@mantine/core';
import { IconRobot, IconUser } from '@tabler/icons-react';

type ChatAvatarProps = { chat: Pick<Chat, 'name' | 'assignedTo' | 'profilePicture'>; size?: number };

/** The assistant's icon while it has the chat, else the contact's picture, else a generic person. */
export function ChatAvatar({ chat, size = 46 }: ChatAvatarProps) {
  if (chat.assignedTo === 'ai') {
    return (
      <Avatar size={size} radius="xl" color="brand" variant="light" aria-label="AI assistant">
        <IconRobot size={size * 0.5} stroke={1.7} />
      </Avatar>
    );
  }
  return (
    <Avatar size={size} radius="xl" color="gray" src={chat.profilePicture || null} alt={chat.name}>
      <IconUser size={size * 0.5} stroke={1.7} />
    </Avatar>
  );
}
