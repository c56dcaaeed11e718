import {
  EMPLOYEE_CALENDAR_LIMITS,
  EMPLOYEE_CALENDAR_MESSAGES,
  type EmployeeCalendar,
  type employeeCalendarFormSchema,
} from '@chatdesk/contract/employee-calendars';
import type { z } from 'zod';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import type { CalendarRow, CalendarSyncRepository } from './calendar-sync.repository.ts';
import { busyIntervals } from './ics-busy.ts';
import { FeedError, type FeedFetchResult, type FeedValidators, fetchIcsFeed } from './ics-fetch.ts';

/** How often each calendar is read again on schedule (each minute's pass takes those due). */
export const CALENDAR_REFRESH_MINUTES = 15;
/** Busy time is kept from a day back to this far ahead: past the longest booking horizon a service may set. */
const WINDOW_DAYS = 731;
/** A copy unchanged (304) this long is read whole again, so its window moves forward with time. */
const FULL_READ_AFTER_MS = 24 * 3_600_000;
/** Calendars one pass reads at most: a slow feed waits its turn, no pass runs for long. */
const PER_PASS = 20;

const DAY = 86_400_000;

const toView = (row: { calendar: CalendarRow; busyCount: number }): EmployeeCalendar => ({
  id: row.calendar.id,
  url: row.calendar.url,
  label: row.calendar.label,
  lastCheckedAt: row.calendar.lastCheckedAt?.toISOString() ?? null,
  lastSuccessAt: row.calendar.lastSuccessAt?.toISOString() ?? null,
  lastError: row.calendar.lastError,
  busyCount: Number(row.busyCount),
});

export type FetchFeed = (url: string, previous?: FeedValidators) => Promise<FeedFetchResult>;

/**
 * A professional's own calendars (ICS addresses): read on adding, on demand and every 15 minutes,
 * only for a change (ETag, Last-Modified), expanded into busy intervals that keep their time off
 * every booking path. A read that fails keeps the last good copy and tells staff once per run of
 * failures.
 */
export function createCalendarSyncService(deps: {
  repository: CalendarSyncRepository;
  company: Pick<CompanyService, 'get'>;
  notify: Notify;
  clock: () => Date;
  /** The reader of an address; by default over the network, refusing private addresses. */
  fetchFeed?: FetchFeed;
  log?: { warn: (object: unknown, message: string) => void };
}) {
  const { repository, clock } = deps;
  const fetchFeed: FetchFeed = deps.fetchFeed ?? ((url, previous) => fetchIcsFeed(url, previous));

  async function read(calendar: CalendarRow): Promise<void> {
    const now = clock();
    const stale =
      !calendar.lastSuccessAt || now.getTime() - calendar.lastSuccessAt.getTime() > FULL_READ_AFTER_MS;
    try {
      const validators: FeedValidators = {};
      if (!stale && calendar.etag) validators.etag = calendar.etag;
      if (!stale && calendar.lastModified) validators.lastModified = calendar.lastModified;
      const result = await fetchFeed(calendar.url, validators);
      if (result.kind === 'not-modified') {
        await repository.markUnchanged(calendar.id, now);
        return;
      }
      const { timeZone } = await deps.company.get();
      const busy = busyIntervals(
        result.body,
        new Date(now.getTime() - DAY),
        new Date(now.getTime() + WINDOW_DAYS * DAY),
        {
          defaultTimeZone: timeZone,
        },
      );
      await repository.saveCopy(
        calendar,
        { busy, etag: result.etag ?? null, lastModified: result.lastModified ?? null },
        now,
      );
    } catch (error) {
      const message =
        error instanceof FeedError ? error.message : 'The calendar could not be read. Check its address.';
      if (!(error instanceof FeedError))
        deps.log?.warn({ err: error, calendarId: calendar.id }, 'calendar read failed');
      if (await repository.markFailed(calendar.id, message, now)) {
        const name = (await repository.employeeName(calendar.employeeId)) ?? 'An employee';
        await deps.notify({
          type: 'warning',
          title: 'Calendar could not be read',
          message: `${name}'s calendar${calendar.label ? ` "${calendar.label}"` : ''} could not be read: ${message} Its busy times from the last good copy still apply.`,
          link: `/employee/${calendar.employeeId}`,
        });
      }
    }
  }

  async function view(employeeId: string, calendarId: string) {
    const row = await repository.get(employeeId, calendarId, clock());
    if (!row) throw notFound(EMPLOYEE_CALENDAR_MESSAGES.notFound);
    return toView(row);
  }

  return {
    async list(employeeId: string) {
      if (!(await repository.employeeName(employeeId))) throw notFound('Employee not found');
      return (await repository.list(employeeId, clock())).map(toView);
    },

    /** Adds a calendar and reads it at once, so staff see at once whether the address works. */
    async add(employeeId: string, form: z.output<typeof employeeCalendarFormSchema>) {
      if (!(await repository.employeeName(employeeId))) throw notFound('Employee not found');
      const row = await repository.add(employeeId, form, EMPLOYEE_CALENDAR_LIMITS.perEmployee);
      if (row === 'too-many') throw conflict(EMPLOYEE_CALENDAR_MESSAGES.tooMany);
      await read(row);
      return view(employeeId, row.id);
    },

    async refresh(employeeId: string, calendarId: string) {
      const row = await repository.get(employeeId, calendarId, clock());
      if (!row) throw notFound(EMPLOYEE_CALENDAR_MESSAGES.notFound);
      await read(row.calendar);
      return view(employeeId, calendarId);
    },

    async remove(employeeId: string, calendarId: string) {
      if (!(await repository.remove(employeeId, calendarId)))
        throw notFound(EMPLOYEE_CALENDAR_MESSAGES.notFound);
    },

    /** The scheduled pass: reads the calendars not read for 15 minutes, a few at a time. */
    async refreshDue() {
      const due = await repository.due(
        new Date(clock().getTime() - CALENDAR_REFRESH_MINUTES * 60_000),
        PER_PASS,
      );
      for (let i = 0; i < due.length; i += 4) await Promise.all(due.slice(i, i + 4).map(read));
      return due.length;
    },
  };
}

export type CalendarSyncService = ReturnType<typeof createCalendarSyncService>;
