import { type LoginRequest, loginRequestSchema } from '@chatdesk/contract/auth';
import {
  Box,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLock, IconMessageCircle, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { setToken } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useLogin, useLoginConfig } from './api';
import { LOGIN_FAILED, loginErrorMessage } from './login-error';

export function LoginPage() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useLoginConfig();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);

  const form = useForm<LoginRequest>({
    mode: 'controlled',
    initialValues: { username: '', password: '' },
    validate: schemaResolver(loginRequestSchema, { sync: true }),
  });

  const demo = config.data?.demo;
  const prefilled = useRef(false);
  const { isDirty, setValues } = form;
  useEffect(() => {
    // Demo credentials fill the form once, and never over what the user already typed.
    if (!demo || prefilled.current) return;
    prefilled.current = true;
    if (!isDirty()) setValues({ username: demo.username, password: demo.password });
  }, [demo, isDirty, setValues]);

  const handleSubmit = form.onSubmit((values) => {
    setError(null);
    login.mutate(values, {
      onSuccess: (data) => {
        if (!data?.token) {
          setError(LOGIN_FAILED);
          return;
        }
        setToken(data.token);
        // Nothing cached for a previous user may leak into this session.
        queryClient.removeQueries({ predicate: (query) => query.queryKey[1] !== 'config' });
        void navigate(paths.home, { replace: true });
      },
      onError: (cause) => setError(loginErrorMessage(cause)),
    });
  });

  return (
    <Box
      component="main"
      mih="100vh"
      style={{
        background:
          'radial-gradient(1200px 600px at 10% -10%, var(--app-color-hero), transparent 60%), radial-gradient(900px 500px at 110% 110%, var(--app-color-accent-soft), transparent 60%), var(--app-color-canvas)',
      }}
    >
      <Center mih="100vh" p="md">
        <Paper withBorder shadow="md" p={{ base: 'lg', sm: 36 }} w="100%" maw={420}>
          <Stack gap="lg">
            <Stack gap={6} align="center" ta="center">
              <ThemeIcon
                size={52}
                radius="xl"
                variant="gradient"
                gradient={{ from: 'brand.4', to: 'brand.8' }}
              >
                <IconMessageCircle size={28} />
              </ThemeIcon>
              <Title order={1} size="h2" mt="xs">
                Welcome back
              </Title>
              <Text c="dimmed" size="sm">
                Sign in to your dashboard to continue.
              </Text>
            </Stack>

            <form onSubmit={handleSubmit} noValidate>
              <Stack gap="md">
                <ErrorAlert>{error}</ErrorAlert>
                <TextInput
                  label="Username"
                  placeholder="Your username"
                  autoComplete="username"
                  leftSection={<IconUser size={16} />}
                  withAsterisk
                  autoFocus
                  key={form.key('username')}
                  {...form.getInputProps('username')}
                />
                <PasswordInput
                  label="Password"
                  placeholder="Your password"
                  autoComplete="current-password"
                  leftSection={<IconLock size={16} />}
                  withAsterisk
                  key={form.key('password')}
                  {...form.getInputProps('password')}
                />
                <Button type="submit" size="md" fullWidth loading={login.isPending} mt="xs">
                  Sign in
                </Button>
                {demo ? (
                  <Text size="xs" c="dimmed" ta="center">
                    Demo mode: the demo account is filled in for you.
                  </Text>
                ) : null}
              </Stack>
            </form>
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
