import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCalendarCheck, IconCircleCheck } from '@tabler/icons-react';
import { VisitorTime } from '../../../components/slots/visitor-time';
import { useBookingTexts, usePageLanguage } from '../../../lib/page-language';
import { formatLongDate, formatTime } from '../../../lib/wall-clock';
import type { BookedAppointment } from '../booking-state';

export function BookingError({ message }: { message: string }) {
  const texts = useBookingTexts();
  return (
    <Alert color="red" title={texts.error} icon={<IconAlertCircle size={20} />} role="alert">
      {message}
    </Alert>
  );
}

export function BookingSuccess({
  appointment,
  showService,
}: {
  appointment: BookedAppointment;
  /** Named when the professional offers several services. */
  showService: boolean;
}) {
  const { say } = usePageLanguage();
  const texts = say.booking;
  return (
    <Stack gap="md">
      <Alert color="teal" title={texts.succeededTitle} icon={<IconCircleCheck size={20} />} role="status">
        {texts.succeeded}
      </Alert>
      <Stack
        gap={4}
        p="md"
        bg="var(--app-color-surface)"
        bdrs="md"
        style={{ border: '1px solid var(--mantine-color-default-border)' }}
      >
        <Text size="sm" c="dimmed" fw={500}>
          <IconCalendarCheck size={15} style={{ verticalAlign: '-2px', marginRight: 6 }} aria-hidden />
          {texts.yourAppointmentWith(appointment.employeeName)}
        </Text>
        {showService ? <Text fw={600}>{appointment.serviceName}</Text> : null}
        <Text fw={600}>{formatLongDate(appointment.date, say.locale)}</Text>
        <Text>
          {formatTime(appointment.startTime, say.locale)} - {formatTime(appointment.endTime, say.locale)} (
          {appointment.timeZone})
        </Text>
        <VisitorTime date={appointment.date} time={appointment.startTime} timeZone={appointment.timeZone} />
      </Stack>
    </Stack>
  );
}
