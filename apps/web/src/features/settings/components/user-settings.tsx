import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconLock, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useLogout } from '../../auth/api';
import { useChangePassword } from '../api';
import { useFlashMessage } from '../use-flash-message';
import { AlertSettings } from './alert-settings';
import { AppearanceSection } from './appearance-section';
import { CollapsibleSection } from './collapsible-section';
import { FormAlerts } from './form-alerts';
import { PasswordForm } from './password-form';
import { ProfileSection } from './profile-section';

const PASSWORD_CHANGED = 'Password changed successfully!';
const PASSWORD_FAILED = 'Failed to change password. Please try again.';

export function UserSettings() {
  const navigate = useNavigate();
  const logout = useLogout();
  const [profileOpened, setProfileOpened] = useState(false);
  const [passwordOpened, setPasswordOpened] = useState(false);
  const [passwordFormKey, setPasswordFormKey] = useState(0);

  const changePassword = useChangePassword();
  const passwordSuccess = useFlashMessage();
  const passwordError =
    changePassword.error instanceof ApiError && changePassword.error.serverMessage
      ? changePassword.error.serverMessage
      : changePassword.isError
        ? PASSWORD_FAILED
        : null;

  const togglePassword = () => {
    // Closing the section throws the form away, so reopening starts from empty fields without errors.
    if (passwordOpened) {
      changePassword.reset();
      passwordSuccess.clear();
      setPasswordFormKey((key) => key + 1);
    }
    setPasswordOpened((opened) => !opened);
  };

  const handleLogout = () =>
    logout.mutate(undefined, { onSettled: () => void navigate(paths.login, { replace: true }) });

  return (
    <Stack gap="md">
      <CollapsibleSection
        title="Profile Information"
        description="Your name and email address."
        icon={<IconUserCircle size={22} />}
        opened={profileOpened}
        onToggle={() => setProfileOpened((opened) => !opened)}
      >
        <ProfileSection />
      </CollapsibleSection>

      <CollapsibleSection
        title="Change Password"
        description="Use at least 8 characters."
        icon={<IconLock size={22} />}
        opened={passwordOpened}
        onToggle={togglePassword}
      >
        <PasswordForm
          key={passwordFormKey}
          busy={changePassword.isPending}
          alerts={<FormAlerts success={passwordSuccess.message} error={passwordError} />}
          onSubmit={(body, reset) => {
            passwordSuccess.clear();
            changePassword.reset();
            changePassword.mutate(body, {
              onSuccess: () => {
                reset();
                passwordSuccess.show(PASSWORD_CHANGED);
              },
            });
          }}
        />
      </CollapsibleSection>

      <AppearanceSection />

      <AlertSettings />

      <Card p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" wrap="wrap" gap="md">
          <div>
            <Text fw={600}>Sign out</Text>
            <Text size="sm" c="dimmed">
              End your session on this device.
            </Text>
          </div>
          <Button
            color="red"
            variant="light"
            leftSection={<IconLogout size={18} />}
            loading={logout.isPending}
            onClick={handleLogout}
          >
            Logout
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
