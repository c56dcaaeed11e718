import { Card } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';

/** What a page shows in place of a record the server does not know (deleted, or a wrong link). */
export function NotFoundCard(props: {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card p={0}>
      <EmptyState {...props} />
    </Card>
  );
}
