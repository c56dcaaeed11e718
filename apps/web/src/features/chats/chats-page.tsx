import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconMessageCircle, IconMessages } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/empty-state';
import { useChatEvents, useChats } from './api';
import classes from './chats.module.css';
import { CenteredLoader, ChatLayout } from './components/chat-layout';

export function ChatsPage() {
  const chats = useChats();
  useChatEvents();

  if (chats.isPending) {
    return (
      <StatePanel>
        <CenteredLoader label="Loading chats..." />
      </StatePanel>
    );
  }
  if (chats.isError) {
    return (
      <StatePanel>
        <EmptyState
          icon={<IconAlertCircle size={28} />}
          title="Failed to load chats. Please try again."
          action={
            <Button mt="sm" variant="light" onClick={() => void chats.refetch()}>
              Retry
            </Button>
          }
        />
      </StatePanel>
    );
  }
  if (!chats.data?.length) {
    return (
      <StatePanel>
        <EmptyState
          icon={<IconMessages size={28} />}
          title="No chats available yet"
          description="Conversations appear here as soon as a customer writes on WhatsApp or in the chat simulator."
        />
      </StatePanel>
    );
  }

  return (
    <ChatLayout>
      <Stack flex={1} align="center" justify="center" gap="sm" p="xl" className={classes.messages}>
        <ThemeIcon size={72} radius="xl" variant="light">
          <IconMessageCircle size={38} stroke={1.6} />
        </ThemeIcon>
        <Title order={3} fz={20} ta="center">
          Select a chat to start messaging
        </Title>
        <Text c="dimmed" size="sm" ta="center" maw={360}>
          Pick a conversation from the list to read it, reply, or hand it to the AI assistant.
        </Text>
      </Stack>
    </ChatLayout>
  );
}

function StatePanel({ children }: { children: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="lg"
      className={classes.layout}
      style={{ alignItems: 'center', justifyContent: 'center' }}
    >
      {children}
    </Paper>
  );
}
