import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, type LoginRequest, type SessionUser } from '@chatdesk/contract/auth';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { EventBus } from '../../events/event-bus.ts';
import { AppError, unauthorized } from '../../lib/app-error.ts';
import { addressKey } from '../../lib/ip-address.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import type { AuthRepository } from './auth.repository.ts';
import { createKnownDevices } from './known-device.ts';
import { spendVerifyTime, verifyPassword } from './passwords.ts';
import { accountDelaySeconds, foldUsername } from './sign-in-throttle.ts';

export type StaffPrincipal = SessionUser & { sessionId: string };

type Deps = {
  repository: AuthRepository;
  events: EventBus;
  notify: Notify;
  jwtSecret: string;
  sessionTtlHours: number;
  login: {
    maxFailures: number;
    maxAddressFailures: number;
    maxAccountFailures: number;
    windowMinutes: number;
  };
  clock: () => Date;
};

/** Where a sign-in comes from: the client's address and the known-device cookie it carries. */
export type SignInSource = { ip: string; device?: string | undefined };

const ISSUER = 'chatdesk';
/** How long a session stays in the table after it expired or was revoked. */
const STALE_SESSION_MS = 24 * 3_600_000;
const ACCOUNT_PREFIX = 'acct:';
/** How long a session found live is trusted without reading it again (see `checked`). */
const SESSION_CHECK_MS = 5_000;
const MAX_CHECKED = 1_000;

/**
 * Sign-in throttle (docs/operations.md, Security notes). Attempts are counted per account and
 * address together, per address, and per account from unknown devices, each slot taken atomically
 * before the password is checked. Past its threshold an account makes unknown devices wait a
 * doubling delay, while a browser that signed in to it before (a known device) is not held back:
 * a guesser elsewhere cannot keep the owner out.
 */
export function createAuthService({
  repository,
  events,
  notify,
  jwtSecret,
  sessionTtlHours,
  login,
  clock,
}: Deps) {
  const key = new TextEncoder().encode(jwtSecret);
  /**
   * Tokens whose session was found live in the last SESSION_CHECK_MS: an open dashboard makes a
   * request for every change it hears, and each read the session again (and checked the token's
   * signature). Forgotten at once on this instance's own sign-outs and revocations, and on any
   * instance's (`sessions.revoked`) or a change to the team (`business.changed`: a name, a
   * deactivation); never used while this instance cannot hear those events.
   */
  const checked = new Map<string, { principal: StaffPrincipal; at: number; expiresAt: number }>();
  events.subscribe((event) => {
    if (event.type === 'sessions.revoked' || event.type === 'business.changed' || event.type === 'resync')
      checked.clear();
  });
  const knownDevices = createKnownDevices(jwtSecret);
  const windowMs = login.windowMinutes * 60_000;
  // The longest delay is one window, so an account's streak decides nothing two windows after its last attempt.
  const accountRule = {
    threshold: login.maxAccountFailures,
    capSeconds: login.windowMinutes * 60,
    windowSeconds: login.windowMinutes * 60,
  };

  function tooManyAttempts(until: number, now: Date) {
    const retryAfterSeconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
    return new AppError('TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyAttempts, {
      'retry-after': String(retryAfterSeconds),
    });
  }

  /**
   * Takes a slot on each counter; throws 429 when one is spent, without checking the password.
   * A refused attempt gives back what it took, so it costs its pair, its address and its account
   * nothing: one colleague retrying cannot block the rest, and waiting out a delay is enough.
   */
  async function takeAttemptSlots(keys: { pair: string; address: string; account?: string }, now: Date) {
    const windowStart = new Date(now.getTime() - windowMs);
    const pair = await repository.takeAttempt(keys.pair, now, windowStart);
    if (pair.count > login.maxFailures) throw tooManyAttempts(pair.windowStart.getTime() + windowMs, now);
    const address = await repository.takeAttempt(keys.address, now, windowStart);
    if (address.count > login.maxAddressFailures) {
      await repository.refundAttempt(keys.pair);
      throw tooManyAttempts(address.windowStart.getTime() + windowMs, now);
    }
    if (!keys.account) return null;
    const account = await repository.takeAccountAttempt(keys.account, now, accountRule);
    if (account) return account.count;
    await repository.refundAttempt(keys.pair);
    await repository.refundAttempt(keys.address);
    const held = await repository.readCounter(keys.account);
    const delay = held ? accountDelaySeconds(held.count, accountRule.threshold, accountRule.capSeconds) : 0;
    throw tooManyAttempts((held?.windowStart.getTime() ?? now.getTime()) + delay * 1000, now);
  }

  /** Once per window per account, staff hear of a burst of failed sign-ins on it. */
  async function alertOwner(
    employee: { id: string; username: string },
    folded: string,
    failures: number,
    now: Date,
  ) {
    const windowStart = new Date(now.getTime() - windowMs);
    if (!(await repository.claimAlert(`alert:${folded}`, now, windowStart))) return;
    const addresses = await repository.countLiveKeys(`pair:${folded}|`, windowStart);
    await notify({
      title: 'Failed sign-ins',
      message: `${failures} failed sign-ins in a row on the account "${employee.username}", from ${addresses} ${addresses === 1 ? 'address' : 'addresses'} in the last ${login.windowMinutes} minutes. Sign-ins to it from unknown devices now wait longer after each failure; browsers that signed in to it before are not held back.`,
      type: 'warning',
      link: `/employee/${employee.id}`,
    });
  }

  return {
    /**
     * Signs in; answers the session token and the known-device cookie the browser keeps for next
     * time. Signing in never needs the cookie; carrying it only spares the account's delay.
     */
    async login(input: LoginRequest, source: SignInSource): Promise<{ token: string; device: string }> {
      const now = clock();
      const folded = foldUsername(input.username);
      const address = addressKey(source.ip);
      // Looked up before any slot is taken, to know whether this browser is a known device; the
      // password is still checked only once the slots are taken.
      const employee = await repository.findEmployeeByUsername(folded);
      const knownDevice = employee ? knownDevices.recognises(source.device, employee, now) : false;
      const keys = {
        pair: `pair:${folded}|${address}`,
        address: `ip:${address}`,
        // Unknown usernames are throttled like real ones, so the answers do not tell them apart.
        ...(knownDevice ? {} : { account: `${ACCOUNT_PREFIX}${folded}` }),
      };
      const accountFailures = await takeAttemptSlots(keys, now);

      if (!employee) {
        await spendVerifyTime(input.password);
        throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      }
      if (!(await verifyPassword(employee.passwordHash, input.password))) {
        if (accountFailures !== null && accountFailures >= login.maxAccountFailures) {
          await alertOwner(employee, folded, accountFailures, now);
        }
        throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      }
      // Told only after the right password, so the message reveals nothing to a guesser.
      if (!employee.isActive) throw new AppError('FORBIDDEN', AUTH_MESSAGES.inactive);

      // A right password clears its pair and costs its address and its account nothing. The
      // account's streak is left to lapse, so an owner signing in gives a guesser no fresh turns.
      await repository.clearFailures(keys.pair);
      await repository.refundAttempt(keys.address);
      if (keys.account) await repository.refundAttempt(keys.account);
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
      return { token, device: knownDevices.remember(source.device, employee, now) };
    },

    /** Forgets every session this instance trusts: the team changed here (see `checked`). */
    forgetSessions() {
      checked.clear();
    },

    /** The staff member behind a bearer token, or a 401. */
    async authenticate(token: string | undefined): Promise<StaffPrincipal> {
      if (!token) throw unauthorized(AUTH_MESSAGES.unauthorized);
      const now = clock();
      const known = checked.get(token);
      if (
        known &&
        events.live() &&
        now.getTime() - known.at < SESSION_CHECK_MS &&
        now.getTime() < known.expiresAt
      )
        return known.principal;
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
      const principal = {
        sessionId: session.sessionId,
        id: session.id,
        name: session.name,
        username: session.username,
        email: session.email,
      };
      if (checked.size >= MAX_CHECKED) checked.clear();
      checked.set(token, { principal, at: now.getTime(), expiresAt: session.expiresAt.getTime() });
      return principal;
    },

    async logout(sessionId: string) {
      await repository.revokeSession(sessionId, clock());
      checked.clear();
      await events.publish({ type: 'sessions.revoked', sessionIds: [sessionId] });
    },

    /** After a password change, other devices must sign in again. */
    async revokeOtherSessions(employeeId: string, keepSessionId: string) {
      await repository.revokeOtherSessions(employeeId, keepSessionId, clock());
      checked.clear();
      await events.publish({ type: 'sessions.revoked', employeeId, exceptSessionId: keepSessionId });
    },

    /**
     * Run by the schedules: sessions dead for a day and sign-in counters whose window has passed
     * go, so an address-spraying guesser or years of sign-ins do not grow the tables for ever.
     */
    async forgetStale() {
      const now = clock().getTime();
      return repository.forgetStale(new Date(now - STALE_SESSION_MS), new Date(now - windowMs), {
        prefix: ACCOUNT_PREFIX,
        windowStart: new Date(now - windowMs - accountRule.capSeconds * 1000),
      });
    },

    /** After deactivation, removal or a password reset by an administrator: every device signs in again. */
    async revokeAllSessions(employeeId: string) {
      await repository.revokeAllSessions(employeeId, clock());
      checked.clear();
      await events.publish({ type: 'sessions.revoked', employeeId });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
