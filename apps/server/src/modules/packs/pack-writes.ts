/**
 * The only statements that write `client_packs` and `pack_ledger` (a test keeps it so). A sale at
 * the desk, a booking that uses a session, a cancellation that gives it back and the expiry of
 * what was left all go through here, with the caller's transaction, so a session moves only with
 * what moved it. Each change of the balance is one conditional statement that writes its ledger
 * row too, so the balance is always the ledger's sum and can neither go below zero nor be spent
 * twice, however many requests race (decisions/023).
 */
import type { PackPaymentMethod } from '@chatdesk/contract/packs';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clientPacks, packLedger } from '../../db/schema.ts';

export type ClientPackRow = typeof clientPacks.$inferSelect;
type Actor = (typeof packLedger.$inferInsert)['actor'];

/** Who moved the sessions: staff (and which one), the customer, the assistant or the system. */
export type PackMover = { actor: Actor; employeeId?: string | null | undefined };

const DAY_MS = 86_400_000;

export const packWrites = {
  /** A pack sold to a client: its balance is all its sessions, and the sale is its ledger's first row. */
  async sell(
    db: Db,
    sale: {
      clientId: string;
      pack: {
        id: string;
        serviceId: string;
        name: string;
        sessions: number;
        priceAmount: number;
        currency: string;
        validityDays: number;
      };
      serviceName: string;
      method: PackPaymentMethod;
      providerPaymentId: string;
      at: Date;
      by: PackMover;
    },
  ): Promise<ClientPackRow> {
    const [row] = await db
      .insert(clientPacks)
      .values({
        clientId: sale.clientId,
        packId: sale.pack.id,
        serviceId: sale.pack.serviceId,
        name: sale.pack.name,
        serviceName: sale.serviceName,
        sessionsTotal: sale.pack.sessions,
        sessionsLeft: sale.pack.sessions,
        priceAmount: sale.pack.priceAmount,
        currency: sale.pack.currency,
        method: sale.method,
        providerPaymentId: sale.providerPaymentId,
        expiresAt: new Date(sale.at.getTime() + sale.pack.validityDays * DAY_MS),
        createdAt: sale.at,
      })
      .returning();
    await db.insert(packLedger).values({
      clientPackId: row!.id,
      kind: 'sale',
      sessions: sale.pack.sessions,
      amount: sale.pack.priceAmount,
      currency: sale.pack.currency,
      actor: sale.by.actor,
      employeeId: sale.by.employeeId ?? null,
      createdAt: sale.at,
    });
    return row!;
  },

  /**
   * One session of the client's pack for this service that expires soonest, for this appointment,
   * in one statement: the update takes a session only where one is left and the pack is still
   * valid at `at`, so of racing bookings exactly as many succeed as there were sessions; the
   * ledger row is written by the same statement, and its unique index lets an appointment use
   * only one. Answers the pack used, or undefined when none had a session left.
   */
  async useSession(
    db: Db,
    use: { clientId: string; serviceId: string; appointmentId: string; at: Date; by: PackMover },
  ): Promise<{ clientPackId: string; name: string; sessionsLeft: number } | undefined> {
    const result = await db.execute(sql`
      with used as (
        update client_packs set sessions_left = sessions_left - 1
         where id = (select id from client_packs
                      where client_id = ${use.clientId}::uuid and service_id = ${use.serviceId}::uuid
                        and sessions_left > 0 and expires_at > ${use.at.toISOString()}::timestamptz
                        and refunded_at is null
                      order by expires_at, created_at, id
                      limit 1
                      for update)
           and sessions_left > 0 and expires_at > ${use.at.toISOString()}::timestamptz and refunded_at is null
        returning id, currency, name, sessions_left
      )
      insert into pack_ledger (client_pack_id, kind, sessions, amount, currency, appointment_id, actor, employee_id, created_at)
      select id, 'use', -1, 0, currency, ${use.appointmentId}::uuid, ${use.by.actor}, ${use.by.employeeId ?? null}::uuid,
             ${use.at.toISOString()}::timestamptz
        from used
      returning client_pack_id as "clientPackId", (select name from used) as "name",
                (select sessions_left from used) as "sessionsLeft"`);
    return result.rows[0] as { clientPackId: string; name: string; sessionsLeft: number } | undefined;
  },

  /**
   * Gives back the session an appointment used, once: only when it used one and has not had it
   * back (the unique index on returns says so too, should two cancellations ever race). True when
   * a session went back.
   */
  async returnSession(db: Db, back: { appointmentId: string; at: Date; by: PackMover }): Promise<boolean> {
    const result = await db.execute(sql`
      with returned as (
        update client_packs p set sessions_left = p.sessions_left + 1
          from pack_ledger u
         where u.appointment_id = ${back.appointmentId}::uuid and u.kind = 'use' and p.id = u.client_pack_id
           -- A refunded pack's money went back instead: its sessions stay ended.
           and p.refunded_at is null
           and not exists (select 1 from pack_ledger r
                            where r.appointment_id = ${back.appointmentId}::uuid and r.kind = 'return')
        returning p.id, p.currency
      )
      insert into pack_ledger (client_pack_id, kind, sessions, amount, currency, appointment_id, actor, employee_id, created_at)
      select id, 'return', 1, 0, currency, ${back.appointmentId}::uuid, ${back.by.actor}, ${back.by.employeeId ?? null}::uuid,
             ${back.at.toISOString()}::timestamptz
        from returned
      returning id`);
    return result.rows.length > 0;
  },

  /**
   * What is left of packs past their date is written off, as an `expiry` row each: a pack past its
   * date has no usable balance anyway (a booking checks the date), and this makes the balance say
   * so. A client's packs when they are read, or every client's (the daily job, without `clientId`).
   * The rows are taken first, so a return racing it is counted before or after, never lost; and
   * only packs with sessions left are written off, so running it twice (or on two instances at
   * once: the second waits for the first's rows, then finds them at 0) writes each expiry once.
   */
  async expireDue(db: Db, due: { clientId?: string; at: Date }): Promise<number> {
    const ofClient = due.clientId ? sql`client_id = ${due.clientId}::uuid and` : sql``;
    const result = await db.execute(sql`
      with due as (
        select id, sessions_left, currency from client_packs
         where ${ofClient} expires_at <= ${due.at.toISOString()}::timestamptz and sessions_left > 0
         for update
      ), expired as (
        update client_packs p set sessions_left = 0 from due where p.id = due.id
        returning p.id, due.sessions_left as was, due.currency
      )
      insert into pack_ledger (client_pack_id, kind, sessions, amount, currency, actor, created_at)
      select id, 'expiry', -was, 0, currency, 'system', ${due.at.toISOString()}::timestamptz from expired
      returning id`);
    return result.rows.length;
  },

  /**
   * The first step of a refund (decisions/028): claims the pack for it, once, where it is the
   * client's, not claimed or refunded yet and the amount is at most its price. From then on no
   * booking uses it (the use's condition) and no cancellation gives a session back to it, while the
   * provider is asked for the money; the balance and the ledger are untouched until `refund`. Of
   * two claims racing, the second waits for the first's row lock and then finds `refunded_at` set.
   * True when this call claimed it.
   */
  async claimRefund(
    db: Db,
    claim: { clientId: string; clientPackId: string; amount: number; at: Date },
  ): Promise<boolean> {
    const rows = await db
      .update(clientPacks)
      .set({ refundedAt: claim.at })
      .where(
        sql`${clientPacks.id} = ${claim.clientPackId}::uuid and ${clientPacks.clientId} = ${claim.clientId}::uuid
            and ${clientPacks.refundedAt} is null and ${clientPacks.priceAmount} >= ${claim.amount}`,
      )
      .returning({ id: clientPacks.id });
    return rows.length > 0;
  },

  /**
   * The provider said no (or, to the sweep, never heard of it): the claim made `at` is let go, so
   * the pack is the client's to use again. Only that claim, and only while it has no refund row:
   * true when this call let it go.
   */
  async releaseRefund(db: Db, release: { clientPackId: string; at: Date }): Promise<boolean> {
    const result = await db.execute(sql`
      update client_packs set refunded_at = null
       where id = ${release.clientPackId}::uuid and refunded_at = ${release.at.toISOString()}::timestamptz
         and not exists (select 1 from pack_ledger where client_pack_id = ${release.clientPackId}::uuid and kind = 'refund')
      returning id`);
    return result.rows.length > 0;
  },

  /**
   * The money went back (or was handed back): one statement ends what is left of the pack claimed
   * `at` and writes its `refund` row with those sessions and the amount, both negative. The row is
   * taken first, so the sessions ended are the balance as committed (an expiry meanwhile counted);
   * the partial unique index on refund rows keeps it to one. Answers the sessions it ended, or
   * undefined when the claim is not this one's or the refund is written already.
   */
  async refund(
    db: Db,
    refund: {
      clientPackId: string;
      amount: number;
      reason: string | null;
      at: Date;
      by: PackMover;
    },
  ): Promise<{ sessionsEnded: number } | undefined> {
    const at = refund.at.toISOString();
    const result = await db.execute(sql`
      with target as (
        select id, sessions_left, currency from client_packs
         where id = ${refund.clientPackId}::uuid and refunded_at = ${at}::timestamptz
           and not exists (select 1 from pack_ledger where client_pack_id = ${refund.clientPackId}::uuid and kind = 'refund')
         for update
      ), refunded as (
        update client_packs p set sessions_left = 0 from target where p.id = target.id
        returning p.id, target.sessions_left as was, target.currency
      )
      insert into pack_ledger (client_pack_id, kind, sessions, amount, currency, actor, employee_id, reason, created_at)
      select id, 'refund', -was, ${-refund.amount}, currency, ${refund.by.actor}, ${refund.by.employeeId ?? null}::uuid,
             ${refund.reason}, ${at}::timestamptz
        from refunded
      returning -sessions as "sessionsEnded"`);
    const row = result.rows[0] as { sessionsEnded: number } | undefined;
    return row && { sessionsEnded: Number(row.sessionsEnded) };
  },
};
