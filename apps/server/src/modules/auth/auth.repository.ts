import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { employees, loginFailures, sessions } from '../../db/schema.ts';

export function createAuthRepository(db: Db) {
  return {
    async findEmployeeByUsername(username: string) {
      const [row] = await db
        .select()
        .from(employees)
        .where(sql`lower(${employees.username}) = lower(${username})`)
        .limit(1);
      return row;
    },

    async createSession(input: { id: string; employeeId: string; expiresAt: Date }) {
      await db.insert(sessions).values(input);
    },

    /** The session's employee, when the session is live and the employee may still sign in. */
    async findLiveSession(sessionId: string, now: Date) {
      const [row] = await db
        .select({
          sessionId: sessions.id,
          id: employees.id,
          name: employees.name,
          username: employees.username,
          email: employees.email,
          isActive: employees.isActive,
        })
        .from(sessions)
        .innerJoin(employees, eq(employees.id, sessions.employeeId))
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .limit(1);
      return row;
    },

    async revokeSession(sessionId: string, now: Date) {
      await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
    },

    async revokeAllSessions(employeeId: string, now: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.employeeId, employeeId), isNull(sessions.revokedAt)));
    },

    async revokeOtherSessions(employeeId: string, keepSessionId: string, now: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(sessions.employeeId, employeeId),
            isNull(sessions.revokedAt),
            sql`${sessions.id} <> ${keepSessionId}`,
          ),
        );
    },

    /**
     * Takes one attempt slot for the key in a single statement, so concurrent attempts each see
     * their own count; a window older than windowStart starts again at 1.
     */
    async takeAttempt(key: string, now: Date, windowStart: Date) {
      const [row] = await db
        .insert(loginFailures)
        .values({ key, count: 1, windowStart: now })
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            count: sql`case when ${loginFailures.windowStart} > ${windowStart} then ${loginFailures.count} + 1 else 1 end`,
            windowStart: sql`case when ${loginFailures.windowStart} > ${windowStart} then ${loginFailures.windowStart} else ${now} end`,
          },
        })
        .returning({ count: loginFailures.count, windowStart: loginFailures.windowStart });
      return row!;
    },

    /** Gives back a slot taken by an attempt that turned out right. */
    async refundAttempt(key: string) {
      await db
        .update(loginFailures)
        .set({ count: sql`greatest(${loginFailures.count} - 1, 0)` })
        .where(eq(loginFailures.key, key));
    },

    async clearFailures(key: string) {
      await db.delete(loginFailures).where(eq(loginFailures.key, key));
    },

    /**
     * Deletes what decides nothing any more: sessions expired or revoked before `before` (a
     * missing session is refused like a dead one), and counters whose window started at or before
     * `windowStart` (the next attempt would start them again at 1). Answers how many of each.
     */
    async forgetStale(before: Date, windowStart: Date) {
      const gone = await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)))
        .returning({ id: sessions.id });
      const reset = await db
        .delete(loginFailures)
        .where(lte(loginFailures.windowStart, windowStart))
        .returning({ key: loginFailures.key });
      return { sessions: gone.length, failures: reset.length };
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
