import { Alert, Anchor, Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconLinkOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../lib/api-client';
import { useBookingTexts } from '../lib/page-language';
import { paths } from '../lib/paths';

// What the public pages (booking, subscribe, a booking's or an offer's link) show while they load,
// fail, or find nothing behind their link.

/** A 404 for the page's employee leads to the not-found page; true while that happens. */
export function useNotFoundRedirect(error: unknown): boolean {
  const navigate = useNavigate();
  const notFound = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (notFound) void navigate(paths.notFound, { replace: true });
  }, [notFound, navigate]);
  return notFound;
}

export function PublicPageLoader({ label, text }: { label: string; text: string }) {
  return (
    <Center mih={320} role="status" aria-label={label}>
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed" size="sm">
          {text}
        </Text>
      </Stack>
    </Center>
  );
}

export function PublicPageError({ message }: { message: string }) {
  const texts = useBookingTexts();
  return (
    <Paper withBorder shadow="sm" p="xl" maw={520} mx="auto">
      <Stack gap="md">
        <Alert color="red" title={texts.error} icon={<IconAlertCircle size={20} />} role="alert">
          {message}
        </Alert>
        <Anchor component={Link} to={paths.home} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            {texts.returnHome}
          </Group>
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** A private link (a booking's, a waitlist offer's) that leads to nothing: what it is and what to do. */
export function LinkNotFound({ title, help }: { title: string; help: string }) {
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconLinkOff size={28} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
        <Text c="dimmed" size="sm" maw={420}>
          {help}
        </Text>
      </Stack>
    </Paper>
  );
}
