import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useRouteError } from 'react-router';

/** Shown when a page fails to render or its chunk cannot be loaded (for example after a deploy). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  console.error(error);
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={2}>Something went wrong</Title>
        <Text c="dimmed">The page could not be displayed. Reloading usually fixes this.</Text>
        <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
          Reload page
        </Button>
      </Stack>
    </Center>
  );
}
