import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { refusalText } from '../lib/mutation-feedback';
import { ErrorAlert } from './error-alert';

type ConfirmRemovalModalProps<T> = {
  /** What is to be removed; the modal is open while it is set. */
  item: T | null;
  title: string;
  /** What removing it means, in words. */
  children: ReactNode;
  /** The removal, by the item's id. */
  remove: UseMutationResult<unknown, Error, string>;
  idOf: (item: T) => string;
  failure: string;
  onRemoved?: () => void;
  onClose: () => void;
};

/**
 * "Remove …?" with Cancel and a red Remove: the server's refusal is shown in the dialog, which
 * stays open until the removal succeeds or is cancelled.
 */
export function ConfirmRemovalModal<T>({
  item,
  title,
  children,
  remove,
  idOf,
  failure,
  onRemoved,
  onClose,
}: ConfirmRemovalModalProps<T>) {
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={item !== null} onClose={close} title={title} centered>
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
        <ErrorAlert>{remove.isError ? refusalText(remove.error, failure) : null}</ErrorAlert>
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button
          color="red"
          loading={remove.isPending}
          onClick={() =>
            item &&
            remove.mutate(idOf(item), {
              onSuccess: () => {
                onRemoved?.();
                close();
              },
            })
          }
        >
          Remove
        </Button>
      </Group>
    </Modal>
  );
}
