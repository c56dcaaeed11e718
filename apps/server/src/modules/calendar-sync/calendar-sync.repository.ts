import { and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { calendarBusy, employeeCalendars, employees } from '../../db/schema.ts';

export type CalendarRow = typeof employeeCalendars.$inferSelect;

export function createCalendarSyncRepository(db: Db) {
  const withBusy = (now: Date) => ({
    calendar: employeeCalendars,
    busyCount: sql<number>`(select count(*)::int from ${calendarBusy} b
      where b.calendar_id = ${employeeCalendars.id} and b.ends_at > ${now})`,
  });

  return {
    async list(employeeId: string, now: Date) {
      return db
        .select(withBusy(now))
        .from(employeeCalendars)
        .where(eq(employeeCalendars.employeeId, employeeId))
        .orderBy(asc(employeeCalendars.createdAt));
    },

    async get(employeeId: string, calendarId: string, now: Date) {
      const [row] = await db
        .select(withBusy(now))
        .from(employeeCalendars)
        .where(and(eq(employeeCalendars.id, calendarId), eq(employeeCalendars.employeeId, employeeId)))
        .limit(1);
      return row;
    },

    async employeeName(employeeId: string) {
      const [row] = await db
        .select({ name: employees.name })
        .from(employees)
        .where(eq(employees.id, employeeId))
        .limit(1);
      return row?.name;
    },

    /** Adds a calendar unless the employee already has `max`: counted under a lock on the employee's row. */
    async add(employeeId: string, values: { url: string; label: string }, max: number) {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: employees.id })
          .from(employees)
          .where(eq(employees.id, employeeId))
          .for('update');
        const [existing] = await tx
          .select({ value: count() })
          .from(employeeCalendars)
          .where(eq(employeeCalendars.employeeId, employeeId));
        if ((existing?.value ?? 0) >= max) return 'too-many' as const;
        const [row] = await tx
          .insert(employeeCalendars)
          .values({ employeeId, ...values })
          .returning();
        return row!;
      });
    },

    async remove(employeeId: string, calendarId: string) {
      const rows = await db
        .delete(employeeCalendars)
        .where(and(eq(employeeCalendars.id, calendarId), eq(employeeCalendars.employeeId, employeeId)))
        .returning({ id: employeeCalendars.id });
      return rows.length > 0;
    },

    /** Calendars not checked since `before`, the longest waiting first. */
    async due(before: Date, limit: number) {
      return db
        .select()
        .from(employeeCalendars)
        .where(or(isNull(employeeCalendars.lastCheckedAt), lt(employeeCalendars.lastCheckedAt, before)))
        .orderBy(sql`${employeeCalendars.lastCheckedAt} asc nulls first`)
        .limit(limit);
    },

    /** A good copy: its busy intervals replace the calendar's, with its validators, in one transaction. */
    async saveCopy(
      calendar: { id: string; employeeId: string },
      copy: { busy: Array<{ start: Date; end: Date }>; etag: string | null; lastModified: string | null },
      at: Date,
    ) {
      await db.transaction(async (tx) => {
        await tx.delete(calendarBusy).where(eq(calendarBusy.calendarId, calendar.id));
        // In batches: a busy calendar over a year is a few thousand rows.
        for (let i = 0; i < copy.busy.length; i += 1000) {
          await tx.insert(calendarBusy).values(
            copy.busy.slice(i, i + 1000).map((interval) => ({
              calendarId: calendar.id,
              employeeId: calendar.employeeId,
              startsAt: interval.start,
              endsAt: interval.end,
            })),
          );
        }
        await tx
          .update(employeeCalendars)
          .set({
            etag: copy.etag,
            lastModified: copy.lastModified,
            lastCheckedAt: at,
            lastSuccessAt: at,
            lastError: null,
            failingSince: null,
          })
          .where(eq(employeeCalendars.id, calendar.id));
      });
    },

    /** The copy has not changed (304): it is still good. */
    async markUnchanged(calendarId: string, at: Date) {
      await db
        .update(employeeCalendars)
        .set({ lastCheckedAt: at, lastSuccessAt: at, lastError: null, failingSince: null })
        .where(eq(employeeCalendars.id, calendarId));
    },

    /**
     * A failed read: the last good copy stays. Answers whether this starts a run of failures
     * (the conditional update decides, so of two instances failing at once one tells staff).
     */
    async markFailed(calendarId: string, error: string, at: Date): Promise<boolean> {
      await db
        .update(employeeCalendars)
        .set({ lastCheckedAt: at, lastError: error })
        .where(eq(employeeCalendars.id, calendarId));
      const started = await db
        .update(employeeCalendars)
        .set({ failingSince: at })
        .where(and(eq(employeeCalendars.id, calendarId), isNull(employeeCalendars.failingSince)))
        .returning({ id: employeeCalendars.id });
      return started.length > 0;
    },
  };
}

export type CalendarSyncRepository = ReturnType<typeof createCalendarSyncRepository>;
