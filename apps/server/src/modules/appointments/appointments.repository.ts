import { and, asc, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema.ts';

export type AppointmentRow = typeof appointments.$inferSelect;
export type AppointmentFilter = {
  status?: AppointmentRow['status'];
  startDate?: string;
  endDate?: string;
  clientId?: string;
};

export function createAppointmentsRepository(db: Db) {
  const where = (filter: AppointmentFilter) => {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(appointments.status, filter.status));
    if (filter.startDate) conditions.push(gte(appointments.localDate, filter.startDate));
    if (filter.endDate) conditions.push(lte(appointments.localDate, filter.endDate));
    if (filter.clientId) conditions.push(eq(appointments.clientId, filter.clientId));
    return and(...conditions);
  };

  return {
    async page(filter: AppointmentFilter, page: number, limit: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(appointments)
          .where(where(filter))
          .orderBy(desc(appointments.startsAt), asc(appointments.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ value: count() }).from(appointments).where(where(filter)),
      ]);
      return { rows, total: total?.value ?? 0 };
    },
    async findById(id: string) {
      const [row] = await db.select().from(appointments).where(eq(appointments.id, id)).limit(1);
      return row;
    },
    async updateStatus(id: string, status: AppointmentRow['status']) {
      const [row] = await db.update(appointments).set({ status }).where(eq(appointments.id, id)).returning();
      return row;
    },
    async delete(id: string) {
      const rows = await db
        .delete(appointments)
        .where(eq(appointments.id, id))
        .returning({ id: appointments.id });
      return rows.length > 0;
    },
  };
}

export type AppointmentsRepository = ReturnType<typeof createAppointmentsRepository>;
