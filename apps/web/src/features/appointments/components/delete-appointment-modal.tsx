import { Button, Group, Modal, Text } from '@mantine/core';

type DeleteAppointmentModalProps = {
  opened: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

export function DeleteAppointmentModal({ opened, busy, onConfirm, onClose }: DeleteAppointmentModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Delete Appointment" centered>
      <Text size="sm">Are you sure you want to delete this appointment? This action cannot be undone.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button color="red" loading={busy} onClick={onConfirm}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
