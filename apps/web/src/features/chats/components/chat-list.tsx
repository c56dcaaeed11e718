import type { Chat } from '@chatdesk/contract/chats';
import {
  Badge,
  Box,
  CloseButton,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { HighlightMatch } from '../../../components/highlight-match';
import { useDebouncedSearchParam } from '../../../lib/debounced-search-param';
import { formatBadgeCount } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useUnreadChatsCount } from '../api';
import {
  ALL_CHANNELS,
  CHANNEL_FILTER_OPTIONS,
  CHANNEL_PARAM,
  channelFrom,
  filterChats,
  listQuery,
  previewText,
  relativeTimeLabel,
} from '../chat-format';
import classes from '../chats.module.css';
import { ChannelIcon } from './channel-icon';
import { ChatAvatar } from './chat-avatar';

const ROW_HEIGHT = 74;
export const SEARCH_PARAM = 'search';

type ChatListProps = {
  chats: Chat[] | undefined;
  activeChatId?: string;
  /** Shown in place of rows while the list loads or when it failed. */
  status?: React.ReactNode;
  /** Called as the last rows scroll into view, to load the next page. */
  onEndReached?: () => void;
};

export function ChatList({ chats, activeChatId, status, onEndReached }: ChatListProps) {
  // The rows already here are filtered as the box changes; the server is asked once the URL follows.
  const { value: search, setValue: setSearch } = useDebouncedSearchParam(SEARCH_PARAM);
  const deferredSearch = useDeferredValue(search);
  const [searchParams, setSearchParams] = useSearchParams();
  const channel = channelFrom(searchParams);
  const visible = useMemo(
    () => filterChats(chats ?? [], deferredSearch, channel),
    [chats, deferredSearch, channel],
  );
  const chooseChannel = (value: string | null) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (!value || value === ALL_CHANNELS) next.delete(CHANNEL_PARAM);
        else next.set(CHANNEL_PARAM, value);
        return next;
      },
      { replace: true },
    );
  // Every chat's, not the loaded pages': the server counts them (up to the '99+' shown).
  const unreadChats = useUnreadChatsCount().data ?? 0;

  return (
    <>
      <Stack gap="sm" p="md" pb="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz={20}>
            Chats
          </Title>
          {unreadChats > 0 ? (
            <Badge
              variant="light"
              radius="xl"
              aria-label={`${formatBadgeCount(unreadChats)} chats with unread messages`}
              data-testid="unread-chats"
            >
              {formatBadgeCount(unreadChats)} unread
            </Badge>
          ) : null}
        </Group>
        <TextInput
          placeholder="Search contacts..."
          aria-label="Search contacts"
          radius="xl"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          leftSection={<IconSearch size={16} />}
          rightSection={
            search ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearch('')} /> : null
          }
        />
        <Select
          aria-label="Channel"
          size="xs"
          radius="xl"
          data={CHANNEL_FILTER_OPTIONS}
          value={channel ?? ALL_CHANNELS}
          onChange={chooseChannel}
          allowDeselect={false}
          checkIconPosition="right"
          comboboxProps={{ shadow: 'md' }}
          w={170}
        />
      </Stack>
      {status ??
        (visible.length === 0 ? (
          <Text c="dimmed" ta="center" size="sm" py="xl" px="md">
            {search.trim()
              ? 'No chats found matching your search'
              : channel
                ? 'No chats on this channel'
                : 'No chats found'}
          </Text>
        ) : (
          <VirtualChatRows
            chats={visible}
            activeChatId={activeChatId}
            search={search}
            query={listQuery(search, channel)}
            onEndReached={onEndReached}
          />
        ))}
    </>
  );
}

function VirtualChatRows({
  chats,
  activeChatId,
  search,
  query,
  onEndReached,
}: {
  chats: Chat[];
  activeChatId?: string;
  search: string;
  /** The list's search and channel, kept in each chat's address. */
  query: string;
  onEndReached?: () => void;
}) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: chats.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => chats[index]?.id ?? index,
  });
  const lastVisible = virtualizer.getVirtualItems().at(-1)?.index ?? 0;
  useEffect(() => {
    if (lastVisible >= chats.length - 10) onEndReached?.();
  }, [lastVisible, chats.length, onEndReached]);
  const now = new Date();

  return (
    <div ref={scrollerRef} className={classes.listScroller}>
      <ul
        aria-label="Chats"
        style={{
          height: virtualizer.getTotalSize(),
          position: 'relative',
          listStyle: 'none',
          margin: 0,
          padding: 0,
        }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const chat = chats[item.index];
          if (!chat) return null;
          return (
            <li
              key={item.key}
              aria-setsize={chats.length}
              aria-posinset={item.index + 1}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: item.size,
                transform: `translateY(${item.start}px)`,
              }}
            >
              <ChatRow
                chat={chat}
                active={chat.id === activeChatId}
                to={`${paths.chat(chat.id)}${query}`}
                now={now}
                search={search}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

type ChatRowProps = { chat: Chat; active: boolean; to: string; now: Date; search: string };

function ChatRow({ chat, active, to, now, search }: ChatRowProps) {
  const unread = chat.unreadCount > 0;
  return (
    <Link
      to={to}
      className={classes.row}
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
      data-chat-id={chat.id}
    >
      <ChatAvatar chat={chat} />
      <div className={classes.rowBody}>
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Group gap={4} wrap="nowrap" miw={0}>
            <ChannelIcon channel={chat.channel} />
            <Text size="sm" fw={unread ? 700 : 600} truncate="end">
              <HighlightMatch text={chat.name} query={search} />
            </Text>
            <Text
              size="xs"
              c={chat.assignedTo === 'ai' ? 'var(--app-color-accent-text)' : 'dimmed'}
              fw={500}
              style={{ flexShrink: 0 }}
            >
              {chat.assignedTo === 'ai' ? '(AI)' : '(manual)'}
            </Text>
          </Group>
          <Text
            size="xs"
            c={unread ? 'var(--app-color-accent-text)' : 'dimmed'}
            fw={unread ? 600 : 400}
            style={{ flexShrink: 0 }}
          >
            {relativeTimeLabel(chat.lastMessage?.timestamp, now)}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap" justify="space-between" mt={2}>
          <Text
            size="sm"
            c={unread ? 'bright' : 'dimmed'}
            fs={chat.lastMessage ? undefined : 'italic'}
            truncate="end"
          >
            {previewText(chat)}
          </Text>
          {chat.waitingSince ? (
            <Badge
              size="sm"
              variant="light"
              color="orange"
              radius="sm"
              tt="none"
              style={{ flexShrink: 0 }}
              title={`Waiting for a person since ${new Date(chat.waitingSince).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}`}
              data-testid="waiting-label"
            >
              Waiting
            </Badge>
          ) : null}
          {unread ? (
            <Badge
              size="sm"
              radius="xl"
              circle={chat.unreadCount < 10}
              style={{ flexShrink: 0 }}
              aria-label={`${chat.unreadCount} unread`}
              data-testid="unread-badge"
            >
              {chat.unreadCount}
            </Badge>
          ) : null}
        </Group>
      </div>
    </Link>
  );
}

export function ChatListSkeleton() {
  return (
    <Stack gap={0} px="md" aria-hidden>
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Group key={index} gap="sm" h={ROW_HEIGHT} wrap="nowrap">
          <Skeleton circle height={46} />
          <Box flex={1}>
            <Skeleton height={10} width="60%" radius="xl" />
            <Skeleton height={8} mt={10} width="85%" radius="xl" />
          </Box>
        </Group>
      ))}
    </Stack>
  );
}
