import type { Message } from '@chatdesk/contract/chats';
import { Badge, Button, Center, Group, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconAlertCircle,
  IconCheck,
  IconChecks,
  IconClock,
  IconMessageOff,
  IconRobot,
} from '@tabler/icons-react';
import { useLayoutEffect, useRef } from 'react';
import {
  groupByDay,
  isNewConversationCommand,
  messageTime,
  NEW_CONVERSATION_NOTE,
  statusIndicator,
} from '../chat-format';
import classes from '../chats.module.css';
import { MessageText } from './message-text';

type MessageListProps = {
  messages: Message[];
  onRetry: (message: Message) => void;
};

export function MessageList({ messages, onRetry }: MessageListProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const last = messages[messages.length - 1];

  // The newest message stays in view whenever one arrives or changes status.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (scroller && last) scroller.scrollTop = scroller.scrollHeight;
  }, [last]);

  if (messages.length === 0) {
    return (
      <Center className={classes.messages}>
        <Stack align="center" gap={6}>
          <IconMessageOff size={36} stroke={1.5} color="var(--mantine-color-gray-5)" />
          <Text c="dimmed">No messages yet</Text>
        </Stack>
      </Center>
    );
  }

  const now = new Date();
  return (
    <div ref={scrollerRef} className={classes.messages} role="log" aria-label="Messages" aria-live="polite">
      {/* One block per day: a sticky label only sticks inside its own block, so the next day's
          label pushes it away instead of being drawn over it. */}
      {groupByDay(messages, now).map(({ day, items }) => (
        <div key={items[0]?.id ?? day} className={classes.dayGroup}>
          <div className={classes.daySeparator} data-testid="day-label">
            <Badge
              variant="white"
              color="gray"
              radius="sm"
              tt="none"
              fw={500}
              style={{ boxShadow: 'var(--mantine-shadow-xs)' }}
            >
              {day}
            </Badge>
          </div>
          {items.map((message, index) => {
            const previous = items[index - 1];
            const first = !previous || previous.sender !== message.sender;
            return <MessageBubble key={message.id} message={message} first={first} onRetry={onRetry} />;
          })}
        </div>
      ))}
    </div>
  );
}

function MessageBubble({
  message,
  first,
  onRetry,
}: {
  message: Message;
  first: boolean;
  onRetry: (message: Message) => void;
}) {
  const restart = isNewConversationCommand(message);
  if (message.sender === 'system' || restart) {
    return (
      <div className={classes.systemMessage} data-message-id={message.id}>
        <Badge
          variant="light"
          color="gray"
          tt="none"
          fw={500}
          radius="sm"
          maw="80%"
          style={{ whiteSpace: 'normal', height: 'auto' }}
        >
          {restart ? NEW_CONVERSATION_NOTE : message.text}
        </Badge>
      </div>
    );
  }
  return (
    <div
      className={classes.messageRow}
      data-outgoing={message.isOutgoing || undefined}
      data-first={first || undefined}
    >
      <div
        className={classes.bubble}
        data-sender={message.sender}
        data-status={message.status}
        data-message-id={message.id}
        data-testid="message"
      >
        {message.sender === 'assistant' && first ? (
          <Group gap={4} mb={2}>
            <IconRobot size={13} color="var(--app-color-accent-text)" />
            <Text size="xs" fw={700} c="var(--app-color-accent-text)">
              AI
            </Text>
          </Group>
        ) : null}
        <MessageText text={message.text} />
        <div className={classes.meta}>
          <span>{messageTime(message.timestamp)}</span>
          {message.isOutgoing ? <StatusMark message={message} /> : null}
        </div>
        {message.status === 'failed' ? (
          <Group justify="flex-end" gap={6} mt={4}>
            <Text size="xs" c="red.7" title={message.error ?? undefined}>
              Not sent
            </Text>
            <Button size="compact-xs" variant="light" color="red" onClick={() => onRetry(message)}>
              Retry
            </Button>
          </Group>
        ) : null}
      </div>
    </div>
  );
}

function StatusMark({ message }: { message: Message }) {
  const indicator = statusIndicator(message.status);
  const color =
    indicator.color === 'blue'
      ? 'var(--mantine-color-blue-6)'
      : indicator.color === 'red'
        ? 'var(--mantine-color-red-6)'
        : 'var(--mantine-color-gray-6)';
  const title = message.status === 'failed' && message.error ? `Failed: ${message.error}` : indicator.label;
  const props = {
    size: 15,
    color,
    stroke: 2,
    'aria-label': title,
    role: 'img',
    'data-status': message.status,
  };
  const icon =
    indicator.icon === 'clock' ? (
      <IconClock {...props} size={13} />
    ) : indicator.icon === 'check' ? (
      <IconCheck {...props} />
    ) : indicator.icon === 'double-check' ? (
      <IconChecks {...props} />
    ) : (
      <IconAlertCircle {...props} />
    );
  return (
    <Tooltip label={title} withArrow openDelay={300}>
      <span title={title} style={{ display: 'inline-flex' }}>
        {icon}
      </span>
    </Tooltip>
  );
}
