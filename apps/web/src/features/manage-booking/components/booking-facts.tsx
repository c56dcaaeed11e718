import type { ManagedBooking } from '@chatdesk/contract/manage-booking';
import { Text } from '@mantine/core';
import { VisitorTime } from '../../../components/slots/visitor-time';
import { formatDate, formatMinorMoney } from '../../../lib/format';
import { formatLongDate, formatTime } from '../../../lib/wall-clock';
import classes from '../manage-booking.module.css';
import { packFact } from '../manage-booking-format';
import { useManageTexts } from '../manage-texts';

/** Who, when (on the business's clock, and the visitor's when it differs) and what was paid. */
export function BookingFacts({ booking }: { booking: ManagedBooking }) {
  const { appointment, payment, pack, timeZone } = booking;
  const cancelled = appointment.status === 'cancelled';
  const say = useManageTexts();
  const { locale, manage } = say;
  return (
    <dl className={classes.facts} aria-label={manage.details}>
      <dt>{manage.service}</dt>
      <dd>
        <Text fw={600} data-testid="appointment-service">
          {appointment.serviceName}
        </Text>
      </dd>
      <dt>{manage.with}</dt>
      <dd>
        <Text fw={600}>{appointment.employeeName}</Text>
      </dd>
      <dt>{manage.date}</dt>
      <dd>
        <Text fw={600} td={cancelled ? 'line-through' : undefined} data-testid="appointment-date">
          {formatLongDate(appointment.date, locale)}
        </Text>
      </dd>
      <dt>{manage.time}</dt>
      <dd>
        <Text fw={600} td={cancelled ? 'line-through' : undefined} data-testid="appointment-time">
          {formatTime(appointment.startTime, locale)} - {formatTime(appointment.endTime, locale)}
        </Text>
        <Text size="sm" c="dimmed">
          {timeZone}
        </Text>
        <VisitorTime date={appointment.date} time={appointment.startTime} timeZone={timeZone} />
      </dd>
      {payment ? (
        <>
          <dt>{manage.paid}</dt>
          <dd>
            <Text fw={600}>
              {formatMinorMoney(payment.amount, payment.currency, locale)}
              {payment.refunded ? (
                <Text component="span" c="dimmed" fw={400}>
                  {' '}
                  · {manage.refunded}
                </Text>
              ) : null}
            </Text>
          </dd>
        </>
      ) : null}
      {pack ? (
        <>
          <dt>{manage.paidWithAPack}</dt>
          <dd>
            <Text fw={600} data-testid="appointment-pack">
              {packFact(pack, formatDate(pack.expiresAt, locale), say)}
            </Text>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
