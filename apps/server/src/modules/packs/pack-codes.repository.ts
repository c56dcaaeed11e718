import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointments, clientPacks, clients, packCodes, packLedger } from '../../db/schema.ts';

/**
 * In a client's erasure (its transaction): the codes and checks of their addresses go, so none
 * names them and no live token books for the anonymous record.
 */
export async function forgetPackCodesIn(tx: Db, emails: string[]) {
  if (emails.length === 0) return;
  await tx.delete(packCodes).where(
    inArray(
      packCodes.email,
      emails.map((email) => email.toLowerCase()),
    ),
  );
}

/** The booking page's emailed codes for using a pack, and what a checked address may see and book. */
export function createPackCodesRepository(db: Db) {
  return {
    async save(values: typeof packCodes.$inferInsert) {
      await db.insert(packCodes).values(values);
    },

    /**
     * One try of a code still unexpired, with tries left and not yet used, spent in the statement
     * that reads it (so racing tries cannot share one): its hash, or undefined.
     */
    async spendTry(id: string, email: string, now: Date) {
      const [row] = await db
        .update(packCodes)
        .set({ triesLeft: sql`${packCodes.triesLeft} - 1` })
        .where(
          and(
            eq(packCodes.id, id),
            eq(packCodes.email, email),
            gt(packCodes.expiresAt, now),
            gt(packCodes.triesLeft, 0),
            isNull(packCodes.tokenHash),
          ),
        )
        .returning({ codeHash: packCodes.codeHash });
      return row?.codeHash;
    },

    /** The right code, once: the row becomes the proof the token stands for, until `expiresAt`. */
    async verify(id: string, codeHash: string, proof: { tokenHash: string; at: Date; expiresAt: Date }) {
      const rows = await db
        .update(packCodes)
        .set({ tokenHash: proof.tokenHash, verifiedAt: proof.at, expiresAt: proof.expiresAt })
        .where(and(eq(packCodes.id, id), eq(packCodes.codeHash, codeHash), isNull(packCodes.tokenHash)))
        .returning({ id: packCodes.id });
      return rows.length > 0;
    },

    /** The address a live token proved. */
    async emailOfToken(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ email: packCodes.email })
        .from(packCodes)
        .where(
          and(
            eq(packCodes.tokenHash, tokenHash),
            isNotNull(packCodes.verifiedAt),
            gt(packCodes.expiresAt, now),
          ),
        )
        .limit(1);
      return row?.email;
    },

    /** The client an address is, as a booking finds them (the oldest with it). */
    async clientIdByEmail(email: string) {
      const [row] = await db
        .select({ id: clients.id })
        .from(clients)
        .where(sql`lower(${clients.email}) = lower(${email})`)
        .orderBy(asc(clients.createdAt))
        .limit(1);
      return row?.id;
    },

    /** The client's packs with a session left and not expired, soonest to expire first. */
    async usablePacks(clientId: string, now: Date) {
      return db
        .select()
        .from(clientPacks)
        .where(
          and(
            eq(clientPacks.clientId, clientId),
            gt(clientPacks.sessionsLeft, 0),
            gt(clientPacks.expiresAt, now),
          ),
        )
        .orderBy(asc(clientPacks.expiresAt), asc(clientPacks.createdAt));
    },

    /** The appointment just booked, and the pack whose session it used. */
    async booked(appointmentId: string) {
      const [row] = await db
        .select({ appointment: appointments, pack: clientPacks })
        .from(appointments)
        .innerJoin(packLedger, and(eq(packLedger.appointmentId, appointments.id), eq(packLedger.kind, 'use')))
        .innerJoin(clientPacks, eq(clientPacks.id, packLedger.clientPackId))
        .where(eq(appointments.id, appointmentId))
        .limit(1);
      return row;
    },

    /** Codes and checks a day past their time: they prove nothing any more, and name an address. */
    async forgetSpent(now: Date) {
      const rows = await db
        .delete(packCodes)
        .where(lt(packCodes.expiresAt, new Date(now.getTime() - 86_400_000)))
        .returning({ id: packCodes.id });
      return rows.length;
    },
  };
}

export type PackCodesRepository = ReturnType<typeof createPackCodesRepository>;
