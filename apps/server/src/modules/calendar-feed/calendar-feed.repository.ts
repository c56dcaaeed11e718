import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointments, employees } from '../../db/schema.ts';
import { liveAppointmentsStarting } from '../schedule/schedule.repository.ts';

export function createCalendarFeedRepository(db: Db) {
  return {
    async employeeBySecret(secret: string) {
      const [row] = await db
        .select({ id: employees.id, name: employees.name, isActive: employees.isActive })
        .from(employees)
        .where(eq(employees.calendarSecret, secret))
        .limit(1);
      return row;
    },
    /** Live appointments starting in [from, to): the partial slot index on (employee, start) serves it. */
    async appointments(employeeId: string, from: Date, to: Date) {
      return db
        .select({
          id: appointments.id,
          clientName: appointments.clientName,
          serviceName: appointments.serviceName,
          clientEmail: appointments.clientEmail,
          clientPhone: appointments.clientPhone,
          startsAt: appointments.startsAt,
          endsAt: appointments.endsAt,
          status: appointments.status,
          notes: appointments.notes,
          createdAt: appointments.createdAt,
          updatedAt: appointments.updatedAt,
        })
        .from(appointments)
        .where(liveAppointmentsStarting(employeeId, from, to))
        .orderBy(asc(appointments.startsAt));
    },
  };
}

export type CalendarFeedRepository = ReturnType<typeof createCalendarFeedRepository>;
export type FeedAppointment = Awaited<ReturnType<CalendarFeedRepository['appointments']>>[number];
