import type { Employee } from '@chatdesk/contract/employees';
import { Button, Group, Modal, Text } from '@mantine/core';

type DeleteEmployeeModalProps = {
  employee: Employee | null;
  busy: boolean;
  onConfirm: (employee: Employee) => void;
  onClose: () => void;
};

export function DeleteEmployeeModal({ employee, busy, onConfirm, onClose }: DeleteEmployeeModalProps) {
  return (
    <Modal opened={employee !== null} onClose={onClose} title="Delete Employee" centered>
      <Text size="sm">
        Are you sure you want to delete <strong>{employee?.name}</strong>? They will no longer be able to sign
        in. Their appointments stay. This action cannot be undone.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button color="red" loading={busy} onClick={() => employee && onConfirm(employee)}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
