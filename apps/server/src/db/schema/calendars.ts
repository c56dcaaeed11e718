import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { employees } from './employees.ts';

/**
 * A professional's own calendar, read from its ICS address (Google's secret address, Outlook,
 * iCloud, a CalDAV export): its busy events keep their time off the booking page. The address is
 * a secret too (it reads the whole calendar), so only staff see it.
 */
export const employeeCalendars = pgTable(
  'employee_calendars',
  {
    id: id(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    label: text('label').notNull().default(''),
    /** The validators of the last copy read: the next fetch asks only for a change. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    /** Why the last fetch failed; its busy times stay those of the last good copy. */
    lastError: text('last_error'),
    /** Set when fetches start failing (staff are told once), cleared by the next success. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('employee_calendars_employee_idx').on(t.employeeId),
    index('employee_calendars_checked_idx').on(t.lastCheckedAt),
  ],
);

/**
 * The busy intervals of the last good copy of a calendar, from now to the booking horizon: the
 * slot engine reads them as it reads appointments (by employee and time range, through the gist
 * index of migration 0024).
 */
export const calendarBusy = pgTable(
  'calendar_busy',
  {
    calendarId: uuid('calendar_id')
      .notNull()
      .references(() => employeeCalendars.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('calendar_busy_calendar_idx').on(t.calendarId)],
);
