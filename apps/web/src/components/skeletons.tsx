import { Box, Card, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/**
 * Placeholders in the shape of what is loading, so the page keeps its layout and the eye knows
 * where the content will appear (instead of a spinner in an empty page).
 */
export type SkeletonShape = 'list' | 'detail' | 'form';

export function ContentSkeleton({ shape }: { shape: SkeletonShape }) {
  if (shape === 'detail') return <DetailSkeleton />;
  if (shape === 'form') return <FormSkeleton />;
  return <ListSkeleton />;
}

const ROWS = [72, 58, 66, 50, 62, 55];

function ListSkeleton() {
  return (
    <Card p={0}>
      <Box px="md" py="sm" style={{ borderBottom: '1px solid var(--app-color-border)' }}>
        <Skeleton height={12} width="40%" radius="sm" />
      </Box>
      {ROWS.map((width, index) => (
        <Group
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder rows.
          key={index}
          px="md"
          py="sm"
          gap="md"
          wrap="nowrap"
          style={{ borderBottom: '1px solid var(--app-color-border-faint)' }}
        >
          <Skeleton height={36} circle />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={12} width={`${width}%`} radius="sm" />
            <Skeleton height={10} width={`${width - 25}%`} radius="sm" />
          </Stack>
          <Skeleton height={20} width={64} radius="sm" visibleFrom="sm" />
        </Group>
      ))}
    </Card>
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="lg">
      <Card p="lg">
        <Group gap="md" wrap="nowrap">
          <Skeleton height={56} circle />
          <Stack gap={10} style={{ flex: 1 }}>
            <Skeleton height={20} width="45%" radius="sm" />
            <Skeleton height={12} width="30%" radius="sm" />
          </Stack>
        </Group>
      </Card>
      <Card p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {ROWS.map((width, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder fields.
            <Group key={index} gap="sm" wrap="nowrap">
              <Skeleton height={36} width={36} radius="md" />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton height={10} width="30%" radius="sm" />
                <Skeleton height={12} width={`${width}%`} radius="sm" />
              </Stack>
            </Group>
          ))}
        </SimpleGrid>
      </Card>
    </Stack>
  );
}

function FormSkeleton() {
  return (
    <Card p="lg">
      <Stack gap="lg">
        {ROWS.slice(0, 5).map((width, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder fields.
          <Stack key={index} gap={8}>
            <Skeleton height={10} width={`${width / 3}%`} radius="sm" />
            <Skeleton height={36} radius="md" />
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
