import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/error-alert';

type FormAlertsProps = { success: string | null; error: string | null };

export function FormAlerts({ success, error }: FormAlertsProps) {
  return (
    <>
      {success ? (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
          {success}
        </Alert>
      ) : null}
      <ErrorAlert>{error}</ErrorAlert>
    </>
  );
}
