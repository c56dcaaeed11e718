import {
  CANNED_REPLY_NAME_MAX,
  CANNED_REPLY_TEXT_MAX,
  CANNED_REPLY_VARIABLES,
  type CannedReply,
  type CannedReplyRequest,
  cannedReplyFormSchema,
} from '@chatdesk/contract/canned-replies';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconEdit, IconMessageBolt, IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { ApiError } from '../../../lib/api-client';
import { serverRefusal } from '../../../lib/mutation-feedback';
import { useUnsavedChangesGuard } from '../../../lib/unsaved-changes';
import {
  useCannedReplies,
  useCreateCannedReply,
  useDeleteCannedReply,
  useUpdateCannedReply,
} from '../../canned-replies/api';

const SAVE_FAILED = 'Failed to save the canned reply. Please try again.';

/** The team's canned replies: listed by name, added and changed in a dialog, deleted with Undo. */
export function CannedRepliesSettings() {
  const { replies, isPending, isError, refetch } = useCannedReplies();
  const remove = useDeleteCannedReply();
  // null: the dialog is closed; 'new': adding; a reply: changing it.
  const [editing, setEditing] = useState<CannedReply | 'new' | null>(null);

  return (
    <Card p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md" mb="md">
        <div style={{ flex: 1, minWidth: 240 }}>
          <Text fw={600}>Canned replies</Text>
          <Text size="sm" c="dimmed">
            Short answers the whole team shares. In a chat, type / and the name in the message box to insert
            one; variables such as {'{first_name}'} or {'{next_appointment}'} are filled in for the customer.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
          Add canned reply
        </Button>
      </Group>

      {isPending ? (
        <Stack gap="sm" role="status" aria-label="Loading canned replies">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={48} radius="md" />
          ))}
        </Stack>
      ) : isError ? (
        <Stack gap="xs" align="flex-start">
          <ErrorAlert>Failed to load canned replies. Please try again.</ErrorAlert>
          <Button variant="light" onClick={() => void refetch()}>
            Retry
          </Button>
        </Stack>
      ) : replies.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          No canned replies yet. Add the answers you give most often.
        </Text>
      ) : (
        <Stack
          gap={0}
          component="ul"
          aria-label="Canned replies"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {replies.map((reply) => (
            <Group
              key={reply.id}
              component="li"
              wrap="nowrap"
              align="flex-start"
              gap="sm"
              py="sm"
              style={{ borderTop: '1px solid var(--app-color-border)' }}
            >
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  /{reply.name}
                </Text>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {reply.text}
                </Text>
              </div>
              <Group gap={4} wrap="nowrap">
                <Tooltip label="Edit">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Edit canned reply /${reply.name}`}
                    onClick={() => setEditing(reply)}
                  >
                    <IconEdit size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Delete">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete canned reply /${reply.name}`}
                    onClick={() => remove(reply)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          ))}
        </Stack>
      )}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add canned reply' : 'Edit canned reply'}
        centered
        radius="lg"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {editing !== null ? (
          <CannedReplyForm
            key={editing === 'new' ? 'new' : editing.id}
            reply={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </Card>
  );
}

/** Which field a 400 from the server names ("name: …" or "text: …"), so its message goes beside it. */
function fieldOfRefusal(message: string): { field: keyof CannedReplyRequest; message: string } | null {
  const match = /^(name|text): (.+)$/.exec(message);
  return match ? { field: match[1] as keyof CannedReplyRequest, message: match[2] ?? message } : null;
}

function CannedReplyForm({ reply, onDone }: { reply: CannedReply | null; onDone: () => void }) {
  const create = useCreateCannedReply();
  const update = useUpdateCannedReply();
  const saving = create.isPending || update.isPending;
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CannedReplyRequest>({
    mode: 'controlled',
    initialValues: { name: reply?.name ?? '', text: reply?.text ?? '' },
    validate: schemaResolver(cannedReplyFormSchema, { sync: true }),
  });
  useUnsavedChangesGuard(form.isDirty() && !saving);
  const textRef = useRef<HTMLTextAreaElement>(null);

  /** Puts a variable where the caret is in the reply (or at its end), and the caret after it. */
  const insertVariable = (variable: string) => {
    const textarea = textRef.current;
    const current = form.getValues().text;
    const start = textarea?.selectionStart ?? current.length;
    const end = textarea?.selectionEnd ?? current.length;
    const next = (current.slice(0, start) + variable + current.slice(end)).slice(0, CANNED_REPLY_TEXT_MAX);
    form.setFieldValue('text', next);
    const caret = Math.min(start + variable.length, next.length);
    requestAnimationFrame(() => {
      textarea?.focus();
      textarea?.setSelectionRange(caret, caret);
    });
  };

  const refused = (error: unknown) => {
    const message = serverRefusal(error);
    if (error instanceof ApiError && error.status === 409 && message) {
      form.setFieldError('name', message);
      return;
    }
    const field = message ? fieldOfRefusal(message) : null;
    if (field) form.setFieldError(field.field, field.message);
    else setFailure(message ?? SAVE_FAILED);
  };

  const submit = form.onSubmit((values) => {
    setFailure(null);
    const body = cannedReplyFormSchema.parse(values);
    const done = { onSuccess: onDone, onError: refused };
    if (reply) update.mutate({ id: reply.id, body }, done);
    else create.mutate(body, done);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorAlert>{failure}</ErrorAlert>
        <TextInput
          label="Name"
          description="What you type after / in a chat's message box, without spaces, e.g. hours"
          leftSection={<Text c="dimmed">/</Text>}
          maxLength={CANNED_REPLY_NAME_MAX}
          withAsterisk
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Textarea
          ref={textRef}
          label="Reply"
          description="Variables are filled in for the customer when you insert the reply in a chat, so you read the final text before sending."
          placeholder="Hi {first_name}, see you on {next_appointment} with {professional}."
          autosize
          minRows={4}
          maxRows={12}
          maxLength={CANNED_REPLY_TEXT_MAX}
          withAsterisk
          key={form.key('text')}
          {...form.getInputProps('text')}
        />
        <VariableChips onInsert={insertVariable} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" leftSection={<IconMessageBolt size={18} />} loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The variables a reply may hold, each a button that writes it into the reply at the caret. */
function VariableChips({ onInsert }: { onInsert: (variable: string) => void }) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" size="sm" fw={500} mb={4} p={0}>
        Variables
      </Text>
      <Stack gap={4}>
        {CANNED_REPLY_VARIABLES.map((variable) => (
          <Group key={variable.name} gap="xs" wrap="nowrap" align="center">
            <Button
              size="compact-xs"
              variant="light"
              radius="xl"
              ff="monospace"
              aria-label={`Insert {${variable.name}}: ${variable.description}`}
              // Keeps the caret where it is in the reply.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onInsert(`{${variable.name}}`)}
              style={{ flexShrink: 0 }}
            >
              {`{${variable.name}}`}
            </Button>
            <Text size="xs" c="dimmed">
              {variable.description}
            </Text>
          </Group>
        ))}
      </Stack>
      <Text size="xs" c="dimmed" mt={6}>
        Without a name the greeting reads on without it; any other variable with nothing to fill it stays as
        written, and the chat points it out.
      </Text>
    </fieldset>
  );
}
