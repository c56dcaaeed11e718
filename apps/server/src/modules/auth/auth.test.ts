import { AUTH_MESSAGES } from '@chatdesk/contract/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertEmployee } from '../../../test/factories.ts';

let t: TestContext;
let now = new Date('2026-11-22T10:00:00Z');
beforeAll(async () => {
  // The per-minute request limit is tested elsewhere; here only the sign-in throttle answers 429.
  t = await buildTestApp({ clock: () => now, env: { LOGIN_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(() => t.close());

const login = (username: string, password: string, ip = '10.1.1.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: ip,
  });

describe('sign-in', () => {
  it('returns a token that verifies as the employee', async () => {
    const employee = await insertEmployee(t.db, { name: 'Carla Gil', password: 'secret-pass' });
    const response = await login(employee.username, 'secret-pass');
    expect(response.statusCode).toBe(200);
    const { token } = response.json();
    const verify = await t.app.inject({
      url: '/api/auth/verify',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({
      valid: true,
      user: { id: employee.id, name: 'Carla Gil', username: employee.username, email: employee.email },
    });
    expect(verify.body).not.toContain('password');
  });

  it('accepts the username in any letter case', async () => {
    const employee = await insertEmployee(t.db, { username: 'MixedCase', password: 'secret-pass' });
    expect((await login('mixedcase', 'secret-pass')).statusCode).toBe(200);
    expect(employee.username).toBe('MixedCase');
  });

  it('refuses a wrong password or an unknown user with the same message', async () => {
    const employee = await insertEmployee(t.db, { password: 'secret-pass' });
    const wrong = await login(employee.username, 'nope', '10.2.0.1');
    const unknown = await login('nobody-here', 'nope', '10.2.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    expect(unknown.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
  });

  it('tells an inactive employee, but only after the right password', async () => {
    const employee = await insertEmployee(t.db, { password: 'secret-pass', isActive: false });
    expect((await login(employee.username, 'wrong', '10.3.0.1')).statusCode).toBe(401);
    const response = await login(employee.username, 'secret-pass', '10.3.0.1');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.inactive });
  });

  it('requires both fields and names the missing one', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('password');
    const blank = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: ' ', password: 'x' },
    });
    expect(blank.json().message).toBe('username: Username is required');
  });

  it('slows down repeated failures for one account from one address, then lets the right password in after the window', async () => {
    const employee = await insertEmployee(t.db, { password: 'secret-pass' });
    for (let i = 0; i < 5; i++) {
      expect((await login(employee.username, `wrong-${i}`, '10.4.0.1')).statusCode).toBe(401);
    }
    const blocked = await login(employee.username, 'secret-pass', '10.4.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: AUTH_MESSAGES.tooManyAttempts });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    now = new Date(now.getTime() + 16 * 60_000);
    expect((await login(employee.username, 'secret-pass', '10.4.0.1')).statusCode).toBe(200);
  });

  it('a guesser who does not know the password never keeps the owner out from another address', async () => {
    const employee = await insertEmployee(t.db, { password: 'secret-pass' });
    for (let i = 0; i < 12; i++) {
      await login(employee.username, `wrong-${i}`, `10.4.2.${i % 3}`);
    }
    expect((await login(employee.username, 'secret-pass', '10.4.3.1')).statusCode).toBe(200);
  });

  it("one colleague's failures do not block the others behind the same address", async () => {
    const clumsy = await insertEmployee(t.db, { password: 'secret-pass' });
    const colleague = await insertEmployee(t.db, { password: 'other-pass' });
    for (let i = 0; i < 30; i++) await login(clumsy.username, `wrong-${i}`, '10.6.0.1');
    expect((await login(clumsy.username, 'secret-pass', '10.6.0.1')).statusCode).toBe(429);
    expect((await login(colleague.username, 'other-pass', '10.6.0.1')).statusCode).toBe(200);
  });

  it('slows down one address trying many accounts, and only that address', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await login(`ghost-${i}`, 'x', '10.5.5.5')).statusCode).toBe(401);
    }
    const employee = await insertEmployee(t.db, { password: 'secret-pass' });
    expect((await login(employee.username, 'secret-pass', '10.5.5.5')).statusCode).toBe(429);
    expect((await login(employee.username, 'secret-pass', '10.5.5.6')).statusCode).toBe(200);
  });

  it('checks at most the limit of a burst of concurrent guesses, and the right password among them gets no extra turn', async () => {
    const employee = await insertEmployee(t.db, { password: 'secret-pass' });
    const passwords = Array.from({ length: 40 }, (_, i) => (i === 20 ? 'secret-pass' : `wrong-${i}`));
    const responses = await Promise.all(passwords.map((p) => login(employee.username, p, '10.8.0.1')));
    const codes = responses.map((r) => r.statusCode);
    const evaluated = codes.filter((c) => c === 401 || c === 200).length;
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(35);
    // Accepted only if it took one of the five turns; never as a sixth.
    if (codes[20] === 200) expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(4);
  });
});

describe('session', () => {
  it('logout makes the token stop working', async () => {
    const { headers } = await t.signIn();
    expect((await t.app.inject({ url: '/api/auth/verify', headers })).statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(logout.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/auth/verify', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBeTypeOf('string');
  });

  it('an employee made inactive loses the session at once', async () => {
    const { headers, employee } = await t.signIn();
    const { employees } = await import('../../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    await t.db.update(employees).set({ isActive: false }).where(eq(employees.id, employee.id));
    expect((await t.app.inject({ url: '/api/auth/verify', headers })).statusCode).toBe(401);
  });

  it.each([
    ['no header', {}],
    ['a malformed token', { authorization: 'Bearer not-a-jwt' }],
    ['a token signed with another secret', { authorization: `Bearer ${forgedToken()}` }],
    ['another scheme', { authorization: 'Basic YWRtaW46YWRtaW4xMjM0' }],
  ])('every staff endpoint answers 401 with %s', async (_label, headers) => {
    for (const url of [
      '/api/auth/verify',
      '/api/company',
      '/api/users/profile',
      '/api/notifications',
      '/api/events',
    ]) {
      const response = await t.app.inject({ url, headers });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toHaveProperty('message');
    }
  });

  it('a token expires after its lifetime', async () => {
    const { headers } = await t.signIn();
    now = new Date(now.getTime() + 8 * 24 * 3_600_000);
    expect((await t.app.inject({ url: '/api/auth/verify', headers })).statusCode).toBe(401);
  });
});

describe('stale rows', () => {
  it('dead sessions and spent sign-in counters are deleted by the schedules, live ones kept', async () => {
    const { loginFailures, sessions } = await import('../../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const employee = await insertEmployee(t.db, { password: 'secret-pass' });
    expect((await login(employee.username, 'wrong', '10.9.0.1')).statusCode).toBe(401);
    const live = await t.signIn();
    const revoked = await t.signIn();
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: revoked.headers });
    const failures = () => t.db.select().from(loginFailures).where(eq(loginFailures.key, 'ip:10.9.0.1'));
    const sessionOf = (headers: Record<string, string>) => {
      const payload = headers.authorization!.split('.')[1]!;
      return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { jti: string }).jti;
    };
    const kept = async () =>
      (await t.db.select({ id: sessions.id }).from(sessions))
        .map((row) => row.id)
        .filter((id) => id === sessionOf(live.headers) || id === sessionOf(revoked.headers));

    // Within the window and the day: nothing goes.
    await t.app.schedules.runOnce();
    expect(await failures()).toHaveLength(1);
    expect(await kept()).toHaveLength(2);

    // A day later: the counter's window is long over and the logged-out session a day dead.
    now = new Date(now.getTime() + 25 * 3_600_000);
    await t.app.schedules.runOnce();
    expect(await failures()).toHaveLength(0);
    expect(await kept()).toEqual([sessionOf(live.headers)]);
    expect((await t.app.inject({ url: '/api/auth/verify', headers: live.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/verify', headers: revoked.headers })).statusCode).toBe(401);
  });
});

describe('login config', () => {
  it('offers no demo credentials when demo data is off', async () => {
    const response = await t.app.inject({ url: '/api/auth/config' });
    expect(response.json()).toEqual({ demo: null });
  });
});

function forgedToken() {
  const header = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
  const body = Buffer.from(JSON.stringify({ iss: 'chatdesk', sub: 'x', jti: 'y', exp: 4102444800 })).toString(
    'base64url',
  );
  return `${header}.${body}.c2lnbmF0dXJl`;
}
