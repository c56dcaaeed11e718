import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, type LoginRequest, type SessionUser } from '@chatdesk/contract/auth';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { EventBus } from '../../events/event-bus.ts';
import { AppError, unauthorized } from '../../lib/app-error.ts';
import type { AuthRepository } from './auth.repository.ts';
import { spendVerifyTime, verifyPassword } from './passwords.ts';

export type StaffPrincipal = SessionUser & { sessionId: string };

type Deps = {
  repository: AuthRepository;
  events: EventBus;
  jwtSecret: string;
  sessionTtlHours: number;
  login: { maxFailures: number; maxAddressFailures: number; windowMinutes: number };
  clock: () => Date;
};

const ISSUER = 'chatdesk';
/** How long a session stays in the table after it expired or was revoked. */
const STALE_SESSION_MS = 24 * 3_600_000;

/**
 * Sign-in throttle (docs/operations.md, Security notes). Attempts are counted per account and
 * address together, and per address, each slot taken atomically before the password is checked.
 * The account itself is never locked: a guesser elsewhere cannot keep its owner out.
 */
export function createAuthService({ repository, events, jwtSecret, sessionTtlHours, login, clock }: Deps) {
  const key = new TextEncoder().encode(jwtSecret);
  const windowMs = login.windowMinutes * 60_000;

  function tooManyAttempts(windowStart: Date, now: Date) {
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000),
    );
    return new AppError('TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyAttempts, {
      'retry-after': String(retryAfterSeconds),
    });
  }

  /**
   * Takes a slot on both counters; throws 429 when either is spent, without checking the password.
   * A blocked pair takes nothing from its address, so one colleague retrying cannot block the rest.
   */
  async function takeAttemptSlots(pairKey: string, addressKey: string, now: Date) {
    const windowStart = new Date(now.getTime() - windowMs);
    const pair = await repository.takeAttempt(pairKey, now, windowStart);
    if (pair.count > login.maxFailures) throw tooManyAttempts(pair.windowStart, now);
    const address = await repository.takeAttempt(addressKey, now, windowStart);
    if (address.count > login.maxAddressFailures) {
      await repository.refundAttempt(pairKey);
      throw tooManyAttempts(address.windowStart, now);
    }
  }

  return {
    async login(input: LoginRequest, ip: string): Promise<{ token: string }> {
      const now = clock();
      const pairKey = `pair:${input.username.toLowerCase()}|${ip}`;
      const addressKey = `ip:${ip}`;
      await takeAttemptSlots(pairKey, addressKey, now);

      const employee = await repository.findEmployeeByUsername(input.username);
      if (!employee) {
        await spendVerifyTime(input.password);
        throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      }
      if (!(await verifyPassword(employee.passwordHash, input.password))) {
        throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      }
      // Told only after the right password, so the message reveals nothing to a guesser.
      if (!employee.isActive) throw new AppError('FORBIDDEN', AUTH_MESSAGES.inactive);

      // A right password clears its pair and costs colleagues behind the same address nothing.
      await repository.clearFailures(pairKey);
      await repository.refundAttempt(addressKey);
      const sessionId = randomUUID();
      const expiresAt = new Date(now.getTime() + sessionTtlHours * 3_600_000);
      await repository.createSession({ id: sessionId, employeeId: employee.id, expiresAt });
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setSubject(employee.id)
        .setJti(sessionId)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token };
    },

    /** The staff member behind a bearer token, or a 401. */
    async authenticate(token: string | undefined): Promise<StaffPrincipal> {
      if (!token) throw unauthorized(AUTH_MESSAGES.unauthorized);
      const now = clock();
      let sessionId: string | undefined;
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: now,
        });
        sessionId = payload.jti;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError)
          throw unauthorized('Your session has expired. Please sign in again.');
        throw error;
      }
      if (!sessionId) throw unauthorized(AUTH_MESSAGES.unauthorized);
      const session = await repository.findLiveSession(sessionId, now);
      if (!session?.isActive) throw unauthorized('Your session has expired. Please sign in again.');
      return {
        sessionId: session.sessionId,
        id: session.id,
        name: session.name,
        username: session.username,
        email: session.email,
      };
    },

    async logout(sessionId: string) {
      await repository.revokeSession(sessionId, clock());
      await events.publish({ type: 'sessions.revoked', sessionIds: [sessionId] });
    },

    /** After a password change, other devices must sign in again. */
    async revokeOtherSessions(employeeId: string, keepSessionId: string) {
      await repository.revokeOtherSessions(employeeId, keepSessionId, clock());
      await events.publish({ type: 'sessions.revoked', employeeId, exceptSessionId: keepSessionId });
    },

    /**
     * Run by the schedules: sessions dead for a day and sign-in counters whose window has passed
     * go, so an address-spraying guesser or years of sign-ins do not grow the tables for ever.
     */
    async forgetStale() {
      const now = clock().getTime();
      return repository.forgetStale(new Date(now - STALE_SESSION_MS), new Date(now - windowMs));
    },

    /** After deactivation, removal or a password reset by an administrator: every device signs in again. */
    async revokeAllSessions(employeeId: string) {
      await repository.revokeAllSessions(employeeId, clock());
      await events.publish({ type: 'sessions.revoked', employeeId });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
