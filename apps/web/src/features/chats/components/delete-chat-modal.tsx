import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { serverRefusal } from '../../../lib/mutation-feedback';
import { paths } from '../../../lib/paths';
import { useDeleteChat } from '../api';

type DeleteChatModalProps = { chatId: string; opened: boolean; onClose: () => void };

export function DeleteChatModal({ chatId, opened, onClose }: DeleteChatModalProps) {
  const remove = useDeleteChat();
  const navigate = useNavigate();

  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };

  const confirm = () =>
    remove.mutate(chatId, {
      onSuccess: () => void navigate(paths.dashboard, { replace: true }),
    });

  return (
    <Modal opened={opened} onClose={close} title="Delete Chat" centered radius="lg">
      <Text size="sm">
        Are you sure you want to delete this chat? This will permanently remove the chat, all messages, and
        the contact. This action cannot be undone.
      </Text>
      {remove.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} mt="md" title="Failed to delete chat">
          {serverRefusal(remove.error)}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button color="red" onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </Group>
    </Modal>
  );
}
