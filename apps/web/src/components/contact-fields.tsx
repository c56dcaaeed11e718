import type { ClientInfo } from '@chatdesk/contract/schedule';
import { CLIENT_INFO_MAX_LENGTH, type ClientInfoErrors } from '@chatdesk/contract/schedule-rules';
import { TextInput } from '@mantine/core';
import { IconAt, IconPhone, IconUser } from '@tabler/icons-react';
import { pageText, usePageLanguage } from '../lib/page-language';

/**
 * A customer's name, email and phone, as the public pages ask for them (the booking form, a
 * waitlist's join): the same labels, autocomplete and lengths everywhere, so a browser fills them
 * once. `phone` words the phone field where it differs (optional on a waitlist). In the page's
 * language, the contract's checks' messages too.
 */
export function ContactFields({
  values,
  errors,
  onChange,
  placeholders,
  phone,
}: {
  values: ClientInfo;
  errors: ClientInfoErrors;
  onChange: (field: keyof ClientInfo, value: string) => void;
  placeholders?: ClientInfo;
  phone?: { label: string; description?: string };
}) {
  const { say } = usePageLanguage();
  const texts = say.booking;
  const error = (message: string | undefined) => (message ? pageText(message, say) : undefined);
  return (
    <>
      <TextInput
        label={texts.fullName}
        placeholder={placeholders?.name}
        autoComplete="name"
        leftSection={<IconUser size={16} />}
        maxLength={CLIENT_INFO_MAX_LENGTH.name}
        value={values.name}
        error={error(errors.name)}
        onChange={(event) => onChange('name', event.currentTarget.value)}
      />
      <TextInput
        label={texts.emailAddress}
        placeholder={placeholders?.email}
        type="email"
        autoComplete="email"
        leftSection={<IconAt size={16} />}
        maxLength={CLIENT_INFO_MAX_LENGTH.email}
        value={values.email}
        error={error(errors.email)}
        onChange={(event) => onChange('email', event.currentTarget.value)}
      />
      <TextInput
        label={phone?.label ?? texts.phoneNumber}
        description={phone?.description}
        placeholder={placeholders?.phone}
        type="tel"
        autoComplete="tel"
        leftSection={<IconPhone size={16} />}
        maxLength={CLIENT_INFO_MAX_LENGTH.phone}
        value={values.phone}
        error={error(errors.phone)}
        onChange={(event) => onChange('phone', event.currentTarget.value)}
      />
    </>
  );
}
