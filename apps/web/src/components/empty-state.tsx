import { Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

type EmptyStateProps = { icon: ReactNode; title: string; description?: ReactNode; action?: ReactNode };

export function EmptyState({ icon, title, description, action }: EmptyStateProps) {
  return (
    <Stack align="center" gap="xs" py={48} px="md" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray">
        {icon}
      </ThemeIcon>
      <Text fw={600} size="lg" mt="xs">
        {title}
      </Text>
      {description ? (
        <Text c="dimmed" size="sm" maw={420}>
          {description}
        </Text>
      ) : null}
      {action}
    </Stack>
  );
}
