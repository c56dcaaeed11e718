import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '../../../components/error-alert';
import { serverRefusal } from '../../../lib/mutation-feedback';

type DeleteClientModalProps = {
  client: { name: string } | null;
  busy: boolean;
  /** The failed deletion's error, or null. */
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
};

export function DeleteClientModal({ client, busy, error, onConfirm, onClose }: DeleteClientModalProps) {
  return (
    <Modal opened={client !== null} onClose={onClose} title="Delete Client" centered>
      <Stack gap="md">
        <Text size="sm">
          Are you sure you want to delete <strong>{client?.name}</strong>? Their payments and subscription
          records are removed too. This action cannot be undone.
        </Text>
        <ErrorAlert>
          {error ? (
            <>
              Failed to delete client
              {serverRefusal(error) ? <Text size="sm">{serverRefusal(error)}</Text> : null}
            </>
          ) : null}
        </ErrorAlert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
