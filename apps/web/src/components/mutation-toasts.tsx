import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { setToaster } from '../lib/mutation-feedback';

/** Shows each staff mutation's success or failure text (its `meta`) as a toast while mounted. */
export function MutationToasts() {
  useEffect(
    () =>
      setToaster({
        success: (message) =>
          notifications.show({ color: 'green', icon: <IconCheck size={18} />, message, autoClose: 3000 }),
        failure: (message) =>
          notifications.show({ color: 'red', icon: <IconAlertCircle size={18} />, message, autoClose: 6000 }),
      }),
    [],
  );
  return null;
}
