import type { Chat } from '@chatdesk/contract/chats';
import { Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { type ReactNode, useDeferredValue } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { useChats } from '../api';
import { channelFrom, filterChats, listQuery } from '../chat-format';
import { adjacentChatId, FOCUS_COMPOSER } from '../chat-navigation';
import classes from '../chats.module.css';
import { ChatList, ChatListSkeleton, SEARCH_PARAM } from './chat-list';

type ChatLayoutProps = { activeChatId?: string; children: ReactNode };

/** The chat list beside the open conversation; on a phone one of them at a time. */
export function ChatLayout({ activeChatId, children }: ChatLayoutProps) {
  const [searchParams] = useSearchParams();
  const search = useDeferredValue(searchParams.get(SEARCH_PARAM) ?? '');
  const channel = channelFrom(searchParams);
  const chats = useChats(search, channel);
  const loadMore = () => {
    if (chats.hasNextPage && !chats.isFetchingNextPage) void chats.fetchNextPage();
  };
  useAdjacentChatKeys(chats.data, activeChatId);

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

/**
 * Alt+↑/↓ opens the previous or next chat of the list as shown, also while typing a reply; the new
 * chat's message box takes the focus, so the keyboard stays where the reply is written.
 */
function useAdjacentChatKeys(chats: Chat[] | undefined, activeChatId?: string) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const search = searchParams.get(SEARCH_PARAM) ?? '';
  const channel = channelFrom(searchParams);
  const go = (step: 1 | -1) => {
    const ids = filterChats(chats ?? [], search, channel).map((chat) => chat.id);
    const next = adjacentChatId(ids, activeChatId, step);
    if (!next) return;
    const query = listQuery(search, channel);
    // The address changes at once but the conversation a moment later (the router renders it in a
    // transition): keys typed meanwhile must not land in the draft of the chat being left.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    void navigate(`${paths.chat(next)}${query}`, { state: FOCUS_COMPOSER });
  };
  useHotkeys(
    [
      ['alt+ArrowDown', () => go(1)],
      ['alt+ArrowUp', () => go(-1)],
    ],
    [],
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
