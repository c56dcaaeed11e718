import { apiRoutes } from '@chatdesk/contract/api-routes';
import type {
  Chat,
  ChatDetail,
  Message,
  SendTemplateRequest,
  UpdateContactRequest,
} from '@chatdesk/contract/chats';
import { CHAT_LIST_REFRESH_MS, MESSAGE_POLL_MS } from '@chatdesk/contract/constants';
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
import { apiCall } from '../../lib/api-client';
import { useAppEvents } from '../../lib/realtime';
import { keepUnlessCountChanged } from './chat-format';

export const chatKeys = {
  all: ['chats'] as const,
  list: ['chats', 'list'] as const,
  detail: (id: string) => ['chats', 'detail', id] as const,
  messages: (id: string) => ['chats', 'messages', id] as const,
  contact: (id: string) => ['contacts', id] as const,
  templates: ['chats', 'templates'] as const,
};

/** The list comes in pages as it scrolls, so thousands of chats cost one screenful at first. */
export const CHAT_PAGE_SIZE = 100;

export function chatsQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: [...chatKeys.list, search] as const,
    queryFn: ({ signal, pageParam }) =>
      apiCall(apiRoutes.chats.list, { query: { limit: CHAT_PAGE_SIZE, offset: pageParam, search }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last: Chat[], pages: Chat[][]) =>
      last.length === CHAT_PAGE_SIZE ? pages.length * CHAT_PAGE_SIZE : undefined,
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

export function useChats(search = '') {
  const query = useInfiniteQuery(chatsQueryOptions(search.trim()));
  return { ...query, data: query.data?.pages.flat() };
}

export function useChat(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...chatQueryOptions(id),
    // The list already knows the chat: the header shows at once while the chat itself loads.
    placeholderData: () => {
      const chat = cachedChats(queryClient).find((item) => item.id === id);
      // The list does not know the reply window; the page waits for the chat itself before judging it.
      return chat && { ...chat, replyWindowEndsAt: null };
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

/** Keeps the chat list and the open chat in step with the server's events. */
export function useChatEvents() {
  const queryClient = useQueryClient();
  useAppEvents((event) => {
    if (event.type === 'chats.changed') {
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
      if (event.chatId) void queryClient.invalidateQueries({ queryKey: chatKeys.detail(event.chatId) });
    }
    if (event.type === 'messages.changed') {
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
      void queryClient.invalidateQueries({ queryKey: chatKeys.messages(event.chatId) });
    }
  });
}

/** Puts the server's copy of a chat in the detail cache and in the list. */
function storeChat(queryClient: QueryClient, chat: Chat) {
  // The detail also knows the reply window, which a list-shaped chat does not carry.
  queryClient.setQueryData<ChatDetail>(chatKeys.detail(chat.id), (detail) =>
    detail ? { ...detail, ...chat } : detail,
  );
  updateLists(queryClient, (list) => list.map((item) => (item.id === chat.id ? chat : item)));
}

function patchChat(queryClient: QueryClient, id: string, patch: Partial<Chat>) {
  queryClient.setQueryData<ChatDetail>(chatKeys.detail(id), (chat) => (chat ? { ...chat, ...patch } : chat));
  updateLists(queryClient, (list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));
}

/** A message staff sent: into the open thread and the list at once, then the list from the server. */
function showSent(queryClient: QueryClient, id: string, message: Message) {
  queryClient.setQueryData<Message[]>(chatKeys.messages(id), (list) =>
    !list || list.some((item) => item.id === message.id) ? list : [...list, message],
  );
  patchChat(queryClient, id, {
    lastMessage: { text: message.text, timestamp: message.timestamp, isOutgoing: true },
  });
  return queryClient.invalidateQueries({ queryKey: chatKeys.list });
}

export function useMarkChatRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(apiRoutes.chats.markRead, { params: { id } }),
    onSuccess: (_data, id) => {
      patchChat(queryClient, id, { unreadCount: 0 });
      return queryClient.invalidateQueries({ queryKey: chatKeys.list });
    },
    onError: (error) => console.warn('Marking the chat read failed', error),
  });
}

export function useToggleAi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(apiRoutes.chats.toggleAi, { params: { id } }),
    onSuccess: (chat) => {
      storeChat(queryClient, chat);
      return queryClient.invalidateQueries({ queryKey: chatKeys.list });
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
    onSuccess: (_data, id) => {
      updateLists(queryClient, (list) => list.filter((chat) => chat.id !== id));
      queryClient.removeQueries({ queryKey: chatKeys.detail(id) });
      queryClient.removeQueries({ queryKey: chatKeys.messages(id) });
      return queryClient.invalidateQueries({ queryKey: chatKeys.list });
    },
  });
}

export function useUpdateContact(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateContactRequest }) =>
      apiCall(apiRoutes.contacts.update, { params: { id }, body }),
    onSuccess: (contact) => {
      queryClient.setQueryData(chatKeys.contact(contact.id), contact);
      patchChat(queryClient, chatId, {
        name: contact.name,
        email: contact.email,
        profilePicture: contact.profilePicture,
      });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: chatKeys.detail(chatId) }),
        queryClient.invalidateQueries({ queryKey: chatKeys.list }),
      ]);
    },
  });
}
