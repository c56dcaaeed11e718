import { and, asc, desc, eq, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { olderThan, timestampKey } from '../../db/keyset.ts';
import { clients, employees, plans, subscriptions } from '../../db/schema.ts';
import { searchMatches } from '../../db/search.ts';
import type { Position } from '../../lib/cursor.ts';
import { clientWrites } from '../clients/client-writes.ts';
import { type NewPayment, paymentWrites } from '../payments/payment-writes.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect & {
  /** Null for an erased client's subscription. */
  clientName: string | null;
  clientEmail: string | null;
  employeeName: string | null;
};

/** What a new attempt for the same email and employee finds: refused, or free to go on after ending the unfinished ones. */
export type Reservation = {
  client: typeof clients.$inferSelect;
  createdClient: boolean;
  subscriptionId: string | null;
  refused: 'subscribed' | 'inProgress' | null;
  /** Earlier attempts whose first payment never came: to end before this one is charged. */
  unfinished: Array<{ id: string; providerSubscriptionId: string | null }>;
};

const LIVE_STATUSES = ['active', 'trialing', 'past_due'] as const;

/** Serializes everything the public page does for one email (in a transaction). */
const lockEmail = (email: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${`subscribe:${email.toLowerCase()}`}))`;

export function createSubscriptionsRepository(db: Db) {
  /**
   * Subscriptions whose plan, or whose client's name, email or phone, match the search (folded
   * search_text on trigram indexes). Each side is its own page (`limit` newest after the same
   * filters), and the page is taken from their union: one OR across both tables would leave the
   * planner to guess, and it walks every subscription for a rare name or sorts them all for a common one.
   */
  function matchesSearch(search: string, filters: SQL[], limit: number): SQL {
    const newest = (match: SQL) =>
      db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(...filters, match))
        .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
        .limit(limit);
    const byPlan = newest(searchMatches(sql`${subscriptions.searchText}`, search));
    const byClient = newest(
      inArray(
        subscriptions.clientId,
        db
          .select({ id: clients.id })
          .from(clients)
          .where(searchMatches(sql`${clients.searchText}`, search)),
      ),
    );
    return sql`${subscriptions.id} in ((${byPlan}) union (${byClient}))`;
  }

  const select = () =>
    db
      .select({
        subscription: subscriptions,
        clientName: clients.name,
        clientEmail: clients.email,
        employeeName: employees.name,
        cursorKey: timestampKey(subscriptions.createdAt),
      })
      .from(subscriptions)
      // An erased client's subscriptions stay listed, naming no one.
      .leftJoin(clients, eq(clients.id, subscriptions.clientId))
      .leftJoin(employees, eq(employees.id, subscriptions.employeeId));
  const flatten = (row: {
    subscription: typeof subscriptions.$inferSelect;
    clientName: string | null;
    clientEmail: string | null;
    employeeName: string | null;
  }): SubscriptionRow => ({
    ...row.subscription,
    clientName: row.clientName,
    clientEmail: row.clientEmail,
    employeeName: row.employeeName,
  });

  return {
    /** A page, newest first: a walk of subscriptions_created_idx from `after`, filtered as it goes. */
    async page(
      filter: { search?: string; status?: SubscriptionRow['status']; clientId?: string },
      limit: number,
      after?: Position,
    ) {
      const conditions: SQL[] = [];
      // An attempt whose first payment never came is no subscription: listed only when asked for by status.
      conditions.push(
        filter.status ? eq(subscriptions.status, filter.status) : ne(subscriptions.status, 'incomplete'),
      );
      if (filter.clientId) conditions.push(eq(subscriptions.clientId, filter.clientId));
      if (after) conditions.push(olderThan(subscriptions.createdAt, subscriptions.id, after));
      if (filter.search) conditions.push(matchesSearch(filter.search, conditions, limit + 1));
      const rows = await select()
        .where(and(...conditions))
        .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
        .limit(limit + 1);
      return rows.map((row) => ({ ...flatten(row), cursorKey: row.cursorKey }));
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
    /**
     * Holds the place of a visitor's subscription before the card is charged, so two submits
     * cannot both charge: under a lock on the email, finds or creates the client (a lead until a
     * payment succeeds), refuses when a live subscription to this employee exists or another
     * attempt is being charged right now (reserved since `inFlightSince`, no provider subscription
     * yet), and otherwise answers the unfinished attempts this one replaces.
     */
    async reserve(input: {
      email: string;
      employeeId: string;
      planName: string;
      amount: number;
      currency: string;
      interval: SubscriptionRow['interval'];
      now: Date;
      inFlightSince: Date;
    }): Promise<Reservation> {
      return db.transaction(async (tx) => {
        await tx.execute(lockEmail(input.email));
        const found = await clientWrites.findOrCreateByEmail(tx as unknown as Db, input.email, {
          name: input.email.split('@')[0] ?? input.email,
          phone: '',
          status: 'lead',
          source: 'website',
        });
        const client = found.client;
        const existing = !found.created;
        const refuse = (refused: Reservation['refused']) => ({
          client,
          createdClient: !existing,
          subscriptionId: null,
          refused,
          unfinished: [],
        });
        const others = await tx
          .select({
            id: subscriptions.id,
            status: subscriptions.status,
            providerSubscriptionId: subscriptions.providerSubscriptionId,
            createdAt: subscriptions.createdAt,
          })
          .from(subscriptions)
          .where(
            and(
              eq(subscriptions.clientId, client.id),
              eq(subscriptions.employeeId, input.employeeId),
              or(
                inArray(subscriptions.status, [...LIVE_STATUSES]),
                and(eq(subscriptions.status, 'incomplete'), isNull(subscriptions.endedAt)),
              ),
            ),
          );
        if (others.some((row) => row.status !== 'incomplete')) return refuse('subscribed');
        const inFlight = others.some(
          (row) => !row.providerSubscriptionId && row.createdAt > input.inFlightSince,
        );
        if (inFlight) return refuse('inProgress');
        const [row] = await tx
          .insert(subscriptions)
          .values({
            clientId: client.id,
            employeeId: input.employeeId,
            planName: input.planName,
            amount: input.amount,
            currency: input.currency,
            interval: input.interval,
            status: 'incomplete',
            createdAt: input.now,
          })
          .returning({ id: subscriptions.id });
        return {
          client,
          createdClient: !existing,
          subscriptionId: row!.id,
          refused: null,
          unfinished: others.map(({ id, providerSubscriptionId }) => ({ id, providerSubscriptionId })),
        };
      });
    },
    /**
     * Undoes a reservation whose payment failed, and the client it created if nothing else holds
     * it, under the email's lock: a concurrent attempt either already holds the client with its
     * own reservation, or comes after and creates it again.
     */
    async release(email: string, subscriptionId: string | null, createdClientId: string | null) {
      await db.transaction(async (tx) => {
        await tx.execute(lockEmail(email));
        if (subscriptionId) await tx.delete(subscriptions).where(eq(subscriptions.id, subscriptionId));
        if (createdClientId) await clientWrites.deleteUnusedLead(tx as unknown as Db, createdClientId);
      });
    },
    /** A website lead becomes an active client once a payment succeeds. */
    async activateClient(clientId: string) {
      await clientWrites.activateLead(db, clientId);
    },
    /** Subscriptions still waiting for their first payment since before `before`. */
    async incompleteSince(before: Date) {
      const rows = await select()
        .where(
          and(
            eq(subscriptions.status, 'incomplete'),
            isNull(subscriptions.endedAt),
            lt(subscriptions.createdAt, before),
          ),
        )
        .limit(500);
      return rows.map(flatten);
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
    async recordPayment(values: NewPayment & { providerPaymentId: string }) {
      return paymentWrites.recordOnce(db, values);
    },
    async plans() {
      return db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.name));
    },
    /** The client was erased: their (ended) subscriptions stay under the anonymous id. How many. */
    async anonymiseClient(clientId: string, anonymousId: string) {
      const rows = await db
        .update(subscriptions)
        .set({ clientId: null, anonymousClientId: anonymousId })
        .where(eq(subscriptions.clientId, clientId))
        .returning({ id: subscriptions.id });
      return rows.length;
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
