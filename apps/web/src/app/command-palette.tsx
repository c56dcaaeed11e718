import { Group, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight } from '@mantine/spotlight';
import { IconAddressBook, IconCalendarEvent, IconId, IconKeyboard, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { appointmentSearchQueryOptions } from '../features/appointments/api';
import { formatShortDate, formatTime } from '../features/appointments/appointment-format';
import { dayInQuery } from '../features/appointments/day-in-query';
import { useChatSearch } from '../features/chats/api';
import { formatPhone } from '../features/chats/chat-format';
import { ChatAvatar } from '../features/chats/components/chat-avatar';
import { clientOptionsQueryOptions } from '../features/clients/api';
import { employeesQueryOptions } from '../features/employees/api';
import { fold } from '../lib/fold';
import { paths } from '../lib/paths';

export type PaletteLink = {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
};

/** How many of each kind the palette lists: enough to pick from, never a whole list. */
const PER_KIND = 5;

/** The viewer's calendar day, yyyy-MM-dd: "today" and "friday" are the receptionist's. */
function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Ctrl/⌘+K, from anywhere (text fields included): jump to a page, or to a chat, a client, an
 * upcoming appointment or an employee found by the server's search (by name or number, typed
 * without accents or not; appointments also by a day such as "Dec 3" or "tomorrow"), Enter to open.
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
  // Where a result leads; the next Ctrl+K starts from an empty box.
  const go = (to: string) => {
    setQuery('');
    void navigate(to);
  };
  const [term] = useDebouncedValue(query.trim(), 250);
  const search = useChatSearch(term);
  const chats = term ? (search.data ?? []).slice(0, PER_KIND * 2) : [];
  const clientSearch = useQuery({ ...clientOptionsQueryOptions(term), enabled: Boolean(term) });
  const clients = term ? (clientSearch.data ?? []).slice(0, PER_KIND) : [];
  const employeeSearch = useInfiniteQuery({ ...employeesQueryOptions(term), enabled: Boolean(term) });
  const employees = term ? (employeeSearch.data?.pages[0]?.items ?? []).slice(0, PER_KIND) : [];
  // A day typed ("Lucía dec 3", "tomorrow") picks that day; the rest of the query is the name.
  const day = term ? dayInQuery(term, localToday()) : null;
  const appointmentSearch = useQuery({
    ...appointmentSearchQueryOptions(
      day ? { search: day.rest, date: day.date } : { search: term, date: null },
    ),
    enabled: Boolean(term),
  });
  const appointments = term ? (appointmentSearch.data ?? []).slice(0, PER_KIND) : [];
  const searching =
    search.isFetching || clientSearch.isFetching || employeeSearch.isFetching || appointmentSearch.isFetching;
  const found = chats.length + clients.length + appointments.length + employees.length;
  const shownPages = pages.filter((page) => fold(page.label).includes(fold(query.trim())));

  // Chats arrive after the query changed, when Spotlight has already selected the first action of
  // what was listed then (maybe nothing): the first result is marked selected, so Enter opens it.
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = listRef.current;
    if (!list || found === 0 || list.querySelector('[data-selected]')) return;
    list.querySelector('[data-action]')?.setAttribute('data-selected', 'true');
  }, [found]);

  // Enter pressed before the results of what was typed are in (the search waits for a pause in
  // typing, then for the server) would open the first row of an earlier, shorter query: a
  // receptionist typing "Dec 3 Marta" and Enter opened another appointment of Dec 3. It is held
  // until the results for the whole query are listed, then opens the selected row.
  const pending = term !== query.trim() || searching;
  const [enterHeld, setEnterHeld] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: typing again lets go of a held Enter.
  useEffect(() => setEnterHeld(false), [query]);
  useEffect(() => {
    if (!enterHeld || pending) return;
    setEnterHeld(false);
    const list = listRef.current;
    const row =
      list?.querySelector<HTMLElement>('[data-selected]') ??
      list?.querySelector<HTMLElement>('[data-action]');
    row?.click();
  }, [enterHeld, pending]);

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
        onKeyDownCapture={(event) => {
          if (event.key !== 'Enter' || !pending || event.nativeEvent.isComposing) return;
          // Before Spotlight's own handler on this input runs: it would open what is listed now.
          event.preventDefault();
          event.stopPropagation();
          setEnterHeld(true);
        }}
        placeholder="Go to a page or find a chat, client, appointment or employee..."
        aria-label="Go to a page or find a chat, client, appointment or employee"
        leftSection={<IconSearch size={18} stroke={1.6} />}
      />
      <Spotlight.ActionsList ref={listRef} aria-label="Results">
        {/* Each group is named for assistive technology too: Spotlight draws its label in CSS only. */}
        {shownPages.length > 0 ? (
          <Spotlight.ActionsGroup label="Pages" role="group" aria-label="Pages">
            {shownPages.map((page) => (
              <Spotlight.Action
                key={page.to}
                label={page.label}
                leftSection={<page.icon size={20} stroke={1.6} />}
                onClick={() => go(page.to)}
              />
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {chats.length > 0 ? (
          <Spotlight.ActionsGroup label="Chats" role="group" aria-label="Chats">
            {chats.map((chat) => (
              <Spotlight.Action key={chat.id} onClick={() => go(paths.chat(chat.id))}>
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
        {clients.length > 0 ? (
          <Spotlight.ActionsGroup label="Clients" role="group" aria-label="Clients">
            {clients.map((client) => (
              <Spotlight.Action key={client.id} onClick={() => go(paths.client(client.id))}>
                <ResultRow
                  icon={IconAddressBook}
                  title={client.name}
                  detail={client.phone || client.email || ''}
                />
              </Spotlight.Action>
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {appointments.length > 0 ? (
          <Spotlight.ActionsGroup label="Appointments" role="group" aria-label="Appointments">
            {appointments.map((appointment) => (
              <Spotlight.Action key={appointment.id} onClick={() => go(paths.appointment(appointment.id))}>
                <ResultRow
                  icon={IconCalendarEvent}
                  title={`${appointment.client.name} with ${appointment.employee.name}`}
                  detail={`${formatShortDate(appointment.date)}, ${formatTime(appointment.startTime)}`}
                />
              </Spotlight.Action>
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {employees.length > 0 ? (
          <Spotlight.ActionsGroup label="Employees" role="group" aria-label="Employees">
            {employees.map((employee) => (
              <Spotlight.Action key={employee.id} onClick={() => go(paths.employee(employee.id))}>
                <ResultRow icon={IconId} title={employee.name} detail={employee.title ?? employee.username} />
              </Spotlight.Action>
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {!query.trim() ? (
          <Spotlight.ActionsGroup label="Help" role="group" aria-label="Help">
            <Spotlight.Action
              label="Keyboard shortcuts"
              leftSection={<IconKeyboard size={20} stroke={1.6} />}
              onClick={onShowShortcuts}
            />
          </Spotlight.ActionsGroup>
        ) : null}
        {query.trim() && shownPages.length === 0 && found === 0 ? (
          <Spotlight.Empty>
            {searching || term !== query.trim() ? 'Searching...' : 'Nothing matches'}
          </Spotlight.Empty>
        ) : null}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}

/** A client, appointment or employee found: its name, and a detail in the row's own colour (white when selected). */
function ResultRow({
  icon: Icon,
  title,
  detail,
}: {
  icon: ComponentType<{ size?: number; stroke?: number }>;
  title: string;
  detail: string;
}) {
  return (
    <Group wrap="nowrap" gap="sm" w="100%">
      <Icon size={20} stroke={1.6} />
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate="end">
          {title}
        </Text>
        {detail ? (
          <Text size="xs" c="inherit" truncate="end">
            {detail}
          </Text>
        ) : null}
      </div>
    </Group>
  );
}
