import { apiRoutes } from '@chatdesk/contract/api-routes';
import type {
  Chat,
  ChatChannel,
  ChatDetail,
  Message,
  SendTemplateRequest,
  UpdateContactRequest,
} from '@chatdesk/contract/chats';
import {
  CHAT_LIST_REFRESH_MS,
  MESSAGE_POLL_MS,
  NOTIFICATION_BADGE_REFRESH_MS,
} from '@chatdesk/contract/constants';
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, apiCall } from '../../lib/api-client';
import { coalescerFor, refetchSoon } from '../../lib/coalesce';
import { useAppEvents } from '../../lib/realtime';
import { placeChat } from './chat-cache';
import { keepUnlessCountChanged } from './chat-format';

export const chatKeys = {
  all: ['chats'] as const,
  list: ['chats', 'list'] as const,
  detail: (id: string) => ['chats', 'detail', id] as const,
  messages: (id: string) => ['chats', 'messages', id] as const,
  contact: (id: string) => ['contacts', id] as const,
  templates: ['chats', 'templates'] as const,
  waiting: ['chats', 'waiting'] as const,
  unread: ['chats', 'unread'] as const,
};

/** The list comes in pages as it scrolls, so thousands of chats cost one screenful at first. */
export const CHAT_PAGE_SIZE = 100;

export function chatsQueryOptions(search: string, channel?: ChatChannel) {
  return infiniteQueryOptions({
    queryKey: [...chatKeys.list, search, channel ?? 'all'] as const,
    queryFn: ({ signal, pageParam }) =>
      apiCall(apiRoutes.chats.list, {
        query: {
          limit: CHAT_PAGE_SIZE,
          search,
          ...(channel ? { channel } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    // Each page starts where the one before ended (its last chat's cursor): as fast deep in the list
    // as at its top, and a chat that moves up meanwhile is not shown twice.
    initialPageParam: '',
    getNextPageParam: (last: Chat[]) => (last.length === CHAT_PAGE_SIZE ? last.at(-1)?.cursor : undefined),
    refetchInterval: CHAT_LIST_REFRESH_MS,
    // While a new search loads, the previous results stay (and are narrowed on the client at once).
    placeholderData: keepPreviousData,
  });
}

/** Every cached page of every list (each search has its own), as one array. */
function cachedChats(queryClient: QueryClient): Chat[] {
  return queryClient
    .getQueriesData<InfiniteData<Chat[]>>({ queryKey: chatKeys.list })
    .flatMap(([, data]) => data?.pages.flat() ?? []);
}

/** Applies a change to every cached list page. */
function updateLists(queryClient: QueryClient, change: (chats: Chat[]) => Chat[]) {
  queryClient.setQueriesData<InfiniteData<Chat[]>>({ queryKey: chatKeys.list }, (data) =>
    data ? { ...data, pages: data.pages.map(change) } : data,
  );
}

/** Gives a chat its new copy in every cached list that shows it, moved up if it has a newer message. */
function placeInLists(queryClient: QueryClient, id: string, next: (row: Chat) => Chat) {
  queryClient.setQueriesData<InfiniteData<Chat[]>>({ queryKey: chatKeys.list }, (data) => {
    const row = data?.pages.flat().find((item) => item.id === id);
    return data && row ? { ...data, pages: placeChat(data.pages, next(row)) } : data;
  });
}

export function chatQueryOptions(id: string) {
  return queryOptions({
    queryKey: chatKeys.detail(id),
    queryFn: ({ signal }) => apiCall(apiRoutes.chats.get, { params: { id }, signal }),
    staleTime: 0,
  });
}

export function messagesQueryOptions(id: string) {
  return queryOptions({
    queryKey: chatKeys.messages(id),
    queryFn: ({ signal }) => apiCall(apiRoutes.chats.messages, { params: { id }, signal }),
    staleTime: 0,
  });
}

export function contactQueryOptions(id: string) {
  return queryOptions({
    queryKey: chatKeys.contact(id),
    queryFn: ({ signal }) => apiCall(apiRoutes.contacts.get, { params: { id }, signal }),
    staleTime: 0,
  });
}

/**
 * The chats whose customer waits for a person (handed over, no reply yet), the longest wait
 * first. Kept fresh by the events that say the waiting may have changed (`useWaitingEvents`, in
 * the staff layout), not by every change to a chat; the poll is the fallback the badge also has.
 */
export const waitingChatsQueryOptions = queryOptions({
  queryKey: chatKeys.waiting,
  queryFn: ({ signal }) => apiCall(apiRoutes.chats.waiting, { signal }),
  refetchInterval: NOTIFICATION_BADGE_REFRESH_MS,
  staleTime: 0,
  select: (data) => data.chatIds,
});

export function useWaitingChats() {
  return useQuery(waitingChatsQueryOptions);
}

/**
 * Recounts the waiting chats only when an event says the waiting may have changed: a customer's
 * message to a chat changes nothing here, so a burst of them costs every open tab nothing.
 */
export function useWaitingEvents() {
  const queryClient = useQueryClient();
  useAppEvents((event) => {
    if (event.type === 'chats.changed' && (event.waiting || !event.chatId))
      refetchSoon(queryClient, chatKeys.waiting);
  });
}

/**
 * How many chats have unread messages, for the list's header: counted by the server (up to 100, shown
 * as '99+'), since the list holds only the pages scrolled so far. Asked again with the list, and when
 * a refreshed chat turned read or unread (`chatSync`), never on every event.
 */
export const unreadChatsQueryOptions = queryOptions({
  queryKey: chatKeys.unread,
  queryFn: ({ signal }) => apiCall(apiRoutes.chats.unread, { signal }),
  refetchInterval: CHAT_LIST_REFRESH_MS,
  select: (data) => data.count,
});

export function useUnreadChatsCount() {
  return useQuery(unreadChatsQueryOptions);
}

export function useChats(search = '', channel?: ChatChannel) {
  const query = useInfiniteQuery(chatsQueryOptions(search.trim(), channel));
  return { ...query, data: query.data?.pages.flat() };
}

/** The first few chats whose contact matches (case and accents ignored by the server), for the command palette. */
export function useChatSearch(search: string) {
  return useQuery({
    queryKey: [...chatKeys.all, 'search', search] as const,
    queryFn: ({ signal }) => apiCall(apiRoutes.chats.list, { query: { search, limit: 8 }, signal }),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useChat(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...chatQueryOptions(id),
    // The list already knows the chat: the header shows at once while the chat itself loads.
    placeholderData: () => {
      const chat = cachedChats(queryClient).find((item) => item.id === id);
      // The list does not know the reply window; the page waits for the chat itself before judging it.
      return chat && { ...chat, replyWindowEndsAt: null, replyTo: null };
    },
  });
}

export function useMessages(id: string) {
  return useQuery(messagesQueryOptions(id));
}

export function useContact(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...contactQueryOptions(id), enabled });
}

/**
 * Polls the open chat's messages; a poll replaces the shown list only when the count changed, so a
 * conversation being read does not re-render every five seconds. Events refetch it in full.
 */
export function useMessagePolling(id: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.hidden) return;
      apiCall(apiRoutes.chats.messages, { params: { id } })
        .then((fresh) =>
          queryClient.setQueryData<Message[]>(chatKeys.messages(id), (current) =>
            keepUnlessCountChanged(current, fresh),
          ),
        )
        .catch((error: unknown) => console.warn('Polling messages failed', error));
    }, MESSAGE_POLL_MS);
    return () => window.clearInterval(timer);
  }, [id, queryClient]);
}

/** More changed chats than this in one go cost more one by one than the list in one request. */
const MAX_CHAT_REFRESHES = 5;

const isUnread = (chat: Chat | undefined) => (chat?.unreadCount ?? 0) > 0;

/**
 * Fetches one chat and puts it in the detail cache and in the lists; a deleted one leaves the lists.
 * The count of unread chats is asked again only if this one turned read or unread.
 */
async function refreshChat(queryClient: QueryClient, id: string) {
  const before = cachedChats(queryClient).find((item) => item.id === id);
  try {
    const chat = await apiCall(apiRoutes.chats.get, { params: { id } });
    queryClient.setQueryData(chatKeys.detail(id), chat);
    const { replyWindowEndsAt: _detailOnly, replyTo: _detailToo, ...row } = chat;
    placeInLists(queryClient, id, () => row);
    if (isUnread(before) !== isUnread(row)) refetchSoon(queryClient, chatKeys.unread);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      updateLists(queryClient, (list) => list.filter((chat) => chat.id !== id));
      if (isUnread(before)) refetchSoon(queryClient, chatKeys.unread);
    } else {
      console.warn('Refreshing a chat failed', error);
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: chatKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: chatKeys.list }),
    ]);
  }
}

/** Whether every list on screen shows these chats; a new one (or one a search now finds) it does not. */
function onScreen(queryClient: QueryClient, ids: string[]): boolean {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: chatKeys.list, type: 'active' })
    .every((query) => {
      const data = query.state.data as InfiniteData<Chat[]> | undefined;
      const shown = new Set(data?.pages.flat().map((chat) => chat.id));
      return ids.every((id) => shown.has(id));
    });
}

type ChatSync = {
  /** The chat changed on the server; no id: some chats did, which ones is not known. */
  changed(id?: string): void;
};

const chatSyncs = new WeakMap<QueryClient, ChatSync>();

/**
 * Brings the lists and the open chat up to date after changes, coalesced: at most once a second,
 * either the few chats that changed, each fetched alone (the list costs far more at volume), or,
 * when a chat is not listed yet or many changed, the lists in one refetch.
 */
function chatSync(queryClient: QueryClient): ChatSync {
  const known = chatSyncs.get(queryClient);
  if (known) return known;
  const changed = new Set<string>();
  let unknownChange = false;
  const refresh = async () => {
    const ids = [...changed];
    const wholeList = unknownChange || ids.length > MAX_CHAT_REFRESHES;
    changed.clear();
    unknownChange = false;
    // A list already on its way may have been read before these changes: it must come again instead.
    if (!wholeList && !queryClient.isFetching({ queryKey: chatKeys.list }) && onScreen(queryClient, ids)) {
      // Lists not on screen may lack a chat that now belongs in them: they reload when shown again.
      void queryClient.invalidateQueries({ queryKey: chatKeys.list, type: 'inactive', refetchType: 'none' });
      await Promise.all(ids.map((id) => refreshChat(queryClient, id)));
      return;
    }
    unreadAtMostEvery(queryClient, UNREAD_RECOUNT_MS);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: chatKeys.list }),
      ...ids.map((id) => queryClient.invalidateQueries({ queryKey: chatKeys.detail(id) })),
    ]);
  };
  const sync: ChatSync = {
    changed(id) {
      if (id) changed.add(id);
      else unknownChange = true;
      coalescerFor(queryClient).run('chats:sync', refresh);
    },
  };
  chatSyncs.set(queryClient, sync);
  return sync;
}

/**
 * When the whole list reloads, the chats that turned read or unread are not known, so the header's
 * count is asked again too, but at most this often: with 50 dashboards open during a burst of
 * customers, recounting on every reload cost the assistant's replies about a second at p95.
 */
const UNREAD_RECOUNT_MS = 5_000;
const unreadRecounts = new WeakMap<
  QueryClient,
  { last: number; timer: ReturnType<typeof setTimeout> | null }
>();

/** Recounts the unread chats now, or once at the end of the window when it was recounted lately. */
function unreadAtMostEvery(queryClient: QueryClient, windowMs: number) {
  const state = unreadRecounts.get(queryClient) ?? { last: 0, timer: null };
  unreadRecounts.set(queryClient, state);
  const recount = () => {
    state.last = Date.now();
    state.timer = null;
    void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
  };
  const wait = state.last + windowMs - Date.now();
  if (wait <= 0) recount();
  else state.timer ??= setTimeout(recount, wait);
}

/**
 * Keeps the chat list and the open chat in step with the server's events. Events name only what
 * changed (docs/decisions/003), so what they name is refetched, coalesced to once a second.
 */
export function useChatEvents() {
  const queryClient = useQueryClient();
  useAppEvents((event) => {
    if (event.type === 'chats.changed') chatSync(queryClient).changed(event.chatId);
    // A message's delivery status shows only in its chat; every other change also sends chats.changed.
    if (event.type === 'messages.changed') refetchSoon(queryClient, chatKeys.messages(event.chatId));
  });
}

/** Puts the server's copy of a chat in the detail cache and in the list. */
function storeChat(queryClient: QueryClient, chat: Chat) {
  // The detail also knows the reply window, which a list-shaped chat does not carry.
  queryClient.setQueryData<ChatDetail>(chatKeys.detail(chat.id), (detail) =>
    detail ? { ...detail, ...chat } : detail,
  );
  placeInLists(queryClient, chat.id, () => chat);
}

function patchChat(queryClient: QueryClient, id: string, patch: Partial<Chat>) {
  queryClient.setQueryData<ChatDetail>(chatKeys.detail(id), (chat) => (chat ? { ...chat, ...patch } : chat));
  placeInLists(queryClient, id, (row) => ({ ...row, ...patch }));
}

/** A message staff sent: into the open thread and on top of the list at once; its events confirm it. */
function showSent(queryClient: QueryClient, id: string, message: Message) {
  queryClient.setQueryData<Message[]>(chatKeys.messages(id), (list) =>
    !list || list.some((item) => item.id === message.id) ? list : [...list, message],
  );
  patchChat(queryClient, id, {
    lastMessage: { text: message.text, timestamp: message.timestamp, isOutgoing: true },
    waitingSince: null,
    lastCustomerText: null,
  });
  // A person replied: the customer waits for no one now (the server's event confirms it).
  queryClient.setQueryData<{ chatIds: string[] }>(
    chatKeys.waiting,
    (waiting) => waiting && { chatIds: waiting.chatIds.filter((chatId) => chatId !== id) },
  );
}

export function useMarkChatRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(apiRoutes.chats.markRead, { params: { id } }),
    // Seen is not answered: a chat waiting for a person keeps waiting until someone replies.
    onSuccess: (_data, id) => {
      patchChat(queryClient, id, { unreadCount: 0 });
      refetchSoon(queryClient, chatKeys.unread);
    },
    onError: (error) => console.warn('Marking the chat read failed', error),
  });
}

export function useToggleAi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(apiRoutes.chats.toggleAi, { params: { id } }),
    onSuccess: (chat) => storeChat(queryClient, chat),
    meta: {
      success: (chat: ChatDetail) =>
        chat.assignedTo === 'ai' ? 'AI response turned on' : 'AI response turned off',
    },
  });
}

export function useSendMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => apiCall(apiRoutes.chats.send, { params: { id }, body: { text } }),
    onSuccess: (message) => showSent(queryClient, id, message),
  });
}

/** The approved WhatsApp templates, asked for when staff first open the template picker. */
export function useWhatsAppTemplates({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: chatKeys.templates,
    queryFn: ({ signal }) => apiCall(apiRoutes.chats.templates, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useSendTemplate(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendTemplateRequest) =>
      apiCall(apiRoutes.chats.sendTemplate, { params: { id }, body }),
    onSuccess: (message) => showSent(queryClient, id, message),
  });
}

export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(apiRoutes.chats.remove, { params: { id } }),
    meta: { success: 'Chat deleted' },
    onSuccess: (_data, id) => {
      updateLists(queryClient, (list) => list.filter((chat) => chat.id !== id));
      queryClient.removeQueries({ queryKey: chatKeys.detail(id) });
      queryClient.removeQueries({ queryKey: chatKeys.messages(id) });
      // Later pages start one row earlier now: the lists come again from the server.
      chatSync(queryClient).changed(id);
    },
  });
}

export function useUpdateContact(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateContactRequest }) =>
      apiCall(apiRoutes.contacts.update, { params: { id }, body }),
    meta: { success: 'Contact saved' },
    onSuccess: (contact) => {
      queryClient.setQueryData(chatKeys.contact(contact.id), contact);
      patchChat(queryClient, chatId, {
        name: contact.name,
        email: contact.email,
        profilePicture: contact.profilePicture,
      });
      chatSync(queryClient).changed(chatId);
    },
  });
}
