import { Group, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight } from '@mantine/spotlight';
import { IconKeyboard, IconSearch } from '@tabler/icons-react';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useChatSearch } from '../features/chats/api';
import { formatPhone } from '../features/chats/chat-format';
import { ChatAvatar } from '../features/chats/components/chat-avatar';
import { fold } from '../lib/fold';
import { paths } from '../lib/paths';

export type PaletteLink = {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
};

/**
 * Ctrl/⌘+K, from anywhere (text fields included): jump to a page, or to a chat found by its
 * contact's name or number through the chat search (typed without accents or not), Enter to open.
 */
export function CommandPalette({
  pages,
  onShowShortcuts,
}: {
  pages: PaletteLink[];
  onShowShortcuts: () => void;
}) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [term] = useDebouncedValue(query.trim(), 250);
  const search = useChatSearch(term);
  const chats = term ? (search.data ?? []) : [];
  const shownPages = pages.filter((page) => fold(page.label).includes(fold(query.trim())));

  // Chats arrive after the query changed, when Spotlight has already selected the first action of
  // what was listed then (maybe nothing): the first result is marked selected, so Enter opens it.
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = listRef.current;
    if (!list || chats.length === 0 || list.querySelector('[data-selected]')) return;
    list.querySelector('[data-action]')?.setAttribute('data-selected', 'true');
  }, [chats]);

  return (
    <Spotlight.Root
      query={query}
      onQueryChange={setQuery}
      shortcut={['mod + K']}
      tagsToIgnore={[]}
      scrollable
      maxHeight={440}
    >
      <Spotlight.Search
        placeholder="Go to a page or find a chat..."
        aria-label="Go to a page or find a chat"
        leftSection={<IconSearch size={18} stroke={1.6} />}
      />
      <Spotlight.ActionsList ref={listRef} aria-label="Results">
        {shownPages.length > 0 ? (
          <Spotlight.ActionsGroup label="Pages">
            {shownPages.map((page) => (
              <Spotlight.Action
                key={page.to}
                label={page.label}
                leftSection={<page.icon size={20} stroke={1.6} />}
                onClick={() => void navigate(page.to)}
              />
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {chats.length > 0 ? (
          <Spotlight.ActionsGroup label="Chats">
            {chats.map((chat) => (
              <Spotlight.Action key={chat.id} onClick={() => void navigate(paths.chat(chat.id))}>
                <Group wrap="nowrap" gap="sm" w="100%">
                  <ChatAvatar chat={chat} size={34} />
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate="end">
                      {chat.name}
                    </Text>
                    {/* Inherits the row's colour, which turns white on the selected row's fill. */}
                    <Text size="xs" c="inherit" truncate="end">
                      {formatPhone(chat.prefix, chat.phone)}
                    </Text>
                  </div>
                </Group>
              </Spotlight.Action>
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {!query.trim() ? (
          <Spotlight.ActionsGroup label="Help">
            <Spotlight.Action
              label="Keyboard shortcuts"
              leftSection={<IconKeyboard size={20} stroke={1.6} />}
              onClick={onShowShortcuts}
            />
          </Spotlight.ActionsGroup>
        ) : null}
        {query.trim() && shownPages.length === 0 && chats.length === 0 ? (
          <Spotlight.Empty>
            {search.isFetching || term !== query.trim() ? 'Searching...' : 'No pages or chats match'}
          </Spotlight.Empty>
        ) : null}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
