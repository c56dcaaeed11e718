import type { AppointmentReminder } from '@chatdesk/contract/manage-booking';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  CopyButton,
  Divider,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconBrandWhatsapp, IconCheck, IconCopy, IconExternalLink, IconMail } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/error-alert';
import { historyText } from '../../../lib/appointment-history';
import { formatHours } from '../../../lib/format';
import { formatZonedInstant } from '../../../lib/zone-time';
import { useCompany } from '../../settings/api';
import { useAppointmentHistory } from '../api';

const REMINDER_STATUS = {
  planned: { label: 'Planned', color: 'blue', when: 'Due' },
  sent: { label: 'Sent', color: 'teal', when: 'Sent' },
  failed: { label: 'Failed', color: 'red', when: 'Due' },
  skipped: { label: 'Skipped', color: 'gray', when: 'Due' },
} as const satisfies Record<AppointmentReminder['status'], { label: string; color: string; when: string }>;

const CHANNELS = {
  whatsapp: { label: 'WhatsApp', icon: IconBrandWhatsapp },
  email: { label: 'Email', icon: IconMail },
} as const satisfies Record<AppointmentReminder['channel'], { label: string; icon: unknown }>;

/** What happened to the appointment, the reminders it gets, and the link its customer manages it with. */
export function AppointmentHistoryCard({ appointmentId }: { appointmentId: string }) {
  const history = useAppointmentHistory(appointmentId);
  // Times on the business's clock, as the appointment itself is shown; the browser's until it loads.
  const timeZone = useCompany().data?.timeZone;

  return (
    <Card p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="appointment-history">
      <Stack gap="lg">
        <Title order={2} fz="lg" id="appointment-history">
          History
        </Title>
        {history.isPending ? (
          <Stack gap="xs" role="status" aria-label="Loading history">
            <Skeleton height={20} />
            <Skeleton height={20} />
            <Skeleton height={20} />
          </Stack>
        ) : history.isError ? (
          <ErrorAlert>Failed to load the history</ErrorAlert>
        ) : (
          <>
            {history.data.items.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nothing has happened to this appointment yet.
              </Text>
            ) : (
              <Stack gap="xs" component="ol" p={0} m={0} aria-label="History" style={{ listStyle: 'none' }}>
                {history.data.items.map((event) => (
                  <Group
                    key={`${event.at}|${event.kind}`}
                    component="li"
                    justify="space-between"
                    gap="xs"
                    wrap="wrap"
                    style={{ rowGap: 0 }}
                  >
                    <Text size="sm" fw={500}>
                      {historyText(event)}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {formatZonedInstant(event.at, timeZone)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            )}

            <Divider />
            <Stack gap="sm">
              <Title order={3} fz="md">
                Reminders
              </Title>
              <Reminders reminders={history.data.reminders} timeZone={timeZone} />
            </Stack>

            <Divider />
            <ManageLink url={history.data.manageUrl} />
          </>
        )}
      </Stack>
    </Card>
  );
}

function Reminders({
  reminders,
  timeZone,
}: {
  reminders: AppointmentReminder[];
  timeZone: string | undefined;
}) {
  if (reminders.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No reminders planned
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" p={0} m={0} aria-label="Reminders" style={{ listStyle: 'none' }}>
      {reminders.map((reminder) => {
        const status = REMINDER_STATUS[reminder.status];
        const channel = CHANNELS[reminder.channel];
        const Icon = channel.icon;
        const at = reminder.status === 'sent' && reminder.sentAt ? reminder.sentAt : reminder.dueAt;
        return (
          <Group
            key={`${reminder.hoursBefore}-${reminder.channel}`}
            component="li"
            justify="space-between"
            align="flex-start"
            gap="xs"
            wrap="nowrap"
          >
            <Group gap="sm" align="flex-start" wrap="nowrap" miw={0}>
              <Icon size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={500}>
                  {channel.label}, {formatHours(reminder.hoursBefore)} before
                </Text>
                <Text size="sm" c="dimmed">
                  {status.when} {formatZonedInstant(at, timeZone)}
                </Text>
                {reminder.error && (reminder.status === 'failed' || reminder.status === 'skipped') ? (
                  <Text
                    size="sm"
                    c={reminder.status === 'failed' ? 'red' : 'dimmed'}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {reminder.error}
                  </Text>
                ) : null}
              </Stack>
            </Group>
            <Badge variant="light" color={status.color} style={{ flexShrink: 0 }}>
              {status.label}
            </Badge>
          </Group>
        );
      })}
    </Stack>
  );
}

function ManageLink({ url }: { url: string }) {
  return (
    <TextInput
      label="Customer's booking link"
      description="The customer sees, moves or cancels the appointment with it. Their emails and reminders carry it."
      value={url}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      // The label and its description span the card; the box and its Copy button share a row.
      inputContainer={(input) => (
        <Group gap="xs" wrap="nowrap" align="center">
          <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'default'}
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
                w={110}
                style={{ flexShrink: 0 }}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      )}
      rightSection={
        <Tooltip label="Open the customer's page">
          <ActionIcon
            component="a"
            href={url}
            target="_blank"
            rel="noreferrer"
            variant="subtle"
            color="gray"
            aria-label="Open the customer's page"
          >
            <IconExternalLink size={16} />
          </ActionIcon>
        </Tooltip>
      }
    />
  );
}
