import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '../../../components/error-alert';

type DeleteClientModalProps = {
  client: { name: string } | null;
  busy: boolean;
  failed: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

export function DeleteClientModal({ client, busy, failed, onConfirm, onClose }: DeleteClientModalProps) {
  return (
    <Modal opened={client !== null} onClose={onClose} title="Delete Client" centered>
      <Stack gap="md">
        <Text size="sm">
          Are you sure you want to delete <strong>{client?.name}</strong>? Their payments and subscription
          records are removed too. This action cannot be undone.
        </Text>
        <ErrorAlert>{failed ? 'Failed to delete client' : null}</ErrorAlert>
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
