/**
 * The only statements that write `clients` (a test keeps it so). Staff edit clients; a booking or
 * a subscription finds or creates the client behind an email. Every function takes the caller's
 * connection or transaction so the client commits with what made it.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients, payments, subscriptions } from '../../db/schema.ts';

export type ClientRow = typeof clients.$inferSelect;
export type NewClient = Omit<typeof clients.$inferInsert, 'id'>;

export const clientWrites = {
  async insert(db: Db, values: NewClient) {
    const [row] = await db.insert(clients).values(values).returning();
    return row!;
  },

  async update(db: Db, id: string, values: Partial<NewClient>) {
    const rows = await db.update(clients).set(values).where(eq(clients.id, id)).returning({ id: clients.id });
    return rows.length > 0;
  },

  /**
   * The language the clients behind a phone number write in, changed only when it differs (no
   * row is written for the same language again, and a message is answered without waiting on it).
   */
  async noteLanguage(db: Db, phoneDigits: string, language: 'es' | 'en') {
    await db
      .update(clients)
      .set({ language })
      .where(
        and(eq(clients.phoneDigits, phoneDigits), sql`${clients.language} is distinct from ${language}`),
      );
  },

  async delete(db: Db, id: string) {
    const rows = await db.delete(clients).where(eq(clients.id, id)).returning({ id: clients.id });
    return rows.length > 0;
  },

  /** A client who has not written to us yet is known by the language they booked in (never changes a known one). */
  async languageIfUnknown(db: Db, id: string, language: 'es' | 'en') {
    await db
      .update(clients)
      .set({ language })
      .where(and(eq(clients.id, id), isNull(clients.language)));
  },

  /**
   * The oldest client with this email (compared case-insensitively), or a new one made of
   * `created`. Callers that can race on one email serialise on it first (a booking relies on the
   * live-slot index instead, and two clients for one email only duplicate a row, never money).
   */
  async findOrCreateByEmail(db: Db, email: string, created: Omit<NewClient, 'email'>) {
    const [existing] = await db
      .select()
      .from(clients)
      .where(sql`lower(${clients.email}) = lower(${email})`)
      .orderBy(asc(clients.createdAt))
      .limit(1);
    if (existing) return { client: existing, created: false };
    return { client: await clientWrites.insert(db, { ...created, email }), created: true };
  },

  /** A website lead becomes an active client once a payment succeeds. */
  async activateLead(db: Db, id: string) {
    await db
      .update(clients)
      .set({ status: 'active' })
      .where(and(eq(clients.id, id), eq(clients.status, 'lead')));
  },

  /** Removes a lead made for an attempt that failed, unless a subscription or payment holds it. */
  async deleteUnusedLead(db: Db, id: string) {
    await db
      .delete(clients)
      .where(
        and(
          eq(clients.id, id),
          eq(clients.status, 'lead'),
          sql`not exists (select 1 from ${subscriptions} where ${subscriptions.clientId} = ${id})`,
          sql`not exists (select 1 from ${payments} where ${payments.clientId} = ${id})`,
        ),
      );
  },
};
