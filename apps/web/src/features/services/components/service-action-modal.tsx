import type { Service } from '@chatdesk/contract/services';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconArchive, IconRestore } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/error-alert';

type ServiceActionModalProps = {
  pending: { action: 'archive' | 'restore'; service: Service } | null;
  opened: boolean;
  busy: boolean;
  /** Why the server refused, shown in the dialog where the user acted. */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/** Archiving or restoring a service, asked first: it changes what every booking page offers. */
export function ServiceActionModal({
  pending,
  opened,
  busy,
  error,
  onConfirm,
  onClose,
}: ServiceActionModalProps) {
  const archive = pending?.action === 'archive';
  const name = pending?.service.name;
  return (
    <Modal
      opened={opened && pending !== null}
      onClose={onClose}
      title={archive ? 'Archive Service' : 'Restore Service'}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {archive ? (
          <Text size="sm">
            Archive <strong>{name}</strong>? It is no longer offered on booking pages or by the assistant.
            Appointments already booked keep it, and you can restore it later.
          </Text>
        ) : (
          <Text size="sm">
            Restore <strong>{name}</strong>? It is offered again on the booking pages of the professionals who
            offer it.
          </Text>
        )}
        <ErrorAlert>{error}</ErrorAlert>
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          color={archive ? 'red' : undefined}
          loading={busy}
          leftSection={archive ? <IconArchive size={16} /> : <IconRestore size={16} />}
          onClick={onConfirm}
        >
          {archive ? 'Archive' : 'Restore'}
        </Button>
      </Group>
    </Modal>
  );
}
