import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cannedReplies } from '../../db/schema.ts';
import { deletedBefore, deletedNow, deletedWithin, isLive } from '../../db/soft-delete.ts';

export type CannedReplyRow = typeof cannedReplies.$inferSelect;
export type CannedReplyValues = Pick<typeof cannedReplies.$inferInsert, 'name' | 'text'>;

/** What a chat tells of its customer, for the variables of a canned reply. */
export type ChatCustomer = {
  contactName: string;
  clientName: string | null;
  nextStartsAt: Date | null;
  /** Who the next appointment is with, else the client's assigned professional, else their last one's. */
  professionalName: string | null;
  /** That professional's username when customers can book them. */
  professionalUsername: string | null;
  /** The username of the business's one bookable professional, when there is exactly one. */
  onlyBookableUsername: string | null;
};

/** Fewer digits than a real number's: a simulator chat's letters, or a number that matches anything. */
const MIN_PHONE_DIGITS = 8;

/** Not deleted: every read and every change but a restore sees only these. */
const live = isLive(cannedReplies.deletedAt);
/** A delete or a restore leaves the reply's text as it was, so not its `updated_at` either. */
const unchanged = { updatedAt: sql`${cannedReplies.updatedAt}` };

export function createCannedRepliesRepository(db: Db) {
  return {
    /** Every reply, by name: a team keeps dozens, not thousands, and the composer filters them as staff type. */
    async all() {
      return db
        .select()
        .from(cannedReplies)
        .where(live)
        .orderBy(asc(sql`lower(${cannedReplies.name})`), asc(cannedReplies.id));
    },
    async insert(values: CannedReplyValues) {
      const [row] = await db.insert(cannedReplies).values(values).returning();
      return row!;
    },
    async update(id: string, values: CannedReplyValues) {
      const [row] = await db
        .update(cannedReplies)
        .set(values)
        .where(and(eq(cannedReplies.id, id), live))
        .returning();
      return row;
    },
    /**
     * The customer behind a chat, as the assistant knows them (docs/architecture.md, "Who the customer
     * is"): a WhatsApp chat's own number, or the client staff play in the simulator. Their client is
     * the oldest with that number; their appointments are those of any client with it or booked with
     * it. One statement of index lookups; undefined when there is no such chat.
     */
    async customerOf(chatId: string, now: Date): Promise<ChatCustomer | undefined> {
      const result = await db.execute(sql`
        with chat as (
          select ct.name as contact_name, c.simulated_client_id,
                 case when c.channel = 'whatsapp' then ct.phone_digits
                      else (select phone_digits from clients where id = c.simulated_client_id)
                 end as digits
            from chats c join contacts ct on ct.id = c.contact_id
           where c.id = ${chatId}
        ),
        customer as (
          select digits from chat where length(digits) >= ${MIN_PHONE_DIGITS}
        ),
        client as (
          select id, name, assigned_employee_id from (
            select cl.id, cl.name, cl.assigned_employee_id, 0 as rank, cl.created_at
              from clients cl join chat on cl.id = chat.simulated_client_id
            union all
            select cl.id, cl.name, cl.assigned_employee_id, 1, cl.created_at
              from clients cl join customer on cl.phone_digits = customer.digits
          ) found
           order by rank, created_at
           limit 1
        ),
        -- Two index lookups (by client, by the booking's phone) rather than one OR, which reads the table.
        theirs as (
          select a.id, a.employee_id, a.employee_name, a.starts_at, a.status
            from customer
            join clients cl on cl.phone_digits = customer.digits
            join appointments a on a.client_id = cl.id
          union
          select a.id, a.employee_id, a.employee_name, a.starts_at, a.status
            from customer join appointments a on a.client_phone_digits = customer.digits
        ),
        next as (
          select employee_id, employee_name, starts_at from theirs
           where status = 'scheduled' and starts_at > ${now}
           order by starts_at limit 1
        ),
        professional as (
          select id, name from (
            select employee_id as id, employee_name as name, 0 as rank from next
            union all
            select e.id, e.name, 1 from employees e join client on e.id = client.assigned_employee_id
            union all
            (select employee_id, employee_name, 2 from theirs
              where status <> 'cancelled' and starts_at <= ${now}
              order by starts_at desc limit 1)
          ) found
           order by rank
           limit 1
        )
        select chat.contact_name as "contactName",
               (select name from client) as "clientName",
               (select starts_at from next) as "nextStartsAt",
               professional.name as "professionalName",
               (select username from employees e
                 where e.id = professional.id and e.is_active and e.takes_bookings) as "professionalUsername",
               (select min(username) from employees where is_active and takes_bookings
                 having count(*) = 1) as "onlyBookableUsername"
          from chat left join professional on true`);
      const row = result.rows[0] as
        | (Omit<ChatCustomer, 'nextStartsAt'> & { nextStartsAt: unknown })
        | undefined;
      if (!row) return undefined;
      return {
        ...row,
        nextStartsAt: row.nextStartsAt ? new Date(row.nextStartsAt as string) : null,
      };
    },
    /** Marks a reply deleted now; false when there is none, or it is already deleted. */
    async softDelete(id: string) {
      const rows = await db
        .update(cannedReplies)
        .set({ deletedAt: deletedNow(), ...unchanged })
        .where(and(eq(cannedReplies.id, id), live))
        .returning({ id: cannedReplies.id });
      return rows.length > 0;
    },
    /** Undeletes it if it was deleted less than `windowMs` ago; undefined otherwise (see `find`). */
    async restore(id: string, windowMs: number) {
      const [row] = await db
        .update(cannedReplies)
        .set({ deletedAt: null, ...unchanged })
        .where(and(eq(cannedReplies.id, id), deletedWithin(cannedReplies.deletedAt, windowMs)))
        .returning();
      return row;
    },
    /** The row as stored, deleted or not. */
    async find(id: string) {
      const [row] = await db.select().from(cannedReplies).where(eq(cannedReplies.id, id));
      return row;
    },
    /** Removes for good what was deleted more than `ms` ago (the partial canned_replies_deleted_idx). */
    async purgeDeleted(ms: number) {
      const rows = await db
        .delete(cannedReplies)
        .where(deletedBefore(cannedReplies.deletedAt, ms))
        .returning({ id: cannedReplies.id });
      return rows.length;
    },
  };
}

export type CannedRepliesRepository = ReturnType<typeof createCannedRepliesRepository>;
