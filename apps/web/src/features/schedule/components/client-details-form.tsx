import type { ClientInfo } from '@chatdesk/contract/schedule';
import type { ClientInfoErrors } from '@chatdesk/contract/schedule-rules';
import { Button, Stack } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { ContactFields } from '../../../components/contact-fields';
import { useBookingTexts } from '../../../lib/page-language';

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
  submitLabel,
}: ClientDetailsFormProps) {
  const texts = useBookingTexts();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={texts.yourDetails}>
      <Stack gap="md">
        <ContactFields
          values={values}
          errors={errors}
          onChange={onChange}
          placeholders={{ name: 'Jane Doe', email: 'you@example.com', phone: '+34 600 000 000' }}
        />
        <Button type="submit" size="md" rightSection={<IconArrowRight size={18} />} fullWidth mt="xs">
          {submitLabel ?? texts.proceedToPayment}
        </Button>
      </Stack>
    </form>
  );
}
