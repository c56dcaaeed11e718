import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DISCARDS_CHANGES } from '../lib/unsaved-changes';
import { ErrorAlert } from './error-alert';

type FormActionsProps = {
  /** Why the last save failed, shown above the buttons. */
  error: string | null;
  /** Where Cancel goes, without saving (and without asking about unsaved changes). */
  cancelTo: string;
  /** Router state for Cancel's page, such as the list a record was opened from (lib/back-to.ts). */
  cancelState?: object;
  /** The form's submit button. */
  children: ReactNode;
};

/** The foot of a staff form: the save error, Cancel and the submit button. */
export function FormActions({ error, cancelTo, cancelState, children }: FormActionsProps) {
  return (
    <>
      <ErrorAlert>{error}</ErrorAlert>
      <Group justify="flex-end">
        <Button
          variant="default"
          component={Link}
          to={cancelTo}
          state={{ ...cancelState, ...DISCARDS_CHANGES }}
        >
          Cancel
        </Button>
        {children}
      </Group>
    </>
  );
}
