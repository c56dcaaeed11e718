import { type Profile, type UpdateProfileRequest, updateProfileSchema } from '@chatdesk/contract/users';
import { Alert, Button, Group, Loader, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useUnsavedChangesGuard } from '../../../lib/unsaved-changes';
import { useProfile, useUpdateProfile } from '../api';
import { useFlashMessage } from '../use-flash-message';
import { FormAlerts } from './form-alerts';

const SAVED = 'Profile information saved successfully!';
const FAILED = 'Failed to save user information. Please try again.';

export function ProfileSection() {
  const profile = useProfile();

  if (profile.isPending) {
    return (
      <Group justify="center" py="md">
        <Loader size="sm" role="status" aria-label="Loading profile" />
      </Group>
    );
  }
  if (profile.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />}>
        Failed to load your profile. Please try again.
      </Alert>
    );
  }
  return <ProfileForm profile={profile.data} />;
}

function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const success = useFlashMessage();
  const form = useForm<UpdateProfileRequest>({
    mode: 'controlled',
    initialValues: { name: profile.name ?? '', email: profile.email ?? '' },
    validate: schemaResolver(updateProfileSchema, { sync: true }),
  });
  useUnsavedChangesGuard(form.isDirty() && !update.isPending);

  const handleSubmit = form.onSubmit((values) => {
    success.clear();
    update.reset();
    update.mutate(updateProfileSchema.parse(values), {
      onSuccess: () => {
        form.resetDirty();
        success.show(SAVED);
      },
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Name"
            placeholder="Your full name"
            autoComplete="name"
            withAsterisk
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Email"
            placeholder="you@example.com"
            type="email"
            autoComplete="email"
            withAsterisk
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
        </SimpleGrid>
        <FormAlerts success={success.message} error={update.isError ? FAILED : null} />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={update.isPending}>
            Save Profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
