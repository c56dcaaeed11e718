import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The quiet 'Back to …' link above a detail page. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Button
      component={Link}
      to={to}
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      mb="md"
      px="xs"
    >
      {children}
    </Button>
  );
}
