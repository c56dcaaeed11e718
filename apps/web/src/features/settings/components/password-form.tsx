import {
  type ChangePasswordRequest,
  type PasswordFormValues,
  validatePasswordForm,
} from '@chatdesk/contract/users';
import { Button, Group, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import { useUnsavedChangesGuard } from '../../../lib/unsaved-changes';

type PasswordFormProps = {
  onSubmit: (body: ChangePasswordRequest, reset: () => void) => void;
  busy: boolean;
  /** Success and error messages, shown above the submit button. */
  alerts?: React.ReactNode;
};

export const EMPTY_PASSWORD_FORM: PasswordFormValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

export function PasswordForm({ onSubmit, busy, alerts }: PasswordFormProps) {
  const form = useForm<PasswordFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_PASSWORD_FORM,
    validate: (values) => validatePasswordForm(values),
    // Each error goes away as soon as its own field is edited.
    clearInputErrorOnChange: true,
  });
  useUnsavedChangesGuard(form.isDirty() && !busy);

  const handleSubmit = form.onSubmit(({ currentPassword, newPassword }) =>
    onSubmit({ currentPassword, newPassword }, () => form.reset()),
  );

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <PasswordInput
          maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
          label="Current Password"
          autoComplete="current-password"
          withAsterisk
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            withAsterisk
            key={form.key('newPassword')}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm New Password"
            autoComplete="new-password"
            withAsterisk
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
        </SimpleGrid>
        {alerts}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconKey size={18} />} loading={busy}>
            Update Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
