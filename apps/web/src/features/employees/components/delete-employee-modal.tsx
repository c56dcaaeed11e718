import type { Employee } from '@chatdesk/contract/employees';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '../../../components/error-alert';

type DeleteEmployeeModalProps = {
  employee: Employee | null;
  busy: boolean;
  /** Why the server refused, shown in the dialog where the user acted. */
  error: string | null;
  onConfirm: (employee: Employee) => void;
  onClose: () => void;
};

export function DeleteEmployeeModal({ employee, busy, error, onConfirm, onClose }: DeleteEmployeeModalProps) {
  return (
    <Modal opened={employee !== null} onClose={onClose} title="Delete Employee" centered>
      <Stack gap="md">
        <Text size="sm">
          Are you sure you want to delete <strong>{employee?.name}</strong>? They will no longer be able to
          sign in. Their appointments stay. This action cannot be undone.
        </Text>
        <ErrorAlert>{error}</ErrorAlert>
      </Stack>
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
