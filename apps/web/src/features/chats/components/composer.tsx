import type { CannedReply } from '@chatdesk/contract/canned-replies';
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
  IconAlertTriangle,
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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ChangeEvent,
  type KeyboardEvent,
  type SyntheticEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { cannedReplyVariablesQueryOptions, useCannedReplies } from '../../canned-replies/api';
import {
  fillCannedReply,
  insertCannedReply,
  matchCannedReplies,
  type ReplyValues,
  slashTriggerAt,
  stillUnfilled,
  valuesFromContact,
} from '../canned-reply-suggestions';
import classes from '../chats.module.css';
import { readDraft, saveDraft } from '../drafts';
import { EMOJI } from '../emoji';
import { gridStep } from '../grid-navigation';

export type AttachmentKind = 'photo' | 'video' | 'document' | 'audio';

export const ATTACHMENT_ACCEPT: Record<AttachmentKind, string> = {
  photo: 'image/*',
  video: 'video/*',
  document: '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx',
  audio: 'audio/*',
};

type ComposerProps = {
  /** Whose draft the message box keeps (in this browser), so switching chats or reloading loses nothing. */
  chatId: string;
  /** The assistant has the chat. */
  locked: boolean;
  /**
   * WhatsApp's 24-hour window is closed (or was never opened: the customer has not written yet),
   * so only a template can be sent, from `onOpenTemplates`.
   */
  templateOnly?: false | 'window-closed' | 'customer-never-wrote';
  onOpenTemplates?: () => void;
  onSend: (text: string) => void;
  /** The message box takes focus as the chat opens (it was opened from the keyboard, Alt+↑/↓). */
  focusOnOpen?: boolean;
  /** The customer's name for the canned replies inserted with `/` while the server's values are not there. */
  contactName?: string | null;
};

const EMOJI_COLUMNS = 10;

export function Composer({
  chatId,
  locked: aiLocked,
  templateOnly = false,
  onOpenTemplates,
  onSend,
  contactName = null,
  focusOnOpen = false,
}: ComposerProps) {
  const locked = aiLocked || templateOnly !== false;
  const [draft] = useState(() => readDraft(chatId));
  const [text, setTextState] = useState(draft);
  // The text as last set, for an insertion that waited on the network: typing meanwhile wins.
  const textRef = useRef(draft);
  const setText = (value: string) => {
    textRef.current = value;
    setTextState(value);
    saveDraft(chatId, value);
  };
  const [emojiOpen, setEmojiOpen] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const attachmentKind = useRef<AttachmentKind>('photo');
  const canSend = !locked && text.trim().length > 0;

  // Canned replies: `/` and a name at the caret open a list of them above the message box.
  const [caret, setCaret] = useState(draft.length);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const trigger = locked ? null : slashTriggerAt(text, caret);
  const [slashTyped, setSlashTyped] = useState(false);
  // Asked for once a slash is typed, so a chat opened only to read costs no request.
  const { replies } = useCannedReplies({ enabled: slashTyped });
  const queryClient = useQueryClient();
  const variables = useQuery({ ...cannedReplyVariablesQueryOptions(chatId), enabled: slashTyped });
  const values: ReplyValues = variables.data?.values ?? valuesFromContact(contactName);
  // Variables of an inserted reply that had nothing to fill them, pointed out until edited away.
  const [unfilled, setUnfilled] = useState<string[]>([]);
  const unfilledShown = stillUnfilled(text, unfilled);
  const suggestions = trigger ? matchCannedReplies(replies, trigger.query) : [];
  const suggesting = trigger !== null && suggestions.length > 0 && dismissedAt !== trigger.start;
  const activeIndex = Math.min(active, suggestions.length - 1);
  const listboxId = useId();
  const optionId = (reply: CannedReply) => `${listboxId}-${reply.id}`;
  const activeReply = suggesting ? suggestions[activeIndex] : undefined;

  // A draft brought back goes on where it stopped: the caret after its last letter, not before the first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the draft found on opening the chat.
  useEffect(() => {
    if (focusOnOpen) textareaRef.current?.focus();
    textareaRef.current?.setSelectionRange(draft.length, draft.length);
  }, []);

  const updateText = (value: string, at: number) => {
    const next = slashTriggerAt(value, at);
    if (next) setSlashTyped(true);
    // Esc closes the list for the shortcut being typed; a new slash opens it again.
    if (next?.start !== dismissedAt) setDismissedAt(null);
    if (next?.query !== trigger?.query) setActive(0);
    setText(value);
    setCaret(at);
  };

  const followCaret = (event: SyntheticEvent<HTMLTextAreaElement>) =>
    setCaret(event.currentTarget.selectionStart);

  /** The values now: the ones on screen unless older than a few seconds; the contact's name if the server fails. */
  const currentValues = () =>
    queryClient.fetchQuery(cannedReplyVariablesQueryOptions(chatId)).then(
      (data) => data.values,
      () => valuesFromContact(contactName),
    );

  const insertReply = async (reply: CannedReply) => {
    if (!trigger) return;
    const typed = text;
    const replyValues = await currentValues();
    // Typed on while the values came: the list is still open to pick from again.
    if (textRef.current !== typed) return;
    const filled = fillCannedReply(reply.text, replyValues);
    const inserted = insertCannedReply(text, trigger, filled.text, MAX_MESSAGE_LENGTH);
    setUnfilled(filled.unfilled);
    setText(inserted.text);
    setCaret(inserted.caret);
    requestAnimationFrame(() => {
      const textarea = textareaRef.current;
      textarea?.focus();
      // Typed on before this frame (a busy machine, a fast typist): the caret stays where their
      // typing left it; put back, the next letters would land before the ones just typed.
      if (textarea?.value === inserted.text) textarea.setSelectionRange(inserted.caret, inserted.caret);
    });
  };

  /** Keys the open list takes from the message box: it handles them, so Enter does not send. */
  const onSuggestionKey = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!suggesting || !trigger || event.nativeEvent.isComposing) return false;
    const count = suggestions.length;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !event.altKey) {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + count) % count);
    } else if ((event.key === 'Enter' && !event.shiftKey) || (event.key === 'Tab' && !event.shiftKey)) {
      if (activeReply) void insertReply(activeReply);
    } else if (event.key === 'Escape') {
      // Only the list closes: the text stays, and no drawer or dialog around the chat hears the key.
      event.stopPropagation();
      setDismissedAt(trigger.start);
    } else {
      return false;
    }
    event.preventDefault();
    return true;
  };

  const send = () => {
    if (!canSend) return;
    onSend(text.trim());
    setUnfilled([]);
    updateText('', 0);
    textareaRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (onSuggestionKey(event)) return;
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const insertEmoji = (emoji: string) => {
    const textarea = textareaRef.current;
    const start = textarea?.selectionStart ?? text.length;
    const end = textarea?.selectionEnd ?? text.length;
    const withEmoji = text.slice(0, start) + emoji + text.slice(end);
    updateText(withEmoji, start + emoji.length);
    setEmojiOpen(false);
    requestAnimationFrame(() => {
      textarea?.focus();
      if (textarea?.value === withEmoji)
        textarea.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const moveInEmojiGrid = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...event.currentTarget.querySelectorAll('button')];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = index < 0 ? null : gridStep(index, event.key, buttons.length, EMOJI_COLUMNS);
    if (next === null) return;
    event.preventDefault();
    buttons[next]?.focus();
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
        // The scheme's accent text colour: brand 8 on the dark composer was 2.3:1.
        <Group gap={6} mb={8} c="var(--app-color-accent-text)" wrap="nowrap">
          <IconLock size={14} style={{ flexShrink: 0 }} />
          <Text size="xs" fw={500}>
            {CHAT_MESSAGES.aiAssigned}
          </Text>
        </Group>
      ) : templateOnly ? (
        <Group gap="xs" mb={8} justify="space-between" wrap="nowrap" align="center">
          <Group gap={6} c="var(--mantine-color-orange-text)" wrap="nowrap" align="flex-start">
            <IconClockHour4 size={14} style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="xs" fw={500}>
              {templateOnly === 'customer-never-wrote'
                ? 'The customer has not written yet: only an approved template can start the conversation.'
                : 'More than 24 hours since the customer last wrote: only an approved template can be sent.'}
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
      {!locked && unfilledShown.length > 0 ? (
        <Group gap={6} mb={8} c="var(--mantine-color-orange-text)" wrap="nowrap" role="status">
          <IconAlertTriangle size={14} style={{ flexShrink: 0 }} />
          <Text size="xs" fw={500}>
            {`Nothing to fill ${unfilledShown.join(' and ')} with for this customer: change ${
              unfilledShown.length > 1 ? 'them' : 'it'
            } before sending.`}
          </Text>
        </Group>
      ) : null}
      {/* The canned-reply list spans the whole row above the message box, which keeps focus and
          describes the list itself (aria-activedescendant). */}
      <Popover
        opened={suggesting}
        onDismiss={() => trigger && setDismissedAt(trigger.start)}
        position="top"
        width="target"
        shadow="md"
        closeOnEscape={false}
        withRoles={false}
      >
        <Popover.Target>
          <Group gap={6} align="flex-end" wrap="nowrap">
            {/* Focus moves into the grid when it opens (Tab and the arrows walk it); Esc closes it and returns focus to the button. */}
            <Popover
              opened={emojiOpen}
              onChange={setEmojiOpen}
              position="top-start"
              shadow="md"
              withArrow
              trapFocus
            >
              <Popover.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size={38}
                  radius="xl"
                  aria-label="Insert emoji"
                  disabled={locked}
                  onClick={() => setEmojiOpen((open) => !open)}
                  onKeyDown={(event) => {
                    if (event.key === 'Escape' && emojiOpen) {
                      event.stopPropagation();
                      setEmojiOpen(false);
                    }
                  }}
                >
                  <IconMoodSmile size={22} stroke={1.6} />
                </ActionIcon>
              </Popover.Target>
              <Popover.Dropdown p={6} aria-label="Emoji picker">
                <SimpleGrid
                  cols={EMOJI_COLUMNS}
                  spacing={2}
                  verticalSpacing={2}
                  role="group"
                  aria-label="Emoji"
                  onKeyDown={moveInEmojiGrid}
                >
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
                    : 'Type a message, or / for a canned reply'
              }
              aria-label="Message"
              value={text}
              disabled={locked}
              onChange={(event) => updateText(event.currentTarget.value, event.currentTarget.selectionStart)}
              onSelect={followCaret}
              onKeyDown={onKeyDown}
              aria-autocomplete="list"
              aria-controls={suggesting ? listboxId : undefined}
              aria-activedescendant={activeReply ? optionId(activeReply) : undefined}
            />
            <ActionIcon size={38} radius="xl" aria-label="Send message" disabled={!canSend} onClick={send}>
              <IconSend2 size={19} />
            </ActionIcon>
          </Group>
        </Popover.Target>
        <Popover.Dropdown p={4}>
          <div role="listbox" id={listboxId} aria-label="Canned replies">
            {suggestions.map((reply, index) => (
              // Chosen from the message box with the arrows and Enter; the mouse picks here.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard reaches options through aria-activedescendant.
              <div
                key={reply.id}
                id={optionId(reply)}
                role="option"
                tabIndex={-1}
                aria-selected={index === activeIndex}
                className={classes.cannedOption}
                // Keeps focus (and the caret) in the message box.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => void insertReply(reply)}
              >
                <Text size="sm" fw={600} className={classes.cannedName}>
                  /{reply.name}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2} className={classes.cannedText}>
                  {fillCannedReply(reply.text, values).text}
                </Text>
              </div>
            ))}
          </div>
        </Popover.Dropdown>
      </Popover>
    </div>
  );
}
