import type { ManagedBooking } from '@chatdesk/contract/manage-booking';
import { Text, Title } from '@mantine/core';
import { historyText } from '../../../lib/appointment-history';
import { formatZonedInstant } from '../../../lib/zone-time';
import classes from '../manage-booking.module.css';

/** What happened to the appointment, oldest first, on the business's clock. */
export function BookingHistory({ booking }: { booking: ManagedBooking }) {
  if (booking.history.length === 0) return null;
  const who = { reader: 'customer', companyName: booking.companyName } as const;
  return (
    <section aria-labelledby="booking-history">
      <Title order={2} fz="md" mb="sm" id="booking-history">
        History
      </Title>
      <ol className={classes.history}>
        {booking.history.map((event) => (
          <li key={`${event.at}|${event.kind}`}>
            <Text size="sm" fw={500}>
              {historyText(event, who)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatZonedInstant(event.at, booking.timeZone)}
            </Text>
          </li>
        ))}
      </ol>
    </section>
  );
}
