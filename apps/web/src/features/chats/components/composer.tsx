import { CHAT_MESSAGES, MAX_MESSAGE_LENGTH } from '@chatdesk/contract/chats';
import {
  ActionIcon,
  Button,
  Group,
  Menu,
  Popover,
  SimpleGrid,
  Text,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAddressBook,
  IconClockHour4,
  IconFileText,
  IconHeadphones,
  IconLock,
  IconMapPin,
  IconMoodSmile,
  IconPaperclip,
  IconPhoto,
  IconSend2,
  IconTemplate,
  IconVideo,
} from '@tabler/icons-react';
import { type ChangeEvent, type KeyboardEvent, useRef, useState } from 'react';
import classes from '../chats.module.css';
import { EMOJI } from '../emoji';

export type AttachmentKind = 'photo' | 'video' | 'document' | 'audio';

export const ATTACHMENT_ACCEPT: Record<AttachmentKind, string> = {
  photo: 'image/*',
  video: 'video/*',
  document: '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx',
  audio: 'audio/*',
};

type ComposerProps = {
  /** The assistant has the chat. */
  locked: boolean;
  /** WhatsApp's 24-hour window is closed: only a template can be sent, from `onOpenTemplates`. */
  templateOnly?: boolean;
  onOpenTemplates?: () => void;
  onSend: (text: string) => void;
};

export function Composer({ locked: aiLocked, templateOnly = false, onOpenTemplates, onSend }: ComposerProps) {
  const locked = aiLocked || templateOnly;
  const [text, setText] = useState('');
  const [emojiOpen, setEmojiOpen] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const attachmentKind = useRef<AttachmentKind>('photo');
  const canSend = !locked && text.trim().length > 0;

  const send = () => {
    if (!canSend) return;
    onSend(text.trim());
    setText('');
    textareaRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const insertEmoji = (emoji: string) => {
    const textarea = textareaRef.current;
    const start = textarea?.selectionStart ?? text.length;
    const end = textarea?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    setEmojiOpen(false);
    requestAnimationFrame(() => {
      textarea?.focus();
      textarea?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const chooseFile = (kind: AttachmentKind) => {
    const input = fileRef.current;
    if (!input) return;
    attachmentKind.current = kind;
    input.accept = ATTACHMENT_ACCEPT[kind];
    input.click();
  };

  // Sending attachments is not wired to a channel yet: the choice is only recorded.
  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (file) {
      console.info('Attachment selected', {
        kind: attachmentKind.current,
        name: file.name,
        type: file.type,
        size: file.size,
      });
    }
    event.currentTarget.value = '';
  };

  return (
    <div className={classes.composer}>
      {aiLocked ? (
        <Group gap={6} mb={8} c="brand.8" wrap="nowrap">
          <IconLock size={14} style={{ flexShrink: 0 }} />
          <Text size="xs" fw={500}>
            {CHAT_MESSAGES.aiAssigned}
          </Text>
        </Group>
      ) : templateOnly ? (
        <Group gap="xs" mb={8} justify="space-between" wrap="nowrap" align="center">
          <Group gap={6} c="orange.9" wrap="nowrap" align="flex-start">
            <IconClockHour4 size={14} style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="xs" fw={500}>
              More than 24 hours since the customer last wrote: only an approved template can be sent.
            </Text>
          </Group>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconTemplate size={15} />}
            onClick={onOpenTemplates}
            style={{ flexShrink: 0 }}
          >
            Send a template
          </Button>
        </Group>
      ) : null}
      <Group gap={6} align="flex-end" wrap="nowrap">
        <Popover opened={emojiOpen} onChange={setEmojiOpen} position="top-start" shadow="md" withArrow>
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size={38}
              radius="xl"
              aria-label="Insert emoji"
              disabled={locked}
              onClick={() => setEmojiOpen((open) => !open)}
            >
              <IconMoodSmile size={22} stroke={1.6} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown p={6}>
            <SimpleGrid cols={10} spacing={2} verticalSpacing={2} role="group" aria-label="Emoji">
              {EMOJI.map((emoji) => (
                <UnstyledButton
                  key={emoji}
                  className={classes.emojiButton}
                  aria-label={`Insert ${emoji}`}
                  onClick={() => insertEmoji(emoji)}
                >
                  {emoji}
                </UnstyledButton>
              ))}
            </SimpleGrid>
          </Popover.Dropdown>
        </Popover>
        <Menu position="top-start" shadow="md" withArrow disabled={locked}>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size={38}
              radius="xl"
              aria-label="Attach"
              disabled={locked}
            >
              <IconPaperclip size={21} stroke={1.6} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconPhoto size={17} color="var(--mantine-color-violet-6)" />}
              onClick={() => chooseFile('photo')}
            >
              Photo
            </Menu.Item>
            <Menu.Item
              leftSection={<IconVideo size={17} color="var(--mantine-color-pink-6)" />}
              onClick={() => chooseFile('video')}
            >
              Video
            </Menu.Item>
            <Menu.Item
              leftSection={<IconFileText size={17} color="var(--mantine-color-blue-6)" />}
              onClick={() => chooseFile('document')}
            >
              Document
            </Menu.Item>
            <Menu.Item
              leftSection={<IconHeadphones size={17} color="var(--mantine-color-orange-6)" />}
              onClick={() => chooseFile('audio')}
            >
              Audio
            </Menu.Item>
            <Menu.Item leftSection={<IconMapPin size={17} color="var(--mantine-color-teal-6)" />}>
              Location
            </Menu.Item>
            <Menu.Item leftSection={<IconAddressBook size={17} color="var(--mantine-color-cyan-6)" />}>
              Contact
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <input ref={fileRef} type="file" hidden onChange={onFileChosen} data-testid="attachment-input" />
        <Textarea
          ref={textareaRef}
          flex={1}
          radius="lg"
          autosize
          minRows={1}
          maxRows={6}
          maxLength={MAX_MESSAGE_LENGTH}
          placeholder={
            aiLocked
              ? 'The AI assistant is answering this chat'
              : templateOnly
                ? 'Send a template to reopen the conversation'
                : 'Type a message'
          }
          aria-label="Message"
          value={text}
          disabled={locked}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <ActionIcon size={38} radius="xl" aria-label="Send message" disabled={!canSend} onClick={send}>
          <IconSend2 size={19} />
        </ActionIcon>
      </Group>
    </div>
  );
}
