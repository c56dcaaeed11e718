import { Button, Group, Modal, Text } from '@mantine/core';

type RemoveTimeOffModalProps = {
  /** What is being removed, e.g. 'Christmas (Thu, Dec 24 – Thu, Dec 31, 2026)'; null keeps the dialog closed. */
  subject: string | null;
  title: string;
  consequence: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before an exception or a closure goes: the slots it took away are offered again at once. */
export function RemoveTimeOffModal({
  subject,
  title,
  consequence,
  pending,
  onConfirm,
  onClose,
}: RemoveTimeOffModalProps) {
  return (
    <Modal opened={subject !== null} onClose={onClose} title={title} centered>
      <Text size="sm">
        <Text span fw={600}>
          {subject}
        </Text>
        . {consequence}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button color="red" loading={pending} onClick={onConfirm}>
          Remove
        </Button>
      </Group>
    </Modal>
  );
}
