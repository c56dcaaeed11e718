import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCalendarCheck, IconCircleCheck } from '@tabler/icons-react';
import { VisitorTime } from '../../../components/slots/visitor-time';
import { formatLongDate, formatTime } from '../../../lib/wall-clock';
import type { BookedAppointment } from '../booking-state';
import { SCHEDULE_PAGE_MESSAGES } from '../messages';

export function BookingError({ message }: { message: string }) {
  return (
    <Alert color="red" title="Error" icon={<IconAlertCircle size={20} />} role="alert">
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
  return (
    <Stack gap="md">
      <Alert
        color="teal"
        title={SCHEDULE_PAGE_MESSAGES.bookingSucceededTitle}
        icon={<IconCircleCheck size={20} />}
        role="status"
      >
        {SCHEDULE_PAGE_MESSAGES.bookingSucceeded}
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
          Your appointment with {appointment.employeeName}
        </Text>
        {showService ? <Text fw={600}>{appointment.serviceName}</Text> : null}
        <Text fw={600}>{formatLongDate(appointment.date)}</Text>
        <Text>
          {formatTime(appointment.startTime)} - {formatTime(appointment.endTime)} ({appointment.timeZone})
        </Text>
        <VisitorTime date={appointment.date} time={appointment.startTime} timeZone={appointment.timeZone} />
      </Stack>
    </Stack>
  );
}
