import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';

type FormAlertsProps = { success: string | null; error: string | null };

export function FormAlerts({ success, error }: FormAlertsProps) {
  return (
    <>
      {success ? (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
          {success}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {error}
        </Alert>
      ) : null}
    </>
  );
}
