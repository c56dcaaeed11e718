import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cannedReplies } from '../../db/schema.ts';

export type CannedReplyRow = typeof cannedReplies.$inferSelect;
export type CannedReplyValues = Pick<typeof cannedReplies.$inferInsert, 'name' | 'text'>;

export function createCannedRepliesRepository(db: Db) {
  return {
    /** Every reply, by name: a team keeps dozens, not thousands, and the composer filters them as staff type. */
    async all() {
      return db
        .select()
        .from(cannedReplies)
        .orderBy(asc(sql`lower(${cannedReplies.name})`), asc(cannedReplies.id));
    },
    async insert(values: CannedReplyValues) {
      const [row] = await db.insert(cannedReplies).values(values).returning();
      return row!;
    },
    async update(id: string, values: CannedReplyValues) {
      const [row] = await db.update(cannedReplies).set(values).where(eq(cannedReplies.id, id)).returning();
      return row;
    },
    async delete(id: string) {
      const rows = await db
        .delete(cannedReplies)
        .where(eq(cannedReplies.id, id))
        .returning({ id: cannedReplies.id });
      return rows.length > 0;
    },
  };
}

export type CannedRepliesRepository = ReturnType<typeof createCannedRepliesRepository>;
