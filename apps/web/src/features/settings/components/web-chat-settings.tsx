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
  CopyButton,
  Group,
  Radio,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
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
    <Card p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="web-chat-settings-title">
      <Stack gap="lg">
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
      <Stack gap="lg">
        <Switch
          label="Show the chat on my website"
          description="Off: the button disappears from your website and no visitor can write."
          key={form.key('enabled')}
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        <Textarea
          label="Allowed websites"
          description={`One address per line, like https://www.example.com (at most ${WEB_CHAT_MAX_ORIGINS}). The chat only opens on these websites.`}
          autosize
          minRows={2}
          maxRows={8}
          maw={520}
          key={form.key('origins')}
          {...form.getInputProps('origins')}
        />
        <TextInput
          label="Greeting"
          description="The first thing visitors read when they open the chat."
          maxLength={WEB_CHAT_GREETING_MAX}
          maw={520}
          key={form.key('greeting')}
          {...form.getInputProps('greeting')}
        />
        <Group gap="xl" align="flex-start">
          <ColorInput
            label="Colour"
            description="Of the chat button and the visitor's messages."
            format="hex"
            withEyeDropper={false}
            w={240}
            key={form.key('color')}
            {...form.getInputProps('color')}
          />
          <Radio.Group
            label="Position"
            description="Where the button sits on the page."
            key={form.key('position')}
            {...form.getInputProps('position')}
          >
            <Group gap="md" mt="xs">
              <Radio value="right" label="Bottom right" />
              <Radio value="left" label="Bottom left" />
            </Group>
          </Radio.Group>
        </Group>
        <Textarea
          label="Privacy note"
          description="Shown to visitors under the greeting: what you do with what they write (optional)."
          autosize
          minRows={2}
          maxRows={6}
          maxLength={WEB_CHAT_PRIVACY_NOTE_MAX}
          maw={520}
          key={form.key('privacyNote')}
          {...form.getInputProps('privacyNote')}
        />

        <ErrorAlert>{failure}</ErrorAlert>

        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={update.isPending}>
            Save web chat settings
          </Button>
        </Group>

        <Stack gap="xs">
          <Text size="sm" fw={500} id="web-chat-snippet-label">
            Code for your website
          </Text>
          <Text size="sm" c="dimmed">
            Paste this line into every page of your website, just before &lt;/body&gt;.
          </Text>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <Textarea
              aria-labelledby="web-chat-snippet-label"
              value={snippet}
              readOnly
              autosize
              minRows={2}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
            />
            <CopyButton value={snippet}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </Stack>
    </form>
  );
}
