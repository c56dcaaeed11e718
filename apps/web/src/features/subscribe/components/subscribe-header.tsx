import { Avatar, Group, Stack, Text, Title } from '@mantine/core';
import { initials } from '../../../lib/format';

type SubscribeHeaderProps = { employee: { name: string; title: string | null } };

export function SubscribeHeader({ employee }: SubscribeHeaderProps) {
  return (
    <Group gap="lg" wrap="nowrap" align="flex-start">
      <Avatar size={64} radius="xl" color="brand" variant="filled" visibleFrom="xs" aria-hidden>
        {initials(employee.name)}
      </Avatar>
      <Stack gap={6} style={{ minWidth: 0 }}>
        <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2}>
          Subscribe with {employee.name}
        </Title>
        {employee.title ? (
          <Text c="dimmed" fw={500}>
            {employee.title}
          </Text>
        ) : null}
        <Text size="sm" maw={560}>
          Get exclusive premium content from {employee.name} with a monthly subscription: new material every
          month, available only to subscribers.
        </Text>
      </Stack>
    </Group>
  );
}
