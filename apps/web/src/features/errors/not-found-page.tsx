import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="md" maw={460} ta="center">
        <Text
          fw={800}
          fz={{ base: 96, sm: 128 }}
          lh={1}
          variant="gradient"
          gradient={{ from: 'brand.3', to: 'brand.7', deg: 135 }}
          aria-hidden
        >
          404
        </Text>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Page Not Found
        </Title>
        <Text c="dimmed">
          The page you are looking for does not exist or has been moved. Check the address or head back to the
          dashboard.
        </Text>
        <Button component={Link} to={paths.home} size="md" leftSection={<IconArrowLeft size={18} />} mt="sm">
          Go to Dashboard
        </Button>
      </Stack>
    </Center>
  );
}
