import type { ClientInfo } from '@chatdesk/contract/schedule';
import { CLIENT_INFO_MAX_LENGTH, type ClientInfoErrors } from '@chatdesk/contract/schedule-rules';
import { Button, Stack, TextInput } from '@mantine/core';
import { IconArrowRight, IconAt, IconPhone, IconUser } from '@tabler/icons-react';
import type { FormEvent } from 'react';

type ClientDetailsFormProps = {
  values: ClientInfo;
  errors: ClientInfoErrors;
  onChange: (field: keyof ClientInfo, value: string) => void;
  onSubmit: () => void;
  /** The button's words; the spec's 'Proceed to Payment' unless the service is free. */
  submitLabel?: string | undefined;
};

export function ClientDetailsForm({
  values,
  errors,
  onChange,
  onSubmit,
  submitLabel = 'Proceed to Payment',
}: ClientDetailsFormProps) {
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Your details">
      <Stack gap="md">
        <TextInput
          label="Full Name"
          placeholder="Jane Doe"
          autoComplete="name"
          leftSection={<IconUser size={16} />}
          maxLength={CLIENT_INFO_MAX_LENGTH.name}
          value={values.name}
          error={errors.name}
          onChange={(event) => onChange('name', event.currentTarget.value)}
        />
        <TextInput
          label="Email Address"
          placeholder="you@example.com"
          type="email"
          autoComplete="email"
          leftSection={<IconAt size={16} />}
          maxLength={CLIENT_INFO_MAX_LENGTH.email}
          value={values.email}
          error={errors.email}
          onChange={(event) => onChange('email', event.currentTarget.value)}
        />
        <TextInput
          label="Phone number"
          placeholder="+34 600 000 000"
          type="tel"
          autoComplete="tel"
          leftSection={<IconPhone size={16} />}
          maxLength={CLIENT_INFO_MAX_LENGTH.phone}
          value={values.phone}
          error={errors.phone}
          onChange={(event) => onChange('phone', event.currentTarget.value)}
        />
        <Button type="submit" size="md" rightSection={<IconArrowRight size={18} />} fullWidth mt="xs">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
