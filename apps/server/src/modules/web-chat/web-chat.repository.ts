import { and, asc, eq, getTableColumns, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients, webChatCodes, webChatSessions, webChatSettings } from '../../db/schema.ts';

export type WebChatSettingsRow = typeof webChatSettings.$inferSelect;
export type WebChatSessionRow = typeof webChatSessions.$inferSelect;

/** The web chat's tables: its settings, the visitors' sessions and their emailed codes. */
export function createWebChatRepository(db: Db) {
  return {
    async settings(): Promise<WebChatSettingsRow | undefined> {
      const [row] = await db.select().from(webChatSettings).where(eq(webChatSettings.id, 1));
      return row;
    },

    /** Makes the install's one row, with its public key, unless another instance made it first. */
    async createSettings(values: { publicKey: string; greeting: string; color: string }) {
      await db
        .insert(webChatSettings)
        .values({ id: 1, ...values })
        .onConflictDoNothing({ target: webChatSettings.id });
    },

    async updateSettings(
      values: Pick<
        WebChatSettingsRow,
        'enabled' | 'allowedOrigins' | 'greeting' | 'color' | 'position' | 'privacyNote'
      >,
    ) {
      const [row] = await db.update(webChatSettings).set(values).where(eq(webChatSettings.id, 1)).returning();
      return row;
    },

    /** At most one write a minute whatever the number of instances: the row is left alone while recent. */
    async markStaffSeen(at: Date) {
      await db
        .update(webChatSettings)
        .set({ staffSeenAt: at })
        .where(
          and(
            eq(webChatSettings.id, 1),
            or(
              isNull(webChatSettings.staffSeenAt),
              lt(webChatSettings.staffSeenAt, new Date(at.getTime() - 60_000)),
            ),
          ),
        );
    },

    async createSession(values: { tokenHash: string; phone: string; lastSeenAt: Date }) {
      const [row] = await db.insert(webChatSessions).values(values).returning();
      return row!;
    },

    /** A session still in use, by its id's hash, with whether the chat is on (one read per visitor request). */
    async findSession(tokenHash: string) {
      const [row] = await db
        .select({
          ...getTableColumns(webChatSessions),
          chatEnabled: sql<boolean>`coalesce((select enabled from web_chat_settings where id = 1), false)`,
        })
        .from(webChatSessions)
        .where(and(eq(webChatSessions.tokenHash, tokenHash), isNull(webChatSessions.endedAt)));
      return row;
    },

    /** The visitor is about: recorded at most once a minute, so a busy visitor costs no write per request. */
    async touch(sessionId: string, at: Date) {
      await db
        .update(webChatSessions)
        .set({ lastSeenAt: at })
        .where(
          and(
            eq(webChatSessions.id, sessionId),
            lt(webChatSessions.lastSeenAt, new Date(at.getTime() - 60_000)),
          ),
        );
    },

    /**
     * The session's verification lapsed: it no longer names an email or a client, and says it lapsed
     * so the panel can ask again. Only while it is still the verification that was found old (a new
     * code given meanwhile stands).
     */
    async lapseVerification(sessionId: string, verifiedAt: Date | null) {
      await db
        .update(webChatSessions)
        .set({
          verifiedEmail: null,
          verifiedPhone: null,
          clientId: null,
          verifiedAt: null,
          verificationLapsed: true,
        })
        .where(
          and(
            eq(webChatSessions.id, sessionId),
            verifiedAt ? eq(webChatSessions.verifiedAt, verifiedAt) : isNull(webChatSessions.verifiedAt),
          ),
        );
    },

    /** Sessions unused since `idleBefore` go, with their codes (cascade); answers how many. */
    async deleteIdle(idleBefore: Date) {
      const rows = await db
        .delete(webChatSessions)
        .where(lt(webChatSessions.lastSeenAt, idleBefore))
        .returning({ id: webChatSessions.id });
      return rows.length;
    },

    /** Verified sessions whose verification has lapsed: verified before `verifiedBefore` or unused since `idleBefore`. */
    async lapsedVerifications(verifiedBefore: Date, idleBefore: Date) {
      return db
        .select({
          id: webChatSessions.id,
          phone: webChatSessions.phone,
          verifiedAt: webChatSessions.verifiedAt,
        })
        .from(webChatSessions)
        .where(
          and(
            or(isNotNull(webChatSessions.verifiedEmail), isNotNull(webChatSessions.verifiedPhone)),
            or(
              isNull(webChatSessions.verifiedAt),
              lt(webChatSessions.verifiedAt, verifiedBefore),
              lt(webChatSessions.lastSeenAt, idleBefore),
            ),
          ),
        );
    },

    async setReplyTo(sessionId: string, replyTo: string) {
      await db.update(webChatSessions).set({ replyTo }).where(eq(webChatSessions.id, sessionId));
    },

    /** A request replaces the session's earlier code, whatever address that was for. */
    async saveCode(values: typeof webChatCodes.$inferInsert) {
      await db
        .insert(webChatCodes)
        .values(values)
        .onConflictDoUpdate({
          target: webChatCodes.sessionId,
          set: {
            email: values.email,
            codeHash: values.codeHash,
            expiresAt: values.expiresAt,
            triesLeft: values.triesLeft,
            createdAt: sql`now()`,
          },
        });
    },

    /**
     * Spends one try of the session's live code for `email`, in one statement, so concurrent
     * guesses each spend one and no more than its tries are ever compared. Answers the code's hash
     * to compare, or undefined when there is no live code with a try left.
     */
    async spendTry(sessionId: string, email: string, now: Date) {
      const [row] = await db
        .update(webChatCodes)
        .set({ triesLeft: sql`${webChatCodes.triesLeft} - 1` })
        .where(
          and(
            eq(webChatCodes.sessionId, sessionId),
            eq(webChatCodes.email, email),
            gt(webChatCodes.expiresAt, now),
            gt(webChatCodes.triesLeft, 0),
          ),
        )
        .returning({ codeHash: webChatCodes.codeHash });
      return row?.codeHash;
    },

    /**
     * The right code was given: the code goes (in the same statement, so it is used once) and the
     * session is verified for `email`, or with `phone` for those digits (a WhatsApp code, stored for
     * '+' and the digits); verifying one forgets the other. False if a concurrent confirmation used it first.
     */
    async verify(
      sessionId: string,
      email: string,
      codeHash: string,
      clientId: string | null,
      at: Date,
      phone: string | null = null,
    ) {
      return db.transaction(async (tx) => {
        const used = await tx
          .delete(webChatCodes)
          .where(
            and(
              eq(webChatCodes.sessionId, sessionId),
              eq(webChatCodes.email, email),
              eq(webChatCodes.codeHash, codeHash),
            ),
          )
          .returning({ sessionId: webChatCodes.sessionId });
        if (used.length === 0) return false;
        await tx
          .update(webChatSessions)
          .set({
            verifiedEmail: phone ? null : email,
            verifiedPhone: phone,
            clientId,
            verifiedAt: at,
            verificationLapsed: false,
          })
          .where(eq(webChatSessions.id, sessionId));
        return true;
      });
    },

    /** The client with this email (the oldest, as the rest of the app picks), if there is one. */
    async clientIdByEmail(email: string) {
      const [row] = await db
        .select({ id: clients.id })
        .from(clients)
        .where(sql`lower(${clients.email}) = ${email}`)
        .orderBy(asc(clients.createdAt))
        .limit(1);
      return row?.id ?? null;
    },

    /** The client with these phone digits (the oldest, as a WhatsApp chat from the number finds), if any. */
    async clientIdByPhoneDigits(digits: string) {
      const [row] = await db
        .select({ id: clients.id })
        .from(clients)
        .where(eq(clients.phoneDigits, digits))
        .orderBy(asc(clients.createdAt))
        .limit(1);
      return row?.id ?? null;
    },

    /** The visitor deleted the conversation: the id stops working and nothing personal stays on it. */
    async endSession(sessionId: string, at: Date) {
      await db.delete(webChatCodes).where(eq(webChatCodes.sessionId, sessionId));
      await db
        .update(webChatSessions)
        .set({
          endedAt: at,
          verifiedEmail: null,
          verifiedPhone: null,
          verifiedAt: null,
          replyTo: null,
          clientId: null,
        })
        .where(eq(webChatSessions.id, sessionId));
    },

    /** The made-up numbers of the sessions that proved one of these emails or acted for the client. */
    async phonesOf(emails: string[], clientId: string) {
      const rows = await db
        .select({ phone: webChatSessions.phone })
        .from(webChatSessions)
        .where(
          or(
            eq(webChatSessions.clientId, clientId),
            emails.length > 0 ? inArray(webChatSessions.verifiedEmail, emails) : undefined,
          ),
        );
      return rows.map((row) => row.phone);
    },

    /**
     * A client's erasure (in its transaction): no session keeps their email or number, their client
     * or a reply-to address of theirs, and no code waits for their address or number.
     */
    async eraseClient(emails: string[], clientId: string, phones: string[] = []) {
      const digits = [...new Set(phones.map((phone) => phone.replace(/\D/g, '')).filter(Boolean))];
      const addresses = [...emails, ...digits.map((d) => `+${d}`)];
      if (addresses.length > 0) await db.delete(webChatCodes).where(inArray(webChatCodes.email, addresses));
      const rows = await db
        .update(webChatSessions)
        .set({ verifiedEmail: null, verifiedPhone: null, verifiedAt: null, clientId: null, replyTo: null })
        .where(
          or(
            eq(webChatSessions.clientId, clientId),
            digits.length > 0 ? inArray(webChatSessions.verifiedPhone, digits) : undefined,
            emails.length > 0 ? inArray(webChatSessions.verifiedEmail, emails) : undefined,
            emails.length > 0 ? inArray(sql`lower(${webChatSessions.replyTo})`, emails) : undefined,
          ),
        )
        .returning({ id: webChatSessions.id });
      return rows.length;
    },
  };
}

export type WebChatRepository = ReturnType<typeof createWebChatRepository>;
