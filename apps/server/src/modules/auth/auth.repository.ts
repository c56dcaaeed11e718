import { and, count, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { employees, loginFailures, sessions } from '../../db/schema.ts';

export function createAuthRepository(db: Db) {
  return {
    /** By the folded username (`foldUsername`): on the ASCII usernames stored that is `lower()`. */
    async findEmployeeByUsername(folded: string) {
      const [row] = await db
        .select()
        .from(employees)
        .where(sql`lower(${employees.username}) = ${folded}`)
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
          expiresAt: sessions.expiresAt,
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

    /**
     * Takes an account's slot in one statement, or answers null when the account's delay has not
     * run out (`accountDelaySeconds`, the same rule in SQL). The row's window_start is the last
     * checked attempt; a streak quiet for windowSeconds after its delay starts again at 1.
     */
    async takeAccountAttempt(
      key: string,
      now: Date,
      rule: { threshold: number; capSeconds: number; windowSeconds: number },
    ) {
      const delay = sql`(case when ${loginFailures.count} < ${rule.threshold}::int then 0::float8 else least(${rule.capSeconds}::float8, power(2::float8, least(${loginFailures.count} - ${rule.threshold}::int, 30))) end)`;
      const rows = await db
        .insert(loginFailures)
        .values({ key, count: 1, windowStart: now })
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            count: sql`case when ${loginFailures.windowStart} + make_interval(secs => ${delay} + ${rule.windowSeconds}::float8) <= ${now}::timestamptz then 1 else ${loginFailures.count} + 1 end`,
            windowStart: now,
          },
          setWhere: sql`${loginFailures.windowStart} + make_interval(secs => ${delay}) <= ${now}::timestamptz`,
        })
        .returning({ count: loginFailures.count });
      return rows[0] ?? null;
    },

    async readCounter(key: string) {
      const [row] = await db
        .select({ count: loginFailures.count, windowStart: loginFailures.windowStart })
        .from(loginFailures)
        .where(eq(loginFailures.key, key));
      return row;
    },

    /**
     * Claims the right to raise an alert for the key, at most once per window: one conditional
     * upsert, so of concurrent claimants exactly one gets true.
     */
    async claimAlert(key: string, now: Date, windowStart: Date) {
      const rows = await db
        .insert(loginFailures)
        .values({ key, count: 1, windowStart: now })
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: { count: sql`${loginFailures.count} + 1`, windowStart: now },
          setWhere: sql`${loginFailures.windowStart} <= ${windowStart}::timestamptz`,
        })
        .returning({ key: loginFailures.key });
      return rows.length > 0;
    },

    /** How many counters under the prefix hold a failure in a window started after windowStart. */
    async countLiveKeys(prefix: string, windowStart: Date) {
      const [row] = await db
        .select({ value: count() })
        .from(loginFailures)
        .where(
          and(
            sql`starts_with(${loginFailures.key}, ${prefix})`,
            gt(loginFailures.count, 0),
            gt(loginFailures.windowStart, windowStart),
          ),
        );
      return row?.value ?? 0;
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
     * `windowStart` (the next attempt would start them again at 1); an account's streak counter
     * (prefix `accountPrefix`) only from `accountWindowStart`, past its longest delay. Answers how
     * many of each.
     */
    async forgetStale(before: Date, windowStart: Date, account: { prefix: string; windowStart: Date }) {
      const gone = await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)))
        .returning({ id: sessions.id });
      const reset = await db
        .delete(loginFailures)
        .where(
          or(
            and(
              lte(loginFailures.windowStart, windowStart),
              sql`not starts_with(${loginFailures.key}, ${account.prefix})`,
            ),
            lte(loginFailures.windowStart, account.windowStart),
          ),
        )
        .returning({ key: loginFailures.key });
      return { sessions: gone.length, failures: reset.length };
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
