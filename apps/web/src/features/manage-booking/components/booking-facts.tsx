import type { ManagedBooking } from '@chatdesk/contract/manage-booking';
import { Text } from '@mantine/core';
import { VisitorTime } from '../../../components/slots/visitor-time';
import { formatDate, formatMinorMoney } from '../../../lib/format';
import { formatLongDate, formatTime } from '../../../lib/wall-clock';
import classes from '../manage-booking.module.css';
import { packFact } from '../manage-booking-format';

/** Who, when (on the business's clock, and the visitor's when it differs) and what was paid. */
export function BookingFacts({ booking }: { booking: ManagedBooking }) {
  const { appointment, payment, pack, timeZone } = booking;
  const cancelled = appointment.status === 'cancelled';
  return (
    <dl className={classes.facts} aria-label="Appointment details">
      <dt>Service</dt>
      <dd>
        <Text fw={600} data-testid="appointment-service">
          {appointment.serviceName}
        </Text>
      </dd>
      <dt>With</dt>
      <dd>
        <Text fw={600}>{appointment.employeeName}</Text>
      </dd>
      <dt>Date</dt>
      <dd>
        <Text fw={600} td={cancelled ? 'line-through' : undefined} data-testid="appointment-date">
          {formatLongDate(appointment.date)}
        </Text>
      </dd>
      <dt>Time</dt>
      <dd>
        <Text fw={600} td={cancelled ? 'line-through' : undefined} data-testid="appointment-time">
          {formatTime(appointment.startTime)} - {formatTime(appointment.endTime)}
        </Text>
        <Text size="sm" c="dimmed">
          {timeZone}
        </Text>
        <VisitorTime date={appointment.date} time={appointment.startTime} timeZone={timeZone} />
      </dd>
      {payment ? (
        <>
          <dt>Paid</dt>
          <dd>
            <Text fw={600}>
              {formatMinorMoney(payment.amount, payment.currency)}
              {payment.refunded ? (
                <Text component="span" c="dimmed" fw={400}>
                  {' '}
                  · refunded
                </Text>
              ) : null}
            </Text>
          </dd>
        </>
      ) : null}
      {pack ? (
        <>
          <dt>Paid with a pack</dt>
          <dd>
            <Text fw={600} data-testid="appointment-pack">
              {packFact(pack, formatDate(pack.expiresAt))}
            </Text>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
