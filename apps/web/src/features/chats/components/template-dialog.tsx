import { renderTemplate, type WhatsAppTemplate } from '@chatdesk/contract/chats';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { ApiError } from '../../../lib/api-client';
import { useSendTemplate, useWhatsAppTemplates } from '../api';

const SEND_FAILED = 'Failed to send the template';
const keyOf = (template: WhatsAppTemplate) => `${template.name}|${template.language}`;

type TemplateDialogProps = { chatId: string; opened: boolean; onClose: () => void };

/** Picks an approved WhatsApp template, fills its placeholders and sends it. */
export function TemplateDialog({ chatId, opened, onClose }: TemplateDialogProps) {
  const templates = useWhatsAppTemplates({ enabled: opened });
  const send = useSendTemplate(chatId);
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const [values, setValues] = useState<string[]>([]);
  const [showMissing, setShowMissing] = useState(false);

  const chosen = templates.data?.find((template) => keyOf(template) === chosenKey) ?? null;

  const close = () => {
    if (send.isPending) return;
    send.reset();
    setChosenKey(null);
    setValues([]);
    setShowMissing(false);
    onClose();
  };

  const choose = (key: string | null) => {
    send.reset();
    setChosenKey(key);
    setValues([]);
    setShowMissing(false);
  };

  const submit = () => {
    if (!chosen) return;
    const parameters = Array.from({ length: chosen.parameterCount }, (_, index) =>
      (values[index] ?? '').trim(),
    );
    if (parameters.some((value) => value === '')) {
      setShowMissing(true);
      return;
    }
    send.mutate({ name: chosen.name, language: chosen.language, parameters }, { onSuccess: close });
  };

  const sendError = send.isError
    ? (send.error instanceof ApiError && send.error.serverMessage) || SEND_FAILED
    : null;

  return (
    <Modal opened={opened} onClose={close} title="Send a WhatsApp template" centered size="lg">
      {templates.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading templates" />
        </Center>
      ) : templates.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Failed to load templates">
          {(templates.error instanceof ApiError && templates.error.serverMessage) ||
            'Check your connection and try again.'}
          <Button variant="white" color="red" size="xs" ml="sm" onClick={() => void templates.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : templates.data.length === 0 ? (
        <Stack align="center" gap="xs" py="lg" ta="center">
          <IconTemplate size={32} color="var(--mantine-color-gray-6)" />
          <Text fw={600}>No approved templates</Text>
          <Text size="sm" c="dimmed" maw={420}>
            Templates are written and approved in WhatsApp Manager. The server lists them once
            WHATSAPP_BUSINESS_ACCOUNT_ID is set.
          </Text>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            WhatsApp delivers only approved templates more than 24 hours after the customer's last message.
            Once they answer, you can write freely again.
          </Text>
          <Select
            label="Template"
            placeholder="Choose a template"
            data={templates.data.map((template) => ({
              value: keyOf(template),
              label: `${template.name} (${template.language})`,
            }))}
            value={chosenKey}
            onChange={choose}
            searchable
            checkIconPosition="right"
            comboboxProps={{ shadow: 'md' }}
          />
          {chosen
            ? Array.from({ length: chosen.parameterCount }, (_, index) => {
                const label = `Value for {{${index + 1}}}`;
                const value = values[index] ?? '';
                return (
                  <TextInput
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders are numbered, never reordered.
                    key={index}
                    label={label}
                    withAsterisk
                    value={value}
                    error={showMissing && value.trim() === '' ? 'Fill in this placeholder' : undefined}
                    onChange={(event) => {
                      const next = [...values];
                      next[index] = event.currentTarget.value;
                      setValues(next);
                    }}
                  />
                );
              })
            : null}
          {chosen ? (
            <Paper withBorder p="sm" radius="md" bg="var(--app-color-canvas)" aria-label="Preview">
              <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
                Preview
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {renderTemplate(chosen.body, values)}
              </Text>
            </Paper>
          ) : null}
          <ErrorAlert>{sendError}</ErrorAlert>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={send.isPending}>
              Cancel
            </Button>
            <Button onClick={submit} disabled={!chosen} loading={send.isPending}>
              Send Template
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
