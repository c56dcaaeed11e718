import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients, employees, payments, plans, subscriptions } from '../../db/schema.ts';

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
    async findByProviderId(providerSubscriptionId: string) {
      const [row] = await select()
        .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
        .limit(1);
      return row ? flatten(row) : undefined;
    },
    async insert(values: typeof subscriptions.$inferInsert) {
      const [row] = await db
        .insert(subscriptions)
        .values(values)
        .onConflictDoNothing({ target: subscriptions.providerSubscriptionId })
        .returning({ id: subscriptions.id });
      return row?.id;
    },
    async findClient(id: string) {
      const [row] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
      return row;
    },
    /** The oldest client with this email, or a new one from the website. */
    async findOrCreateClientByEmail(email: string) {
      const [existing] = await db
        .select()
        .from(clients)
        .where(sql`lower(${clients.email}) = lower(${email})`)
        .orderBy(asc(clients.createdAt))
        .limit(1);
      if (existing) return existing;
      const [created] = await db
        .insert(clients)
        .values({ name: email.split('@')[0] ?? email, email, phone: '', status: 'active', source: 'website' })
        .returning();
      return created!;
    },
    async findActiveEmployeeByUsername(username: string) {
      const [row] = await db
        .select()
        .from(employees)
        .where(and(sql`lower(${employees.username}) = lower(${username})`, eq(employees.isActive, true)))
        .limit(1);
      return row;
    },
    /** Records a provider payment once; the same invoice twice inserts nothing. */
    async recordPayment(values: typeof payments.$inferInsert) {
      const rows = await db
        .insert(payments)
        .values(values)
        .onConflictDoNothing({ target: payments.providerPaymentId })
        .returning({ id: payments.id });
      return rows.length > 0;
    },
    async plans() {
      return db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.name));
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
