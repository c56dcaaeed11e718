import type { ClientInfo } from '@chatdesk/contract/schedule';
import { formatDuration } from '@chatdesk/contract/schedule-rules';
import type { PublicService } from '@chatdesk/contract/services';
import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Slot } from '../../../components/slots/slot-calendar';
import { VisitorTime } from '../../../components/slots/visitor-time';
import { formatServicePrice } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/page-language';
import { formatLongDate, formatTimeRange } from '../../../lib/wall-clock';

type AppointmentSummaryProps = {
  slot: Slot;
  /** Named when the professional offers several services. */
  service: PublicService | null;
  /** The service's length: the time range ends that much after the start. */
  minutes: number;
  client: ClientInfo;
  amount: number;
  currency: string;
  timeZone: string;
};

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}

export function AppointmentSummary({
  slot,
  service,
  minutes,
  client,
  amount,
  currency,
  timeZone,
}: AppointmentSummaryProps) {
  const { say } = usePageLanguage();
  const texts = say.booking;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      bg="var(--app-color-surface)"
      component="section"
      aria-labelledby="appointment-summary"
    >
      <Title order={3} size="h5" mb="sm" id="appointment-summary">
        {texts.summary}
      </Title>
      <Stack gap={8}>
        <Row label={texts.name} value={client.name} />
        <Row label={texts.email} value={client.email} />
        <Row label={texts.phone} value={client.phone} />
        {service ? (
          <Row label={texts.service} value={`${service.name} (${formatDuration(service.durationMinutes)})`} />
        ) : null}
        <Row label={texts.date} value={formatLongDate(slot.date, say.locale)} />
        <Row label={texts.time} value={`${formatTimeRange(slot.time, minutes, say.locale)} (${timeZone})`} />
        <VisitorTime date={slot.date} time={slot.time} timeZone={timeZone} />
      </Stack>
      <Divider my="sm" />
      <Text fw={700}>{texts.fee(formatServicePrice(amount, currency, say.locale, texts.free))}</Text>
    </Paper>
  );
}
