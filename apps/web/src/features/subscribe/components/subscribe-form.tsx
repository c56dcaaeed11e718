import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconLock, IconMail, IconShieldLock } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { SUBSCRIBE_PAGE_MESSAGES } from '../messages';
import type { CardDriver, SubscribeStatus } from '../subscribe-flow';
import { isValidEmail } from '../subscribe-format';
import type { useSubscribe } from '../use-subscribe';

/** A card widget's answer before anything is sent: ready, or not (with a message when it has one). */
export type CardCheck = { ok: true; card: CardDriver } | { ok: false; message?: string };

export type SubscribeFormProps = {
  initialEmail: string;
  flow: ReturnType<typeof useSubscribe>;
};

type Props = SubscribeFormProps & {
  cardFields: ReactNode;
  checkCard: () => CardCheck;
  note: string;
};

function StatusMessage({ status }: { status: SubscribeStatus }) {
  if (status.kind === 'securityCheck') {
    return (
      <Alert color="blue" icon={<IconShieldLock size={20} />} role="status">
        {SUBSCRIBE_PAGE_MESSAGES.securityCheck}
      </Alert>
    );
  }
  if (status.kind === 'error') {
    return (
      <Alert color="red" title="Error" icon={<IconAlertCircle size={20} />} role="alert">
        {status.message}
      </Alert>
    );
  }
  return null;
}

/** Email, the provider's card fields and the submit button; the card widget decides when it is ready. */
export function SubscribeForm({ initialEmail, flow, cardFields, checkCard, note }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (flow.busy) return;
    const emailValid = isValidEmail(email);
    setEmailError(emailValid ? null : SUBSCRIBE_PAGE_MESSAGES.emailInvalid);
    const check = checkCard();
    if (!emailValid) return;
    if (!check.ok) {
      if (check.message) flow.fail(check.message);
      return;
    }
    flow.submit(email, check.card);
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Subscribe">
      <Stack gap="md">
        <TextInput
          label="Email Address"
          type="email"
          placeholder="you@example.com"
          autoComplete="email"
          leftSection={<IconMail size={16} />}
          value={email}
          error={emailError}
          disabled={flow.busy}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setEmailError(null);
          }}
        />
        {cardFields}
        <StatusMessage status={flow.status} />
        <Button
          type="submit"
          size="md"
          fullWidth
          disabled={flow.busy}
          leftSection={<IconLock size={17} />}
          mih={44}
        >
          {flow.busy ? 'Processing...' : 'Subscribe Now'}
        </Button>
        <Group gap={6} c="dimmed" wrap="nowrap" align="flex-start">
          <IconLock size={14} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="xs">{note}</Text>
        </Group>
      </Stack>
    </form>
  );
}
