import {
  type AssistantTest,
  assistantTestFormSchema,
  TEST_CONTAINS_MAX,
  TEST_EXPECTED_ACTION_LABELS,
  TEST_EXPECTED_ACTIONS,
  TEST_LINE_MAX,
  TEST_LINES_MAX,
  TEST_NAME_MAX,
  type TestExpectedAction,
} from '@chatdesk/contract/teaching';
import { ActionIcon, Button, Group, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconDeviceFloppy, IconPlus, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { serverRefusal } from '../../../lib/mutation-feedback';
import { useUnsavedChangesGuard } from '../../../lib/unsaved-changes';
import { useSaveAssistantTest } from '../../teaching/api';

const SAVE_FAILED = 'Failed to save the test. Please try again.';
const ACTION_OPTIONS = TEST_EXPECTED_ACTIONS.map((action) => ({
  value: action,
  label: TEST_EXPECTED_ACTION_LABELS[action],
}));

type TestValues = { name: string; lines: string[]; mustContain: string; mustDo: TestExpectedAction };

/** Which field a 400 from the server names ("lines.1: …"), so its message goes beside it. */
function fieldOfRefusal(message: string): { field: string; message: string } | null {
  const match = /^(name|lines(?:\.\d+)?|mustContain|mustDo): (.+)$/.exec(message);
  return match ? { field: match[1] ?? 'name', message: match[2] ?? message } : null;
}

type AssistantTestFormProps = { test: AssistantTest | null; onSaved: () => void; onCancel: () => void };

/** One case of the test set: a name, what the customer writes message by message, and what must come back. */
export function AssistantTestForm({ test, onSaved, onCancel }: AssistantTestFormProps) {
  const save = useSaveAssistantTest();
  const [failure, setFailure] = useState<string | null>(null);
  const linesId = useId();
  const form = useForm<TestValues>({
    mode: 'controlled',
    initialValues: {
      name: test?.name ?? '',
      lines: test?.lines ?? [''],
      mustContain: test?.mustContain ?? '',
      mustDo: test?.mustDo ?? 'answer',
    },
    validate: schemaResolver(assistantTestFormSchema, { sync: true }),
  });
  useUnsavedChangesGuard(form.isDirty() && !save.isPending);
  const { lines } = form.getValues();
  const lineId = (index: number) => `${linesId}-${index}`;

  const addLine = () => {
    form.insertListItem('lines', '');
    // The new message is the one to write next.
    requestAnimationFrame(() => document.getElementById(lineId(lines.length))?.focus());
  };

  const submit = form.onSubmit((values) => {
    setFailure(null);
    save.mutate(
      { id: test?.id ?? null, body: assistantTestFormSchema.parse(values) },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const message = serverRefusal(error);
          const field = message ? fieldOfRefusal(message) : null;
          if (field) form.setFieldError(field.field, field.message);
          else setFailure(message ?? SAVE_FAILED);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorAlert>{failure}</ErrorAlert>
        <TextInput
          label="Name"
          description="What the test checks, e.g. Opening hours on Saturday"
          maxLength={TEST_NAME_MAX}
          withAsterisk
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Text component="legend" size="sm" fw={500} p={0}>
            Customer messages{' '}
            <Text span c="red" inherit aria-hidden>
              *
            </Text>
          </Text>
          <Text size="xs" c="dimmed" mb={6}>
            What the customer writes, one message after another, in a new conversation.
          </Text>
          <Stack gap={6}>
            {lines.map((_line, index) => (
              <Group
                // biome-ignore lint/suspicious/noArrayIndexKey: messages have no identity besides their place.
                key={index}
                gap={6}
                wrap="nowrap"
                align="flex-start"
              >
                <TextInput
                  id={lineId(index)}
                  aria-label={`Customer message ${index + 1}`}
                  leftSection={
                    <Text size="xs" c="dimmed" aria-hidden>
                      {index + 1}
                    </Text>
                  }
                  maxLength={TEST_LINE_MAX}
                  style={{ flex: 1 }}
                  key={form.key(`lines.${index}`)}
                  {...form.getInputProps(`lines.${index}`)}
                />
                <Tooltip label="Remove message">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size={36}
                    aria-label={`Remove customer message ${index + 1}`}
                    disabled={lines.length === 1}
                    onClick={() => form.removeListItem('lines', index)}
                  >
                    <IconX size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
          </Stack>
          {form.errors.lines ? (
            <Text size="xs" c="red" mt={4} role="alert">
              {form.errors.lines}
            </Text>
          ) : null}
          <Button
            variant="subtle"
            size="compact-sm"
            mt={6}
            leftSection={<IconPlus size={16} />}
            disabled={lines.length >= TEST_LINES_MAX}
            onClick={addLine}
          >
            Add message
          </Button>
        </fieldset>
        <TextInput
          label="The last reply must contain"
          description="Accents and case aside. Leave empty to accept any words."
          maxLength={TEST_CONTAINS_MAX}
          key={form.key('mustContain')}
          {...form.getInputProps('mustContain')}
        />
        <Select
          label="What the assistant must do"
          data={ACTION_OPTIONS}
          allowDeselect={false}
          comboboxProps={{ shadow: 'md' }}
          key={form.key('mustDo')}
          {...form.getInputProps('mustDo')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={save.isPending}>
            Save test
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
