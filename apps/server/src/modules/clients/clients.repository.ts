import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointments, clients, employees, payments, subscriptions } from '../../db/schema.ts';

export type ClientRow = typeof clients.$inferSelect & {
  assignedEmployeeName: string | null;
  chatId: string | null;
};
export type ClientValues = Omit<typeof clients.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The chat whose contact has the same phone (digits compared). */
const chatIdOf = sql<string | null>`(
  select c.id from chats c join contacts ct on ct.id = c.contact_id
   where ct.prefix || ct.phone = regexp_replace(${clients.phone}, '\\D', '', 'g') limit 1)`;

export function createClientsRepository(db: Db) {
  const select = () =>
    db
      .select({
        client: clients,
        assignedEmployeeName: employees.name,
        chatId: chatIdOf,
      })
      .from(clients)
      .leftJoin(employees, eq(employees.id, clients.assignedEmployeeId));

  const flatten = (row: {
    client: typeof clients.$inferSelect;
    assignedEmployeeName: string | null;
    chatId: string | null;
  }): ClientRow => ({
    ...row.client,
    assignedEmployeeName: row.assignedEmployeeName,
    chatId: row.chatId,
  });

  return {
    async list(filter: { search?: string; status?: ClientRow['status'] }) {
      const conditions: SQL[] = [];
      if (filter.status) conditions.push(eq(clients.status, filter.status));
      if (filter.search) {
        const pattern = `%${escapeLike(filter.search)}%`;
        const digits = filter.search.replace(/\D/g, '');
        conditions.push(
          or(
            ilike(clients.name, pattern),
            ilike(clients.email, pattern),
            ilike(clients.phone, pattern),
            ...(digits.length >= 3
              ? [sql`regexp_replace(${clients.phone}, '\\D', '', 'g') like ${`%${digits}%`}`]
              : []),
          )!,
        );
      }
      const rows = await select()
        .where(and(...conditions))
        .orderBy(desc(clients.createdAt))
        .limit(1000);
      return rows.map(flatten);
    },
    async findById(id: string) {
      const [row] = await select().where(eq(clients.id, id)).limit(1);
      return row ? flatten(row) : undefined;
    },
    async employeeExists(id: string) {
      const [row] = await db
        .select({ id: employees.id })
        .from(employees)
        .where(eq(employees.id, id))
        .limit(1);
      return Boolean(row);
    },
    async insert(values: ClientValues) {
      const [row] = await db.insert(clients).values(values).returning({ id: clients.id });
      return row!.id;
    },
    async update(id: string, values: Partial<ClientValues>) {
      const rows = await db
        .update(clients)
        .set(values)
        .where(eq(clients.id, id))
        .returning({ id: clients.id });
      return rows.length > 0;
    },
    async delete(id: string) {
      const rows = await db.delete(clients).where(eq(clients.id, id)).returning({ id: clients.id });
      return rows.length > 0;
    },
    async appointmentsOf(clientId: string) {
      return db
        .select()
        .from(appointments)
        .where(eq(appointments.clientId, clientId))
        .orderBy(desc(appointments.startsAt))
        .limit(200);
    },
    async paymentsOf(clientId: string) {
      return db
        .select()
        .from(payments)
        .where(eq(payments.clientId, clientId))
        .orderBy(desc(payments.paidAt))
        .limit(500);
    },
    /** The subscription that matters most: a live one, else the newest. */
    async mainSubscriptionOf(clientId: string) {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.clientId, clientId))
        .orderBy(
          sql`case when ${subscriptions.status} in ('active', 'trialing', 'past_due', 'unpaid', 'incomplete') then 0 else 1 end`,
          desc(subscriptions.createdAt),
        )
        .limit(1);
      return row;
    },
    async insertPayment(values: typeof payments.$inferInsert) {
      const [row] = await db.insert(payments).values(values).returning();
      return row!;
    },
  };
}

export type ClientsRepository = ReturnType<typeof createClientsRepository>;
