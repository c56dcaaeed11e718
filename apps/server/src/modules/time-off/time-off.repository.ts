import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businessClosures, employeeDateOverrides, employees } from '../../db/schema.ts';

export type LiveAppointmentRow = {
  id: string;
  employeeName: string;
  date: string;
  time: string;
  clientName: string;
  clientEmail: string | null;
  clientPhone: string | null;
  chatId: string | null;
  /** Its length: whether the new hours still hold it depends on all of it fitting. */
  minutes: number;
};

const overrideColumns = {
  id: employeeDateOverrides.id,
  fromDate: employeeDateOverrides.fromDate,
  toDate: employeeDateOverrides.toDate,
  ranges: employeeDateOverrides.ranges,
  note: employeeDateOverrides.note,
};

const closureColumns = {
  id: businessClosures.id,
  name: businessClosures.name,
  fromDate: businessClosures.fromDate,
  toDate: businessClosures.toDate,
};

export function createTimeOffRepository(db: Db) {
  return {
    async employeeExists(id: string) {
      const [row] = await db
        .select({ id: employees.id })
        .from(employees)
        .where(eq(employees.id, id))
        .limit(1);
      return Boolean(row);
    },

    async overrides(employeeId: string) {
      return db
        .select(overrideColumns)
        .from(employeeDateOverrides)
        .where(eq(employeeDateOverrides.employeeId, employeeId))
        .orderBy(asc(employeeDateOverrides.fromDate), asc(employeeDateOverrides.createdAt));
    },

    async findOverride(employeeId: string, id: string) {
      const [row] = await db
        .select(overrideColumns)
        .from(employeeDateOverrides)
        .where(and(eq(employeeDateOverrides.employeeId, employeeId), eq(employeeDateOverrides.id, id)))
        .limit(1);
      return row;
    },

    async insertOverride(values: typeof employeeDateOverrides.$inferInsert) {
      const [row] = await db.insert(employeeDateOverrides).values(values).returning(overrideColumns);
      return row!;
    },

    async deleteOverride(employeeId: string, id: string) {
      const rows = await db
        .delete(employeeDateOverrides)
        .where(and(eq(employeeDateOverrides.employeeId, employeeId), eq(employeeDateOverrides.id, id)))
        .returning({ id: employeeDateOverrides.id });
      return rows.length > 0;
    },

    async closures() {
      return db
        .select(closureColumns)
        .from(businessClosures)
        .orderBy(asc(businessClosures.fromDate), asc(businessClosures.createdAt));
    },

    async findClosure(id: string) {
      const [row] = await db.select(closureColumns).from(businessClosures).where(eq(businessClosures.id, id));
      return row;
    },

    async insertClosure(values: typeof businessClosures.$inferInsert) {
      const [row] = await db.insert(businessClosures).values(values).returning(closureColumns);
      return row!;
    },

    async deleteClosure(id: string) {
      const rows = await db
        .delete(businessClosures)
        .where(eq(businessClosures.id, id))
        .returning({ id: businessClosures.id });
      return rows.length > 0;
    },

    /**
     * Scheduled appointments on local dates from..to that start after `after`, of one employee or of
     * everyone, each with the chat whose number has the client's phone digits (the way chats link
     * to clients), the most recently active when there are several.
     */
    async scheduledAppointments(range: { from: string; to: string; after: Date; employeeId?: string }) {
      const result = await db.execute(sql`
        select a.id, a.employee_name as "employeeName", a.local_date::text as "date",
               a.start_time as "time", a.client_name as "clientName", a.client_email as "clientEmail",
               a.client_phone as "clientPhone",
               (extract(epoch from a.ends_at - a.starts_at) / 60)::int as "minutes",
               (select c.id from chats c join contacts ct on ct.id = c.contact_id
                 where ct.phone_digits = regexp_replace(a.client_phone, '\\D', '', 'g')
                 order by coalesce(c.last_message_at, c.created_at) desc limit 1) as "chatId"
          from appointments a
         where a.status = 'scheduled' and a.local_date between ${range.from} and ${range.to}
           and a.starts_at > ${range.after}
           ${range.employeeId ? sql`and a.employee_id = ${range.employeeId}` : sql``}
         order by a.starts_at, a.employee_name`);
      return result.rows as LiveAppointmentRow[];
    },
  };
}

export type TimeOffRepository = ReturnType<typeof createTimeOffRepository>;
