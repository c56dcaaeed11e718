import type { CustomerLanguage } from '@chatdesk/contract/customer-texts';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { olderThan, timestampKey } from '../../db/keyset.ts';
import { appointments, clients, employees, payments, subscriptions } from '../../db/schema.ts';
import { searchMatchesTextOrNumber } from '../../db/search.ts';
import type { Position } from '../../lib/cursor.ts';
import { type NewPayment, paymentWrites } from '../payments/payment-writes.ts';
import { clientWrites } from './client-writes.ts';

export type ClientRow = typeof clients.$inferSelect & {
  assignedEmployeeName: string | null;
  chatId: string | null;
};
export type ClientValues = Omit<typeof clients.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * The chat whose contact has the same phone (digits compared), else the website chat whose visitor
 * proved the client's email (found through its session): index lookups per client shown.
 */
const chatIdOf = sql<string | null>`coalesce((
  select c.id from contacts ct join chats c on c.contact_id = ct.id
   where ct.phone_digits = ${clients.phoneDigits} limit 1), (
  select c.id from web_chat_sessions s
    join contacts ct on ct.prefix = 'web' and ct.phone = s.phone
    join chats c on c.contact_id = ct.id
   where s.client_id = ${clients.id}
   order by c.last_message_at desc nulls last limit 1))`;

export function createClientsRepository(db: Db) {
  const select = () =>
    db
      .select({
        client: clients,
        assignedEmployeeName: employees.name,
        chatId: chatIdOf,
        cursorKey: timestampKey(clients.createdAt),
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
    /** A page, newest first: a walk of clients_created_idx from `after`, filtered as it goes. */
    async page(filter: { search?: string; status?: ClientRow['status'] }, limit: number, after?: Position) {
      const conditions: SQL[] = [];
      if (filter.status) conditions.push(eq(clients.status, filter.status));
      if (filter.search)
        conditions.push(searchMatchesTextOrNumber(sql`${clients.searchText}`, filter.search));
      if (after) conditions.push(olderThan(clients.createdAt, clients.id, after));
      const rows = await select()
        .where(and(...conditions))
        .orderBy(desc(clients.createdAt), desc(clients.id))
        .limit(limit + 1);
      return rows.map((row) => ({ ...flatten(row), cursorKey: row.cursorKey }));
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
      return (await clientWrites.insert(db, values)).id;
    },
    async update(id: string, values: Partial<ClientValues>) {
      return clientWrites.update(db, id, values);
    },
    async delete(id: string) {
      return clientWrites.delete(db, id);
    },
    noteLanguage(phoneDigits: string, language: CustomerLanguage) {
      return clientWrites.noteLanguage(db, phoneDigits, language);
    },
    /** The oldest client with this verified number: how to reach them. */
    async contactByPhone(phoneDigits: string) {
      const [row] = await db
        .select({ name: clients.name, email: clients.email, phone: clients.phone })
        .from(clients)
        .where(eq(clients.phoneDigits, phoneDigits))
        .orderBy(asc(clients.createdAt))
        .limit(1);
      return row ?? null;
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
        // An attempt that ended before its first payment never was a subscription.
        .where(
          and(
            eq(subscriptions.clientId, clientId),
            sql`not (${subscriptions.status} = 'incomplete' and ${subscriptions.endedAt} is not null)`,
          ),
        )
        .orderBy(
          sql`case when ${subscriptions.status} in ('active', 'trialing', 'past_due', 'unpaid', 'incomplete') then 0 else 1 end`,
          desc(subscriptions.createdAt),
        )
        .limit(1);
      return row;
    },
    async insertPayment(values: NewPayment) {
      return paymentWrites.record(db, values);
    },
  };
}

export type ClientsRepository = ReturnType<typeof createClientsRepository>;
