import { CHAT_MESSAGES, type Contact } from '@chatdesk/contract/chats';
import { COPY_CONFIRMATION_MS, EMAIL_PATTERN } from '@chatdesk/contract/constants';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconCopy } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { DiscardChangesModal } from '../../../components/unsaved-changes-dialog';
import { serverRefusal } from '../../../lib/mutation-feedback';
import { useUnsavedChangesGuard } from '../../../lib/unsaved-changes';
import { useContact, useUpdateContact } from '../api';
import { formatPhone } from '../chat-format';

type ContactEditModalProps = { chatId: string; contactId: string; opened: boolean; onClose: () => void };

export function ContactEditModal({ chatId, contactId, opened, onClose }: ContactEditModalProps) {
  const contact = useContact(contactId, { enabled: opened });
  const [edited, setEdited] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Esc, a click outside or the close button would drop what was typed: ask first. Cancel is a clear choice.
  // The question comes after the form's dialog, so it opens on top of it.
  const dismiss = () => (edited ? setConfirming(true) : onClose());

  return (
    <>
      <Modal
        opened={opened}
        onClose={dismiss}
        title="Edit Contact Information"
        centered
        radius="lg"
        size="md"
      >
        {contact.isPending ? (
          <Center py="xl">
            <Loader role="status" aria-label="Loading contact" />
          </Center>
        ) : contact.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            Failed to load contact information
          </Alert>
        ) : (
          <ContactForm
            key={contact.data.id}
            chatId={chatId}
            contact={contact.data}
            onClose={onClose}
            onEditedChange={setEdited}
          />
        )}
      </Modal>
      <DiscardChangesModal
        opened={confirming}
        onStay={() => setConfirming(false)}
        onDiscard={() => {
          setConfirming(false);
          onClose();
        }}
      />
    </>
  );
}

type FormValues = { name: string; email: string; notes: string; profilePicture: string };
type FormErrors = Partial<Record<keyof FormValues, string>>;

function validate(values: FormValues): FormErrors {
  const errors: FormErrors = {};
  if (!values.name.trim()) errors.name = CHAT_MESSAGES.nameRequired;
  if (values.email.trim() && !EMAIL_PATTERN.test(values.email.trim()))
    errors.email = CHAT_MESSAGES.emailInvalid;
  if (values.profilePicture.trim() && !/^https?:\/\/\S+$/i.test(values.profilePicture.trim()))
    errors.profilePicture = CHAT_MESSAGES.urlInvalid;
  return errors;
}

function ContactForm({
  chatId,
  contact,
  onClose,
  onEditedChange,
}: {
  chatId: string;
  contact: Contact;
  onClose: () => void;
  onEditedChange: (edited: boolean) => void;
}) {
  const update = useUpdateContact(chatId);
  const [values, setValues] = useState<FormValues>({
    name: contact.name,
    email: contact.email ?? '',
    notes: contact.notes ?? '',
    profilePicture: contact.profilePicture ?? '',
  });
  const [errors, setErrors] = useState<FormErrors>({});
  const edited =
    values.name !== contact.name ||
    values.email !== (contact.email ?? '') ||
    values.notes !== (contact.notes ?? '') ||
    values.profilePicture !== (contact.profilePicture ?? '');
  const unsaved = edited && !update.isPending && !update.isSuccess;
  useUnsavedChangesGuard(unsaved);
  useEffect(() => {
    onEditedChange(unsaved);
    return () => onEditedChange(false);
  }, [unsaved, onEditedChange]);
  const phone = formatPhone(contact.prefix, contact.phone);

  const change = (field: keyof FormValues) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(
      {
        id: contact.id,
        body: {
          name: values.name.trim(),
          email: values.email.trim(),
          notes: values.notes,
          profilePicture: values.profilePicture.trim(),
          phone: contact.phone,
          prefix: contact.prefix,
        },
      },
      { onSuccess: onClose },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {update.isError ? (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            title="Failed to update contact information"
          >
            {serverRefusal(update.error)}
          </Alert>
        ) : null}
        <TextInput
          label="Name"
          required
          value={values.name}
          onChange={change('name')}
          error={errors.name}
          data-autofocus
        />
        <TextInput
          label="Email"
          type="email"
          value={values.email}
          onChange={change('email')}
          error={errors.email}
        />
        <TextInput
          label="Phone"
          value={phone}
          readOnly
          description="The phone number identifies the contact and cannot be changed."
          rightSectionWidth={96}
          rightSection={
            <CopyPhoneButton
              value={`${/^\d+$/.test(contact.prefix) ? '+' : ''}${contact.prefix}${contact.phone}`}
            />
          }
        />
        <Textarea
          label="Notes"
          autosize
          minRows={3}
          maxRows={8}
          value={values.notes}
          onChange={change('notes')}
        />
        <TextInput
          label="Profile Picture URL"
          type="url"
          placeholder="https://"
          value={values.profilePicture}
          onChange={change('profilePicture')}
          error={errors.profilePicture}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

async function writeClipboard(value: string) {
  try {
    await navigator.clipboard.writeText(value);
  } catch {
    // Without clipboard permission (plain http, some browsers) the old selection copy still works.
    const area = document.createElement('textarea');
    area.value = value;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

function CopyPhoneButton({ value }: { value: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    await writeClipboard(value);
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };

  return (
    <Button
      size="compact-xs"
      variant={copied ? 'light' : 'subtle'}
      color={copied ? 'teal' : 'brand'}
      leftSection={copied ? <IconCheck size={12} /> : <IconCopy size={12} />}
      onClick={() => void copy()}
      aria-label={copied ? 'Copied!' : 'Copy phone number'}
    >
      {copied ? 'Copied!' : 'Copy'}
    </Button>
  );
}
