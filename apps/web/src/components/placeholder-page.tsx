import { Paper, Text } from '@mantine/core';
import { PageHeader } from './page-header';

/** Stands in for a screen that a later issue builds. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder p="xl">
        <Text c="dimmed">This page is coming soon.</Text>
      </Paper>
    </>
  );
}
