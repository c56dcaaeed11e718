import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value of a detail page (an appointment, a client, a subscription), with its icon. */
export function DetailField({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <ThemeIcon variant="light" size={36} radius="md">
        {icon}
      </ThemeIcon>
      <Stack gap={2} miw={0} style={{ overflowWrap: 'anywhere' }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}
