import { and, asc, count, desc, eq, gte, lte, type SQL, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointmentDayCounts, appointmentEvents, appointments, payments } from '../../db/schema.ts';

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

  /**
   * The exact number of appointments the filter matches. A client's are few and counted directly;
   * otherwise the per-day counts the triggers keep are summed, so the cost follows the dates asked
   * for, not how many appointments there are.
   */
  const total = async (filter: AppointmentFilter): Promise<number> => {
    if (filter.clientId) {
      const [row] = await db.select({ value: count() }).from(appointments).where(where(filter));
      return row?.value ?? 0;
    }
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(appointmentDayCounts.status, filter.status));
    if (filter.startDate) conditions.push(gte(appointmentDayCounts.localDate, filter.startDate));
    if (filter.endDate) conditions.push(lte(appointmentDayCounts.localDate, filter.endDate));
    const [row] = await db
      .select({ value: sum(appointmentDayCounts.count).mapWith(Number) })
      .from(appointmentDayCounts)
      .where(and(...conditions));
    return row?.value ?? 0;
  };

  return {
    async page(filter: AppointmentFilter, page: number, limit: number) {
      const [rows, matching] = await Promise.all([
        db
          .select()
          .from(appointments)
          .where(where(filter))
          .orderBy(desc(appointments.startsAt), asc(appointments.id))
          .limit(limit)
          .offset((page - 1) * limit),
        total(filter),
      ]);
      return { rows, total: matching };
    },
    async findById(id: string) {
      const [row] = await db.select().from(appointments).where(eq(appointments.id, id)).limit(1);
      return row;
    },
    /** The payment a visitor made when booking (by the provider's id the appointment keeps). */
    async paymentOf(providerPaymentId: string) {
      const [row] = await db
        .select({ amount: payments.amount, currency: payments.currency, status: payments.status })
        .from(payments)
        .where(eq(payments.providerPaymentId, providerPaymentId))
        .limit(1);
      return row;
    },
    /**
     * Sets the status and notes it in the history, in one transaction (an unchanged status writes
     * no history). Answers the row and the status it had.
     */
    async updateStatus(id: string, status: AppointmentRow['status'], at: Date) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ status: appointments.status })
          .from(appointments)
          .where(eq(appointments.id, id))
          .for('update');
        if (!before) return undefined;
        const [row] = await tx
          .update(appointments)
          .set({ status })
          .where(eq(appointments.id, id))
          .returning();
        if (before.status !== status) {
          await tx.insert(appointmentEvents).values({
            appointmentId: id,
            kind: 'status_changed',
            actor: 'staff',
            createdAt: at,
            data: { status, from: before.status },
          });
        }
        return row && { row, from: before.status };
      });
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
