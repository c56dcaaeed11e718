import type { ManagedBooking } from '@chatdesk/contract/manage-booking';
import { Text, Title } from '@mantine/core';
import { formatZonedInstant } from '../../../lib/zone-time';
import classes from '../manage-booking.module.css';
import { historyLine } from '../manage-booking-format';
import { useManageTexts } from '../manage-texts';

/** What happened to the appointment, oldest first, on the business's clock. */
export function BookingHistory({ booking }: { booking: ManagedBooking }) {
  const say = useManageTexts();
  if (booking.history.length === 0) return null;
  return (
    <section aria-labelledby="booking-history">
      <Title order={2} fz="md" mb="sm" id="booking-history">
        {say.manage.history}
      </Title>
      <ol className={classes.history}>
        {booking.history.map((event) => (
          <li key={`${event.at}|${event.kind}`}>
            <Text size="sm" fw={500}>
              {historyLine(event, booking.companyName, say)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatZonedInstant(event.at, booking.timeZone, say.locale)}
            </Text>
          </li>
        ))}
      </ol>
    </section>
  );
}
