import { and, eq, gt, isNull, sql } from 'drizzle-orm';
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

    /** Failures counted within the window that started at windowStart; older ones no longer count. */
    async countFailures(keys: string[], windowStart: Date) {
      const rows = await db
        .select({
          key: loginFailures.key,
          count: loginFailures.count,
          windowStart: loginFailures.windowStart,
        })
        .from(loginFailures)
        .where(sql`${loginFailures.key} in ${keys} and ${loginFailures.windowStart} > ${windowStart}`);
      return rows;
    },

    async recordFailure(key: string, now: Date, windowStart: Date) {
      await db
        .insert(loginFailures)
        .values({ key, count: 1, windowStart: now })
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            count: sql`case when ${loginFailures.windowStart} > ${windowStart} then ${loginFailures.count} + 1 else 1 end`,
            windowStart: sql`case when ${loginFailures.windowStart} > ${windowStart} then ${loginFailures.windowStart} else ${now} end`,
          },
        });
    },

    async clearFailures(key: string) {
      await db.delete(loginFailures).where(eq(loginFailures.key, key));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
