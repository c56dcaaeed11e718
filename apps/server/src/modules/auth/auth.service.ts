import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, type LoginRequest, type SessionUser } from '@chatdesk/contract/auth';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError, unauthorized } from '../../lib/app-error.ts';
import type { AuthRepository } from './auth.repository.ts';
import { spendVerifyTime, verifyPassword } from './passwords.ts';

export type StaffPrincipal = SessionUser & { sessionId: string };

type Deps = {
  repository: AuthRepository;
  jwtSecret: string;
  sessionTtlHours: number;
  login: { maxFailures: number; windowMinutes: number };
  clock: () => Date;
};

const ISSUER = 'chatdesk';

export function createAuthService({ repository, jwtSecret, sessionTtlHours, login, clock }: Deps) {
  const key = new TextEncoder().encode(jwtSecret);
  const windowMs = login.windowMinutes * 60_000;

  async function assertNotThrottled(keys: string[], now: Date) {
    const windowStart = new Date(now.getTime() - windowMs);
    const rows = await repository.countFailures(keys, windowStart);
    const blocked = rows.filter((row) => row.count >= login.maxFailures);
    if (blocked.length === 0) return;
    const retryAt = Math.max(...blocked.map((row) => row.windowStart.getTime() + windowMs));
    const retryAfterSeconds = Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000));
    throw new AppError('TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyAttempts, {
      'retry-after': String(retryAfterSeconds),
    });
  }

  async function recordFailure(keys: string[], now: Date) {
    const windowStart = new Date(now.getTime() - windowMs);
    for (const failureKey of keys) await repository.recordFailure(failureKey, now, windowStart);
  }

  return {
    async login(input: LoginRequest, ip: string): Promise<{ token: string }> {
      const now = clock();
      const userKey = `user:${input.username.toLowerCase()}`;
      const keys = [userKey, `ip:${ip}`];
      await assertNotThrottled(keys, now);

      const employee = await repository.findEmployeeByUsername(input.username);
      if (!employee) {
        await spendVerifyTime(input.password);
        await recordFailure(keys, now);
        throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      }
      if (!(await verifyPassword(employee.passwordHash, input.password))) {
        await recordFailure(keys, now);
        throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      }
      // Told only after the right password, so the message reveals nothing to a guesser.
      if (!employee.isActive) throw new AppError('FORBIDDEN', AUTH_MESSAGES.inactive);

      await repository.clearFailures(userKey);
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
    },

    /** After a password change, other devices must sign in again. */
    async revokeOtherSessions(employeeId: string, keepSessionId: string) {
      await repository.revokeOtherSessions(employeeId, keepSessionId, clock());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
