import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A failure said in words, announced to screen readers; nothing when there is none. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
      {children}
    </Alert>
  );
}
