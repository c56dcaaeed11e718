import type { ClientDetail } from '@chatdesk/contract/clients';
import { confirmationKey } from '@chatdesk/contract/privacy';
import { Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { refusalText } from '../../../lib/mutation-feedback';

type EraseClientModalProps = {
  client: ClientDetail | null;
  busy: boolean;
  /** The failed erasure's error (a refusal names the appointments and subscriptions to end first), or null. */
  error: unknown;
  onConfirm: (typedName: string) => void;
  onClose: () => void;
};

/**
 * "Erase client": what goes, what the money records keep, and the client's name typed to
 * confirm, since nothing brings the data back.
 */
export function EraseClientModal({ client, busy, error, onConfirm, onClose }: EraseClientModalProps) {
  const [typed, setTyped] = useState('');
  const matches = client !== null && confirmationKey(typed) === confirmationKey(client.name);
  const close = () => {
    if (busy) return;
    setTyped('');
    onClose();
  };

  return (
    <Modal opened={client !== null} onClose={close} title="Erase client" centered size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (matches && !busy) onConfirm(typed);
        }}
      >
        <Stack gap="md">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Erasing <strong>{client?.name}</strong> removes their personal data everywhere, for good. Export
            it first if they asked for a copy.
          </Text>
          <div>
            <Text size="sm" fw={600}>
              Removed or made anonymous
            </Text>
            <List size="sm" spacing={2}>
              <List.Item>Their client record: name, phone, email, address and notes</List.Item>
              <List.Item>Their chats: contact details and the words of every message</List.Item>
              <List.Item>Emails sent to them, and their name in notifications and other emails</List.Item>
              <List.Item>
                Their name, email and phone on appointments and in the professionals' calendar feeds
              </List.Item>
            </List>
          </div>
          <div>
            <Text size="sm" fw={600}>
              Kept, without their name
            </Text>
            <List size="sm" spacing={2}>
              <List.Item>
                Payments ({client?.payments.length ?? 0}) and subscriptions keep their amounts, dates and
                references, as the law requires, under an anonymous id
              </List.Item>
              <List.Item>Past appointments stay in the calendar as "Erased client"</List.Item>
            </List>
          </div>
          <TextInput
            label="Type the client's name to confirm"
            description={client?.name}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          <ErrorAlert>{error ? refusalText(error, 'Failed to erase client') : null}</ErrorAlert>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={busy} disabled={!matches}>
              Erase client
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
