import { randomUUID } from 'node:crypto';
import type { PackSaleMethod } from '@chatdesk/contract/packs';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  appointments,
  clientPacks,
  clients,
  employees,
  packLedger,
  packs,
  services,
} from '../../db/schema.ts';
import { clientWrites } from '../clients/client-writes.ts';
import { DESK_PAYMENT_PREFIX, paymentWrites } from '../payments/payment-writes.ts';
import { type ClientPackRow, type PackMover, packWrites } from './pack-writes.ts';

export type PackRow = typeof packs.$inferSelect & { serviceName: string };
export type PackValues = Pick<
  typeof packs.$inferInsert,
  'serviceId' | 'name' | 'sessions' | 'priceAmount' | 'currency' | 'validityDays'
>;

const withService = { pack: packs, serviceName: services.name };
const flatten = (row: { pack: typeof packs.$inferSelect; serviceName: string }): PackRow => ({
  ...row.pack,
  serviceName: row.serviceName,
});

const METHOD_NAMES: Record<PackSaleMethod, string> = {
  cash: 'Cash at the desk',
  card: 'Card at the desk',
};

export function createPacksRepository(db: Db) {
  return {
    /** By service, then name; archived ones only when asked. */
    async list(includeArchived: boolean): Promise<PackRow[]> {
      const rows = await db
        .select(withService)
        .from(packs)
        .innerJoin(services, eq(services.id, packs.serviceId))
        .where(includeArchived ? undefined : isNull(packs.archivedAt))
        .orderBy(asc(sql`lower(${services.name})`), asc(sql`lower(${packs.name})`), asc(packs.createdAt));
      return rows.map(flatten);
    },

    async get(id: string): Promise<PackRow | undefined> {
      const [row] = await db
        .select(withService)
        .from(packs)
        .innerJoin(services, eq(services.id, packs.serviceId))
        .where(eq(packs.id, id))
        .limit(1);
      return row && flatten(row);
    },

    async service(id: string) {
      const [row] = await db
        .select({ id: services.id, currency: services.currency, archivedAt: services.archivedAt })
        .from(services)
        .where(eq(services.id, id))
        .limit(1);
      return row;
    },

    async create(values: PackValues) {
      const [row] = await db.insert(packs).values(values).returning({ id: packs.id });
      return row!.id;
    },

    /** A change of terms applies to later sales: packs already sold keep theirs. */
    async update(id: string, values: PackValues) {
      const rows = await db.update(packs).set(values).where(eq(packs.id, id)).returning({ id: packs.id });
      return rows.length > 0;
    },

    async setArchived(id: string, at: Date | null) {
      const rows = await db
        .update(packs)
        .set({ archivedAt: at })
        .where(eq(packs.id, id))
        .returning({ id: packs.id });
      return rows.length > 0;
    },

    async clientExists(id: string) {
      const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, id)).limit(1);
      return Boolean(row);
    },

    /**
     * A sale at the desk in one transaction: the payment recorded (an id of our own, as a booking
     * paid at the desk has) and the client's pack with its ledger's sale row. The pack must still
     * be on sale; the client must exist (taken for share, so an erasure cannot pass it).
     */
    async sell(sale: {
      clientId: string;
      packId: string;
      method: PackSaleMethod;
      at: Date;
      by: PackMover;
    }): Promise<'no-client' | 'no-pack' | 'archived' | { id: string }> {
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const [client] = await tx
          .select({ id: clients.id })
          .from(clients)
          .where(eq(clients.id, sale.clientId))
          .for('share');
        if (!client) return 'no-client';
        const [pack] = await tx
          .select(withService)
          .from(packs)
          .innerJoin(services, eq(services.id, packs.serviceId))
          .where(eq(packs.id, sale.packId))
          .for('share', { of: packs });
        if (!pack) return 'no-pack';
        if (pack.pack.archivedAt) return 'archived';
        const providerPaymentId = `${DESK_PAYMENT_PREFIX}${randomUUID()}`;
        await paymentWrites.record(tx, {
          clientId: client.id,
          amount: pack.pack.priceAmount,
          currency: pack.pack.currency,
          status: 'completed',
          paymentMethod: METHOD_NAMES[sale.method],
          description: `${pack.pack.name} (${pack.pack.sessions} × ${pack.serviceName})`,
          providerPaymentId,
          paidAt: sale.at,
        });
        const sold = await packWrites.sell(tx, {
          clientId: client.id,
          pack: pack.pack,
          serviceName: pack.serviceName,
          method: sale.method,
          providerPaymentId,
          at: sale.at,
          by: sale.by,
        });
        return { id: sold.id };
      });
    },

    /** The packs on sale for a service the booking page offers (neither archived). */
    async onSale(serviceId: string): Promise<PackRow[]> {
      const rows = await db
        .select(withService)
        .from(packs)
        .innerJoin(services, eq(services.id, packs.serviceId))
        .where(and(eq(packs.serviceId, serviceId), isNull(packs.archivedAt), isNull(services.archivedAt)))
        .orderBy(asc(packs.sessions), asc(packs.priceAmount), asc(packs.id));
      return rows.map(flatten);
    },

    /** The pack a provider's payment bought, once it was sold. */
    async byPayment(providerPaymentId: string) {
      const [row] = await db
        .select()
        .from(clientPacks)
        .where(eq(clientPacks.providerPaymentId, providerPaymentId))
        .limit(1);
      return row;
    },

    /**
     * A pack bought online, in one transaction: the client found by email (or created, as a
     * booking does), the provider's payment recorded once, and the pack with its sale row, with
     * `effects` (the notification and the email) inside it. A payment recorded already (the page
     * and the webhook, or a double click) inserts nothing and answers 'duplicate'.
     */
    async purchase(
      purchase: {
        pack: PackRow;
        client: { name: string; email: string; phone: string };
        payment: { providerPaymentId: string; amount: number; currency: string; method: string };
        at: Date;
        /** The language the booking page was read in: a client not yet known by one is known by it. */
        language: 'es' | 'en';
      },
      effects: (tx: Db, sold: ClientPackRow) => Promise<void>,
    ): Promise<'duplicate' | ClientPackRow> {
      const duplicate = new Error('duplicate');
      try {
        return await db.transaction(async (txn) => {
          const tx = txn as unknown as Db;
          const { client } = await clientWrites.findOrCreateByEmail(tx, purchase.client.email, {
            name: purchase.client.name,
            phone: purchase.client.phone,
            status: 'active',
            source: 'website',
            language: purchase.language,
          });
          if (!client.language) await clientWrites.languageIfUnknown(tx, client.id, purchase.language);
          await clientWrites.activateLead(tx, client.id);
          const { pack, payment } = purchase;
          const recorded = await paymentWrites.recordOnce(tx, {
            clientId: client.id,
            amount: payment.amount,
            currency: payment.currency,
            status: 'completed',
            paymentMethod: payment.method,
            description: `${pack.name} (${pack.sessions} × ${pack.serviceName})`,
            providerPaymentId: payment.providerPaymentId,
            paidAt: purchase.at,
          });
          // Rolls back the client this call may have created: the other call sold the pack.
          if (!recorded) throw duplicate;
          const sold = await packWrites.sell(tx, {
            clientId: client.id,
            // The price is what was paid: an edit of the pack while the visitor paid changes nothing.
            pack: { ...pack, priceAmount: payment.amount, currency: payment.currency },
            serviceName: pack.serviceName,
            method: 'online',
            providerPaymentId: payment.providerPaymentId,
            at: purchase.at,
            by: { actor: 'customer' },
          });
          await effects(tx, sold);
          return sold;
        });
      } catch (error) {
        if (error === duplicate) return 'duplicate';
        throw error;
      }
    },

    /** Writes off what is left of packs past their date, a client's or everyone's (see `packWrites.expireDue`). */
    async expireDue(clientId: string | undefined, at: Date) {
      return db.transaction(async (tx) =>
        packWrites.expireDue(tx as unknown as Db, { ...(clientId ? { clientId } : {}), at }),
      );
    },

    /** A client's packs, those with sessions left first, then the newest. */
    async ofClient(clientId: string) {
      return db
        .select()
        .from(clientPacks)
        .where(eq(clientPacks.clientId, clientId))
        .orderBy(
          desc(sql`${clientPacks.sessionsLeft} > 0`),
          desc(clientPacks.createdAt),
          asc(clientPacks.id),
        );
    },

    async clientPack(clientId: string, clientPackId: string) {
      const [row] = await db
        .select()
        .from(clientPacks)
        .where(and(eq(clientPacks.id, clientPackId), eq(clientPacks.clientId, clientId)))
        .limit(1);
      return row;
    },

    async ledger(clientPackId: string) {
      return db
        .select({ entry: packLedger, employeeName: employees.name })
        .from(packLedger)
        .leftJoin(employees, eq(employees.id, packLedger.employeeId))
        .where(eq(packLedger.clientPackId, clientPackId))
        .orderBy(asc(packLedger.seq));
    },

    /** Who a pack's refund email goes to, in their language. */
    async clientContact(clientId: string) {
      const [row] = await db
        .select({ name: clients.name, email: clients.email, language: clients.language })
        .from(clients)
        .where(eq(clients.id, clientId))
        .limit(1);
      return row;
    },

    /**
     * Claims the pack for a refund (`packWrites.claimRefund`) unless appointments still to come use
     * a session of it: read after the claim's row lock, so a booking that used a session first is
     * committed and seen here, and one after it finds the pack claimed. 'gone' when another refund
     * claimed it first (or the pack is not this client's), the appointments' starts when refused.
     */
    async claimRefund(claim: {
      clientId: string;
      clientPackId: string;
      amount: number;
      at: Date;
    }): Promise<'claimed' | 'gone' | { booked: Date[] }> {
      const booked = new Error('booked');
      let upcoming: Date[] = [];
      try {
        return await db.transaction(async (txn) => {
          const tx = txn as unknown as Db;
          if (!(await packWrites.claimRefund(tx, claim))) return 'gone';
          const rows = await tx
            .select({ startsAt: appointments.startsAt })
            .from(packLedger)
            .innerJoin(appointments, eq(appointments.id, packLedger.appointmentId))
            .where(
              and(
                eq(packLedger.clientPackId, claim.clientPackId),
                eq(packLedger.kind, 'use'),
                eq(appointments.status, 'scheduled'),
                sql`${appointments.startsAt} > ${claim.at.toISOString()}::timestamptz`,
                sql`not exists (select 1 from pack_ledger r where r.appointment_id = ${packLedger.appointmentId} and r.kind = 'return')`,
              ),
            )
            .orderBy(asc(appointments.startsAt));
          if (rows.length === 0) return 'claimed';
          upcoming = rows.map((row) => row.startsAt);
          throw booked;
        });
      } catch (error) {
        if (error === booked) return { booked: upcoming };
        throw error;
      }
    },

    async releaseRefund(release: { clientPackId: string; at: Date }) {
      return packWrites.releaseRefund(db, release);
    },

    /**
     * Packs claimed for a refund before `before` that have no refund row: a crash came between the
     * claim and the row (decisions/028's addendum). Oldest first.
     */
    async strandedRefunds(before: Date) {
      return db
        .select()
        .from(clientPacks)
        .where(
          sql`${clientPacks.refundedAt} < ${before.toISOString()}::timestamptz
              and not exists (select 1 from pack_ledger r where r.client_pack_id = ${clientPacks.id} and r.kind = 'refund')`,
        )
        .orderBy(asc(clientPacks.refundedAt));
    },

    /**
     * The refund written once the money went back: the sessions ended and the `refund` row
     * (`packWrites.refund`), with `effects` (the email) in the same transaction. Undefined when
     * the claim was not this one's.
     */
    async refund(
      refund: { clientPackId: string; amount: number; reason: string | null; at: Date; by: PackMover },
      effects: (tx: Db, refunded: { pack: ClientPackRow; sessionsEnded: number }) => Promise<void>,
    ): Promise<{ pack: ClientPackRow; sessionsEnded: number } | undefined> {
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const done = await packWrites.refund(tx, refund);
        if (!done) return undefined;
        const [pack] = await tx.select().from(clientPacks).where(eq(clientPacks.id, refund.clientPackId));
        // The sale's payment says what went back (a pack is its payment's only sale, refunded once),
        // as the provider's event for it would: at least this much, never counted twice.
        if (pack!.providerPaymentId && refund.amount > 0)
          await paymentWrites.recordRefunded(tx, pack!.providerPaymentId, {
            refunded: refund.amount,
            whole: false,
          });
        const refunded = { pack: pack!, sessionsEnded: done.sessionsEnded };
        await effects(tx, refunded);
        return refunded;
      });
    },
  };
}

export type PacksRepository = ReturnType<typeof createPacksRepository>;
