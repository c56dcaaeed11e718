import { EMPLOYEE_MESSAGES } from '@chatdesk/contract/employees';
import { createEvents, type EventAttributes } from 'ics';
import { notFound } from '../../lib/app-error.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { CalendarFeedRepository, FeedAppointment } from './calendar-feed.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Enough past to look back on recent visits, enough future for any booking: a calendar app re-reads it all each time. */
const FEED_PAST_DAYS = 60;
const FEED_FUTURE_DAYS = 365;

function toEvent(appointment: FeedAppointment, publicUrl: string): EventAttributes {
  const contact = [appointment.clientEmail, appointment.clientPhone].filter(Boolean).join(' · ');
  const description = [
    contact,
    appointment.status === 'scheduled' ? null : `Status: ${appointment.status}`,
    appointment.notes,
  ]
    .filter(Boolean)
    .join('\n');
  return {
    // Stable across reads, so a calendar app updates the event instead of adding another.
    uid: `${appointment.id}@chatdesk`,
    title: `${appointment.serviceName} with ${appointment.clientName}`,
    ...(description ? { description } : {}),
    start: appointment.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: appointment.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    created: appointment.createdAt.getTime(),
    lastModified: appointment.updatedAt.getTime(),
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
    url: `${publicUrl}/appointments/${appointment.id}`,
  };
}

export function createCalendarFeedService({
  repository,
  company,
  publicUrl,
  clock,
}: {
  repository: CalendarFeedRepository;
  company: Pick<CompanyService, 'get'>;
  publicUrl: string;
  clock: () => Date;
}) {
  return {
    /** The employee's appointments as an iCalendar file; a deactivated employee's feed stops, as their sign-in does. */
    async ics(secret: string): Promise<string> {
      const employee = await repository.employeeBySecret(secret);
      if (!employee?.isActive) throw notFound(EMPLOYEE_MESSAGES.calendarFeedNotFound);
      const now = clock().getTime();
      const [rows, { name: companyName }] = await Promise.all([
        repository.appointments(
          employee.id,
          new Date(now - FEED_PAST_DAYS * DAY_MS),
          new Date(now + FEED_FUTURE_DAYS * DAY_MS),
        ),
        company.get(),
      ]);
      const { value, error } = createEvents(
        rows.map((row) => toEvent(row, publicUrl)),
        {
          productId: 'chatdesk/calendar',
          method: 'PUBLISH',
          calName: companyName ? `${employee.name} · ${companyName}` : employee.name,
        },
      );
      if (error || !value) throw error ?? new Error('could not build the calendar feed');
      return value;
    },
  };
}

export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>;
