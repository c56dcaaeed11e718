import {
  BOOKING_SETTINGS_MESSAGES,
  type BookingSettings,
  MAX_POLICY_HOURS,
  MAX_REMINDERS,
} from '@chatdesk/contract/company';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Input,
  NumberInput,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { serverRefusal } from '../../../lib/mutation-feedback';
import { useUnsavedChangesGuard } from '../../../lib/unsaved-changes';
import { useBookingSettings, useUpdateBookingSettings } from '../api';

const SAVE_FAILED = 'Failed to save the booking settings. Please try again.';

/** NumberInput answers '' while its box is empty. */
type Hours = number | string;

type BookingSettingsValues = {
  freeCancellationHours: Hours;
  remindersEnabled: boolean;
  reminderHours: Hours[];
  noShowFollowUp: boolean;
};

const toValues = (settings: BookingSettings): BookingSettingsValues => ({ ...settings });

/**
 * The field a 400 names ("freeCancellationHours: …", "reminderHours.1: …") and its message, so
 * it shows beside that field.
 */
export function fieldOfRefusal(message: string): { field: string; message: string } | null {
  const match = /^(freeCancellationHours|reminderHours(?:\.\d+)?): (.+)$/.exec(message);
  return match ? { field: match[1]!, message: match[2]! } : null;
}

/** The cancellation policy customers see on their booking page, and the messages they get. */
export function BookingSettingsCard() {
  const settings = useBookingSettings();
  return (
    <Card p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="booking-settings-title">
      <Stack gap="lg">
        <div>
          <Title order={3} fz="lg" id="booking-settings-title">
            Bookings
          </Title>
          <Text size="sm" c="dimmed">
            How customers may change their appointments online, and the messages they get.
          </Text>
        </div>
        {settings.isPending ? (
          <Stack gap="md" role="status" aria-label="Loading booking settings">
            <Skeleton height={56} />
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        ) : settings.isError ? (
          <ErrorAlert>
            Failed to load the booking settings.{' '}
            <Button variant="white" color="red" size="xs" ml="xs" onClick={() => void settings.refetch()}>
              Retry
            </Button>
          </ErrorAlert>
        ) : (
          <BookingSettingsForm settings={settings.data} />
        )}
      </Stack>
    </Card>
  );
}

function BookingSettingsForm({ settings }: { settings: BookingSettings }) {
  const update = useUpdateBookingSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<BookingSettingsValues>({ mode: 'controlled', initialValues: toValues(settings) });
  useUnsavedChangesGuard(form.isDirty() && !update.isPending);
  const { reminderHours, remindersEnabled } = form.values;

  const refused = (error: unknown) => {
    const message = serverRefusal(error);
    const field = message ? fieldOfRefusal(message) : null;
    if (field) form.setFieldError(field.field, field.message);
    else setFailure(message ?? SAVE_FAILED);
  };

  // The ranges are the server's to check (its messages come from the contract); an empty box
  // cannot even be sent.
  const submit = form.onSubmit((values) => {
    setFailure(null);
    const errors: Record<string, string> = {};
    if (values.freeCancellationHours === '') {
      errors.freeCancellationHours = BOOKING_SETTINGS_MESSAGES.hoursInvalid;
    }
    values.reminderHours.forEach((hours, index) => {
      if (hours === '') errors[`reminderHours.${index}`] = BOOKING_SETTINGS_MESSAGES.reminderHoursInvalid;
    });
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    const body: BookingSettings = {
      ...values,
      freeCancellationHours: Number(values.freeCancellationHours),
      reminderHours: values.reminderHours.map(Number),
    };
    update.mutate(body, {
      onSuccess: (saved) => {
        // The server keeps the reminders largest first: show them as they are kept.
        form.setValues(toValues(saved));
        form.resetDirty(toValues(saved));
      },
      onError: refused,
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Booking settings">
      <Stack gap="lg">
        <NumberInput
          label="Free cancellation until"
          description="Hours before the appointment. Until then customers cancel with a refund and reschedule online; 0 = until it starts."
          min={0}
          max={MAX_POLICY_HOURS}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          hideControls
          rightSection={<HoursSuffix text="hours before the appointment" />}
          rightSectionWidth={220}
          rightSectionPointerEvents="none"
          maw={420}
          key={form.key('freeCancellationHours')}
          {...form.getInputProps('freeCancellationHours')}
        />

        <Stack gap="sm">
          <Switch
            label="Send reminders"
            description="By WhatsApp and email, at the times below."
            key={form.key('remindersEnabled')}
            {...form.getInputProps('remindersEnabled', { type: 'checkbox' })}
          />
          <Stack gap="xs" role="group" aria-labelledby="reminder-times-label" pl={{ base: 0, sm: 54 }}>
            <Text size="sm" fw={500} id="reminder-times-label">
              Reminder times (hours before the appointment)
            </Text>
            {reminderHours.map((_hours, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a reminder is its place in the list, as the server's errors name it.
              <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
                <NumberInput
                  label={`Reminder ${index + 1}`}
                  min={1}
                  max={MAX_POLICY_HOURS}
                  clampBehavior="none"
                  allowDecimal={false}
                  allowNegative={false}
                  hideControls
                  disabled={!remindersEnabled}
                  rightSection={<HoursSuffix text="hours before" />}
                  rightSectionWidth={110}
                  rightSectionPointerEvents="none"
                  w={240}
                  key={form.key(`reminderHours.${index}`)}
                  {...form.getInputProps(`reminderHours.${index}`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mt={25}
                  aria-label={`Remove reminder ${index + 1}`}
                  disabled={!remindersEnabled}
                  onClick={() => form.removeListItem('reminderHours', index)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            ))}
            {form.errors.reminderHours ? <Input.Error>{form.errors.reminderHours}</Input.Error> : null}
            <Group>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={16} />}
                disabled={!remindersEnabled || reminderHours.length >= MAX_REMINDERS}
                onClick={() => form.insertListItem('reminderHours', '')}
              >
                Add reminder
              </Button>
            </Group>
          </Stack>
        </Stack>

        <Switch
          label="Send a rebooking message after a no-show"
          description="When you mark an appointment as No Show, the customer gets a friendly message with the booking link."
          key={form.key('noShowFollowUp')}
          {...form.getInputProps('noShowFollowUp', { type: 'checkbox' })}
        />

        <ErrorAlert>{failure}</ErrorAlert>

        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={update.isPending}>
            Save booking settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function HoursSuffix({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed" w="100%" pr="sm" ta="right" style={{ whiteSpace: 'nowrap' }} aria-hidden>
      {text}
    </Text>
  );
}
