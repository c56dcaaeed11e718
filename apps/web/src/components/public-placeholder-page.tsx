import { Container, Paper, Text, Title } from '@mantine/core';

/** Stands in for a public screen that a later issue builds. */
export function PublicPlaceholderPage({ title }: { title: string }) {
  return (
    <Container size="sm" py={64}>
      <Paper withBorder p="xl">
        <Title order={2} mb="xs">
          {title}
        </Title>
        <Text c="dimmed">This page is coming soon.</Text>
      </Paper>
    </Container>
  );
}
