import { Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { type ReactNode, useDeferredValue } from 'react';
import { useSearchParams } from 'react-router';
import { useChats } from '../api';
import classes from '../chats.module.css';
import { ChatList, ChatListSkeleton, SEARCH_PARAM } from './chat-list';

type ChatLayoutProps = { activeChatId?: string; children: ReactNode };

/** The chat list beside the open conversation; on a phone one of them at a time. */
export function ChatLayout({ activeChatId, children }: ChatLayoutProps) {
  const [searchParams] = useSearchParams();
  const search = useDeferredValue(searchParams.get(SEARCH_PARAM) ?? '');
  const chats = useChats(search);
  const loadMore = () => {
    if (chats.hasNextPage && !chats.isFetchingNextPage) void chats.fetchNextPage();
  };

  const status = chats.isPending ? (
    <ChatListSkeleton />
  ) : chats.isError ? (
    <Stack align="center" gap="xs" py="xl" px="md">
      <Text size="sm" c="red.7" ta="center">
        Failed to load chats. Please try again.
      </Text>
      <Button size="xs" variant="light" onClick={() => void chats.refetch()}>
        Retry
      </Button>
    </Stack>
  ) : undefined;

  return (
    <Paper withBorder radius="lg" className={classes.layout} data-chat-open={activeChatId ? true : undefined}>
      <aside className={classes.sidebar} aria-label="Chat list">
        <ChatList chats={chats.data} activeChatId={activeChatId} status={status} onEndReached={loadMore} />
      </aside>
      <section className={classes.main}>{children}</section>
    </Paper>
  );
}

export function CenteredLoader({ label }: { label: string }) {
  return (
    <Center flex={1} h="100%">
      <Stack align="center" gap="sm" role="status">
        <Loader />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
