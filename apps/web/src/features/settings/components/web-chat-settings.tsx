import {
  type UpdateWebChatSettingsRequest,
  WEB_CHAT_GREETING_MAX,
  WEB_CHAT_MAX_ORIGINS,
  WEB_CHAT_MESSAGES,
  WEB_CHAT_PRIVACY_NOTE_MAX,
  type WebChatSettings,
  webChatSnippet,
} from '@chatdesk/contract/web-chat';
import {
  Button,
  Card,
  ColorInput,
  Group,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { CopyField } from '../../../components/copy-field';
import { ErrorAlert } from '../../../components/error-alert';
import { serverRefusal } from '../../../lib/mutation-feedback';
import { useUnsavedChangesGuard } from '../../../lib/unsaved-changes';
import { useUpdateWebChatSettings, useWebChatSettings } from '../api';

const SAVE_FAILED = 'Failed to save the web chat settings. Please try again.';

type Values = {
  enabled: boolean;
  origins: string;
  greeting: string;
  color: string;
  position: 'right' | 'left';
  privacyNote: string;
};

const toValues = (settings: WebChatSettings): Values => ({
  enabled: settings.enabled,
  origins: settings.allowedOrigins.join('\n'),
  greeting: settings.greeting,
  color: settings.color,
  position: settings.position,
  privacyNote: settings.privacyNote,
});

const FIELDS: Record<string, keyof Values> = {
  allowedOrigins: 'origins',
  greeting: 'greeting',
  color: 'color',
  position: 'position',
  privacyNote: 'privacyNote',
};

/** The field a 400 names ("allowedOrigins.1: …", "color: …") and its message, so it shows beside it. */
export function fieldOfWebChatRefusal(message: string): { field: keyof Values; message: string } | null {
  const match = /^(\w+)(?:\.\d+)?: (.+)$/.exec(message);
  const field = match ? FIELDS[match[1]!] : undefined;
  return field ? { field, message: match![2]! } : null;
}

/** Settings → Web chat: the chat on the business's own website, and the line that puts it there. */
export function WebChatSettingsCard() {
  const settings = useWebChatSettings();
  return (
    <Card p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="web-chat-settings-title">
      <Stack gap="md">
        <div>
          <Title order={3} fz="lg" id="web-chat-settings-title">
            Web chat
          </Title>
          <Text size="sm" c="dimmed">
            A chat button on your website. Visitors talk to the same assistant and team as on WhatsApp.
          </Text>
        </div>
        {settings.isPending ? (
          <Stack gap="md" role="status" aria-label="Loading web chat settings">
            <Skeleton height={36} />
            <Skeleton height={90} />
            <Skeleton height={36} />
          </Stack>
        ) : settings.isError ? (
          <ErrorAlert>
            Failed to load the web chat settings.{' '}
            <Button variant="white" color="red" size="xs" ml="xs" onClick={() => void settings.refetch()}>
              Retry
            </Button>
          </ErrorAlert>
        ) : (
          <WebChatSettingsForm settings={settings.data} />
        )}
      </Stack>
    </Card>
  );
}

function WebChatSettingsForm({ settings }: { settings: WebChatSettings }) {
  const update = useUpdateWebChatSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({ mode: 'controlled', initialValues: toValues(settings) });
  useUnsavedChangesGuard(form.isDirty() && !update.isPending);
  // The server's public address when it has one (PUBLIC_URL, as booking links use): the dashboard may
  // be opened through another (a LAN address, a tunnel) that the website's visitors cannot reach.
  const snippet = webChatSnippet(settings.publicUrl ?? window.location.origin, settings.publicKey);

  const submit = form.onSubmit((values) => {
    setFailure(null);
    const allowedOrigins = values.origins
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (allowedOrigins.length > WEB_CHAT_MAX_ORIGINS) {
      form.setFieldError('origins', WEB_CHAT_MESSAGES.tooManyOrigins);
      return;
    }
    const body: UpdateWebChatSettingsRequest = {
      enabled: values.enabled,
      allowedOrigins,
      greeting: values.greeting,
      color: values.color,
      position: values.position,
      privacyNote: values.privacyNote,
    };
    update.mutate(body, {
      onSuccess: (saved) => {
        form.setValues(toValues(saved));
        form.resetDirty(toValues(saved));
      },
      onError: (error) => {
        const message = serverRefusal(error);
        const field = message ? fieldOfWebChatRefusal(message) : null;
        if (field) form.setFieldError(field.field, field.message);
        else setFailure(message ?? SAVE_FAILED);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Web chat settings">
      {/* Two columns on a laptop's width, so the section fits a 768 px high screen; one below. The
          colour and the position are stacked in their column, never side by side, so neither runs
          into the other at any width. */}
      <Stack gap="md">
        <Switch
          label="Show the chat on my website"
          description="Off: the button disappears from your website and no visitor can write."
          key={form.key('enabled')}
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl" verticalSpacing="md">
          <Stack gap="md">
            <Textarea
              label="Allowed websites"
              description={`One address per line, like https://www.example.com (at most ${WEB_CHAT_MAX_ORIGINS}). The chat only opens on these websites.`}
              autosize
              minRows={2}
              maxRows={6}
              key={form.key('origins')}
              {...form.getInputProps('origins')}
            />
            <Textarea
              label="Privacy note"
              description="Shown under the greeting: what you do with what visitors write (optional)."
              autosize
              minRows={2}
              maxRows={5}
              maxLength={WEB_CHAT_PRIVACY_NOTE_MAX}
              key={form.key('privacyNote')}
              {...form.getInputProps('privacyNote')}
            />
          </Stack>
          <Stack gap="md">
            <TextInput
              label="Greeting"
              description="The first thing visitors read when they open the chat."
              maxLength={WEB_CHAT_GREETING_MAX}
              key={form.key('greeting')}
              {...form.getInputProps('greeting')}
            />
            <ColorInput
              label="Colour"
              description="Of the chat button and the visitor's messages."
              format="hex"
              withEyeDropper={false}
              // The picker opens over the field before (the greeting), not over the position radios
              // people reach next: a click meant for them would land on the picker and change the colour.
              popoverProps={{ position: 'top-start' }}
              key={form.key('color')}
              {...form.getInputProps('color')}
            />
            <Radio.Group
              label="Position"
              description="Where the button sits on the page."
              key={form.key('position')}
              {...form.getInputProps('position')}
            >
              <Group gap="md" mt={6}>
                <Radio value="right" label="Bottom right" />
                <Radio value="left" label="Bottom left" />
              </Group>
            </Radio.Group>
          </Stack>
        </SimpleGrid>

        <ErrorAlert>{failure}</ErrorAlert>

        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={update.isPending}>
            Save web chat settings
          </Button>
        </Group>

        <CopyField
          label="Code for your website"
          description="Paste this line into every page of your website, just before </body>."
          value={snippet}
          code
        />
      </Stack>
    </form>
  );
}
