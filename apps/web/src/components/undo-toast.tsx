import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';

/**
 * How long the toast offers Undo. The server keeps a deleted record restorable for longer (its undo
 * window, in the contract), so an Undo pressed as the toast closes still lands.
 */
const UNDO_TOAST_MS = 5_000;

type UndoToastOptions = { message: string; onUndo: () => void };

/** A toast with an Undo button for a few seconds; returns a function that hides it. */
export function showUndoToast({ message, onUndo }: UndoToastOptions): () => void {
  const id = notifications.show({
    color: 'gray',
    autoClose: UNDO_TOAST_MS,
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

type DeleteWithUndoOptions<T> = {
  /** The server's soft delete (notifications, canned replies): done at once, restorable for a while. */
  remove: (item: T) => Promise<unknown>;
  restore: (item: T) => Promise<unknown>;
  /** Takes the item out of the cached lists as the request goes. */
  hide: (item: T) => Promise<unknown>;
  /** Reloads from the server: after a refused delete, and after a restore or its refusal. */
  refetch: () => Promise<unknown>;
  /** What else to refresh once the server has deleted it (a count). */
  onDeleted?: () => Promise<unknown>;
  /** The toast's text once the server has deleted it. */
  message: (item: T) => string;
  failures: { remove: string; restore: string };
};

/**
 * Deletes on the server at once (a soft delete the server can restore), so a tab closed or signed
 * out right after loses nothing: nothing waits in the tab. The item leaves the lists as the request
 * goes; once the server has it, a toast offers Undo, which restores it there.
 */
export function useDeleteWithUndo<T>(options: DeleteWithUndoOptions<T>): (item: T) => void {
  const restore = useMutation({
    mutationFn: options.restore,
    meta: { failure: options.failures.restore },
    onSettled: () => options.refetch(),
    onError: (error) => console.error(options.failures.restore, error),
  });
  const remove = useMutation({
    mutationFn: options.remove,
    meta: { failure: options.failures.remove },
    onMutate: options.hide,
    onSuccess: (_data, item) => {
      showUndoToast({ message: options.message(item), onUndo: () => restore.mutate(item) });
      return options.onDeleted?.();
    },
    onError: (error) => {
      console.error(options.failures.remove, error);
      return options.refetch();
    },
  });
  return (item: T) => remove.mutate(item);
}
