import { MAX_MESSAGE_LENGTH, NEW_CONVERSATION_COMMAND } from '@chatdesk/contract/chats';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconArrowLeft, IconInfoCircle, IconRobot, IconSend2 } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { linkify } from '../../lib/linkify';
import { paths } from '../../lib/paths';
import { useSimulatorSend } from './api';
import classes from './chat-simulator-page.module.css';
import { PlayAsSelect, type PlayedClient } from './play-as-select';
import { replyTexts, simulatorSessionId } from './simulator-session';

export const DEFAULT_SIMULATOR_MESSAGE = 'Hola, busco un entrenador personal en Madrid';

type SimulatorMessage = { id: number; from: 'user' | 'assistant' | 'system'; text: string; failed?: boolean };

let nextId = 0;
const message = (from: SimulatorMessage['from'], text: string, failed = false): SimulatorMessage => {
  nextId += 1;
  return { id: nextId, from, text, failed };
};

export function ChatSimulatorPage() {
  useDocumentTitle('Chat Simulator');
  const sendMessage = useSimulatorSend();
  const [messages, setMessages] = useState<SimulatorMessage[]>([]);
  const [text, setText] = useState(DEFAULT_SIMULATOR_MESSAGE);
  // Whom the conversation plays; changing it starts a new conversation (the server does too).
  const [playing, setPlaying] = useState<PlayedClient | null>(null);
  const playingRef = useRef<PlayedClient | null>(null);
  const sessionId = useRef<string | null>(null);
  const started = useRef(false);
  const scrollerRef = useRef<HTMLDivElement>(null);

  const send = (value: string, as: PlayedClient | null = playingRef.current) => {
    const trimmed = value.trim();
    if (!trimmed) return;
    sessionId.current ??= simulatorSessionId();
    const isReset = trimmed.toLowerCase() === NEW_CONVERSATION_COMMAND;
    setMessages((list) =>
      isReset
        ? [message('system', as ? `New conversation as ${as.name}` : 'New conversation started')]
        : [...list, message('user', trimmed)],
    );
    sendMessage.mutate(
      { text: trimmed, sessionId: sessionId.current, clientId: as?.id ?? null },
      {
        onSuccess: (response) =>
          setMessages((list) => [
            ...list,
            ...replyTexts(response.replies, response.reply).map((reply) => message('assistant', reply)),
          ]),
        onError: (error) =>
          setMessages((list) => [...list, message('assistant', `AI error: ${error.message}`, true)]),
      },
    );
  };

  // The page opens a fresh conversation, so the assistant greets the visitor first.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    send(NEW_CONVERSATION_COMMAND);
  });

  const playAs = (client: PlayedClient | null) => {
    playingRef.current = client;
    setPlaying(client);
    send(NEW_CONVERSATION_COMMAND, client);
  };

  const lastMessage = messages[messages.length - 1];
  const typing = sendMessage.isPending;
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (scroller && (lastMessage || typing)) scroller.scrollTop = scroller.scrollHeight;
  }, [lastMessage, typing]);

  const submit = () => {
    if (sendMessage.isPending || !text.trim()) return;
    send(text);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <main className={classes.page}>
      <Paper withBorder shadow="md" radius="lg" className={classes.card}>
        <header className={classes.header}>
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={42} radius="xl" color="white" variant="white">
              <IconRobot size={24} color="var(--mantine-color-brand-7)" />
            </ThemeIcon>
            <div>
              <Title order={1} fz={20} c="white">
                Chat Simulator
              </Title>
              <Text size="xs" c="brand.0">
                Talk to the AI assistant the way a customer would on WhatsApp.
              </Text>
            </div>
          </Group>
          <Anchor component={Link} to={paths.home} size="xs" c="white" mt={6} className={classes.back}>
            <IconArrowLeft size={13} /> Back to Chats
          </Anchor>
        </header>
        <div className={classes.playAs}>
          <PlayAsSelect value={playing} onChange={playAs} disabled={sendMessage.isPending} />
          {playing ? (
            <Alert
              mt="xs"
              p="xs"
              color="yellow"
              variant="light"
              icon={<IconAlertTriangle size={16} />}
              title={`You are playing ${playing.name}`}
            >
              The assistant sees this client's real appointments, and a confirmed cancel or move changes them
              for real, with refunds.
            </Alert>
          ) : null}
        </div>
        <Group gap={6} px="md" py={8} bg="var(--app-color-accent-soft)" wrap="nowrap">
          <IconInfoCircle size={15} color="var(--app-color-accent-text)" style={{ flexShrink: 0 }} />
          <Text size="xs" c="bright">
            Sending{' '}
            <Badge component="span" size="xs" variant="white" tt="none">
              {NEW_CONVERSATION_COMMAND}
            </Badge>{' '}
            deletes the current conversation and starts a new one.
          </Text>
        </Group>
        <div
          ref={scrollerRef}
          className={classes.messages}
          role="log"
          aria-label="Messages"
          aria-live="polite"
        >
          <Stack gap={0}>
            {messages.map((item) =>
              item.from === 'system' ? (
                <Group key={item.id} justify="center" my={6}>
                  <Badge variant="white" color="gray" tt="none" fw={500}>
                    {item.text}
                  </Badge>
                </Group>
              ) : (
                <div key={item.id} className={classes.row} data-from={item.from}>
                  <div
                    className={classes.bubble}
                    data-failed={item.failed || undefined}
                    data-testid={`${item.from}-message`}
                  >
                    {linkify(item.text).map((segment, index) =>
                      segment.type === 'link' ? (
                        // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder.
                        <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer">
                          {segment.value}
                        </a>
                      ) : (
                        segment.value
                      ),
                    )}
                  </div>
                </div>
              ),
            )}
            {sendMessage.isPending ? (
              <div className={classes.row} data-from="assistant">
                <div className={classes.bubble} role="status" aria-label="The assistant is typing">
                  <span className={classes.typing}>
                    <span />
                    <span />
                    <span />
                  </span>
                </div>
              </div>
            ) : null}
          </Stack>
        </div>
        <div className={classes.composer}>
          <Group gap={8} align="flex-end" wrap="nowrap">
            <Textarea
              flex={1}
              radius="lg"
              autosize
              minRows={1}
              maxRows={5}
              maxLength={MAX_MESSAGE_LENGTH}
              aria-label="Message"
              placeholder="Type a message"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              onKeyDown={onKeyDown}
            />
            <ActionIcon
              size={38}
              radius="xl"
              aria-label="Send message"
              onClick={submit}
              disabled={sendMessage.isPending || !text.trim()}
            >
              <IconSend2 size={19} />
            </ActionIcon>
          </Group>
        </div>
      </Paper>
    </main>
  );
}
