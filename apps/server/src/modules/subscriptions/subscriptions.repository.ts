import { and, asc, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients, employees, plans, subscriptions } from '../../db/schema.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect & {
  clientName: string;
  clientEmail: string | null;
  employeeName: string | null;
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createSubscriptionsRepository(db: Db) {
  const select = () =>
    db
      .select({
        subscription: subscriptions,
        clientName: clients.name,
        clientEmail: clients.email,
        employeeName: employees.name,
      })
      .from(subscriptions)
      .innerJoin(clients, eq(clients.id, subscriptions.clientId))
      .leftJoin(employees, eq(employees.id, subscriptions.employeeId));
  const flatten = (row: {
    subscription: typeof subscriptions.$inferSelect;
    clientName: string;
    clientEmail: string | null;
    employeeName: string | null;
  }): SubscriptionRow => ({
    ...row.subscription,
    clientName: row.clientName,
    clientEmail: row.clientEmail,
    employeeName: row.employeeName,
  });

  return {
    async list(filter: { search?: string; status?: SubscriptionRow['status']; clientId?: string }) {
      const conditions: SQL[] = [];
      if (filter.status) conditions.push(eq(subscriptions.status, filter.status));
      if (filter.clientId) conditions.push(eq(subscriptions.clientId, filter.clientId));
      if (filter.search) {
        const pattern = `%${escapeLike(filter.search)}%`;
        conditions.push(
          or(
            ilike(clients.name, pattern),
            ilike(clients.email, pattern),
            ilike(subscriptions.planName, pattern),
          )!,
        );
      }
      const rows = await select()
        .where(and(...conditions))
        .orderBy(desc(subscriptions.createdAt))
        .limit(1000);
      return rows.map(flatten);
    },
    async findById(id: string) {
      const [row] = await select().where(eq(subscriptions.id, id)).limit(1);
      return row ? flatten(row) : undefined;
    },
    async update(id: string, values: Partial<typeof subscriptions.$inferInsert>) {
      await db.update(subscriptions).set(values).where(eq(subscriptions.id, id));
    },
    async plans() {
      return db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.name));
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
