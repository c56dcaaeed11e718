import type { Message } from '@chatdesk/contract/chats';
import { Button, Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconMessageOff } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ApiError, isMissingRecord } from '../../../lib/api-client';
import { usePageName } from '../../../lib/page-title';
import {
  useChat,
  useMarkChatRead,
  useMessagePolling,
  useMessages,
  useSendMessage,
  useWaitingChats,
} from '../api';
import { templateOnlyReason } from '../chat-format';
import { focusesComposer } from '../chat-navigation';
import { ChatHeader } from './chat-header';
import { CenteredLoader } from './chat-layout';
import { Composer } from './composer';
import { ContactEditModal } from './contact-edit-modal';
import { DeleteChatModal } from './delete-chat-modal';
import { MessageList } from './message-list';
import { TemplateDialog } from './template-dialog';

/** A message this tab is sending (or failed to send), shown until the server's copy replaces it. */
type PendingMessage = Message & { tempId: string; knownIds: ReadonlySet<string> };

let tempCounter = 0;

function pendingMessage(text: string, known: Message[]): PendingMessage {
  tempCounter += 1;
  const tempId = `temp-${Date.now()}-${tempCounter}`;
  return {
    tempId,
    knownIds: new Set(known.map((message) => message.id)),
    id: tempId,
    text,
    isOutgoing: true,
    status: 'sending',
    timestamp: new Date().toISOString(),
    sender: 'staff',
    error: null,
  };
}

export function ChatConversation({ chatId }: { chatId: string }) {
  const chat = useChat(chatId);
  const messages = useMessages(chatId);
  useMessagePolling(chatId);
  const send = useSendMessage(chatId);
  const markRead = useMarkChatRead();
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [choosingTemplate, setChoosingTemplate] = useState(false);
  const focusComposer = focusesComposer(useLocation().state);

  usePageName(chat.data ? `Chat: ${chat.data.name}` : undefined);

  // Opening a chat marks it read once; a new customer message arriving while it is open does again,
  // and so does a handoff (which reads its notification; the chat still waits until someone replies).
  const lastIncomingId = messages.data?.findLast((message) => !message.isOutgoing)?.id ?? null;
  const markedFor = useRef<string | null>(null);
  const unread = chat.data?.unreadCount ?? 0;
  const waiting = useWaitingChats().data?.includes(chatId) ?? false;
  const { mutate: markChatRead } = markRead;
  useEffect(() => {
    if ((unread === 0 && !waiting) || !messages.isSuccess) return;
    const key = `${chatId}:${lastIncomingId}:${waiting}`;
    if (markedFor.current === key) return;
    markedFor.current = key;
    markChatRead(chatId);
  }, [chatId, unread, waiting, lastIncomingId, messages.isSuccess, markChatRead]);

  const sendText = (text: string) => {
    const temp = pendingMessage(text, messages.data ?? []);
    setPending((list) => [...list, temp]);
    send.mutate(text, {
      onSuccess: () => setPending((list) => list.filter((item) => item.tempId !== temp.tempId)),
      onError: (error) => {
        const reason =
          error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Failed to send message';
        setPending((list) =>
          list.map((item) =>
            item.tempId === temp.tempId ? { ...item, status: 'failed', error: reason } : item,
          ),
        );
      },
    });
  };

  const retry = (message: Message) => {
    setPending((list) => list.filter((item) => item.id !== message.id));
    sendText(message.text);
  };

  const shown = useMemo(() => {
    const server = messages.data ?? [];
    // An event can bring the server's copy before the send call answers: show that one only.
    const arrived = (temp: PendingMessage) =>
      temp.status === 'sending' &&
      server.some(
        (message) =>
          message.sender === 'staff' && message.text === temp.text && !temp.knownIds.has(message.id),
      );
    return [...server, ...pending.filter((temp) => !arrived(temp))];
  }, [messages.data, pending]);

  // A deleted chat or a wrong link: asking again would not help.
  if (isMissingRecord(chat.error)) {
    return (
      <Center flex={1}>
        <EmptyState
          icon={<IconMessageOff size={28} />}
          title="Chat not found"
          description="This chat may have been deleted."
        />
      </Center>
    );
  }

  if (chat.isError || messages.isError) {
    return (
      <Stack flex={1} align="center" justify="center" gap="sm" p="xl">
        <ThemeIcon size={56} radius="xl" variant="light" color="red">
          <IconAlertCircle size={28} />
        </ThemeIcon>
        <Text fw={600}>Failed to load chat. Please try again.</Text>
        <Button
          variant="light"
          onClick={() => {
            if (chat.isError) void chat.refetch();
            if (messages.isError) void messages.refetch();
          }}
        >
          Retry
        </Button>
      </Stack>
    );
  }

  if (!chat.data) return <CenteredLoader label="Loading chat..." />;

  return (
    <>
      <ChatHeader
        chat={chat.data}
        onEditContact={() => setEditing(true)}
        onDelete={() => setDeleting(true)}
      />
      {messages.isPending ? (
        <CenteredLoader label="Loading messages..." />
      ) : (
        <MessageList messages={shown} onRetry={retry} />
      )}
      <Composer
        key={chatId}
        chatId={chatId}
        locked={chat.data.assignedTo === 'ai'}
        // Judged on the chat itself, not on the list's copy shown while it loads.
        templateOnly={chat.isPlaceholderData ? false : templateOnlyReason(chat.data)}
        onOpenTemplates={() => setChoosingTemplate(true)}
        onSend={sendText}
        contactName={chat.data.name}
        focusOnOpen={focusComposer}
      />
      <TemplateDialog chatId={chatId} opened={choosingTemplate} onClose={() => setChoosingTemplate(false)} />
      <ContactEditModal
        chatId={chatId}
        contactId={chat.data.contact}
        opened={editing}
        onClose={() => setEditing(false)}
      />
      <DeleteChatModal chatId={chatId} opened={deleting} onClose={() => setDeleting(false)} />
    </>
  );
}
