import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { UNDO_WINDOW_MS } from '../lib/deferred-deletions';

type UndoToastOptions = { message: string; onUndo: () => void };

/** A toast with an Undo button for as long as the deletion waits; returns a function that hides it. */
export function showUndoToast({ message, onUndo }: UndoToastOptions): () => void {
  const id = notifications.show({
    color: 'gray',
    autoClose: UNDO_WINDOW_MS,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            notifications.hide(id);
            onUndo();
          }}
        >
          Undo
        </Button>
      </Group>
    ),
  });
  return () => notifications.hide(id);
}
