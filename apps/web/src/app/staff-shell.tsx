import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import './global.css';

import { Notifications } from '@mantine/notifications';
import { MutationToasts } from '../components/mutation-toasts';
import { UnsavedChangesDialog } from '../components/unsaved-changes-dialog';
import { MantineShell } from './mantine-shell';
import classes from './staff-shell.module.css';

/** Staff pages: every Mantine style and the toast notifications. */
export function StaffShell() {
  return (
    <MantineShell>
      <Notifications position="top-right" classNames={{ root: classes.toasts }} />
      <MutationToasts />
      <UnsavedChangesDialog />
    </MantineShell>
  );
}
