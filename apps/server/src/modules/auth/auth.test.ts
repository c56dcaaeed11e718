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

const login = (username: string, password: string, ip = '10.1.1.1', device?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: ip,
    ...(device ? { cookies: { chatdesk_device: device } } : {}),
  });

/** The known-device cookie a successful sign-in set. */
const deviceOf = (response: Awaited<ReturnType<typeof login>>) => {
  const cookie = response.cookies.find((c) => c.name === 'chatdesk_device');
  if (!cookie) throw new Error('no known-device cookie');
  return cookie.value;
};

const alertsAbout = async (username: string) => {
  const { notifications } = await import('../../db/schema.ts');
  const rows = await t.db.select().from(notifications);
  return rows.filter((row) => row.title === 'Failed sign-ins' && row.message.includes(`"${username}"`));
};

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

  it('a guesser below the account threshold does not keep the owner out from another address', async () => {
    const employee = await insertEmployee(t.db, { password: 'secret-pass' });
    for (let i = 0; i < 9; i++) {
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

describe('sign-in guessing on one account from many addresses', () => {
  it("100 addresses × 5 guesses get 10 passwords checked; then an unknown device waits, the owner's known device gets in, and staff are told once", async () => {
    const employee = await insertEmployee(t.db, { password: 'secret-pass' });
    const first = await login(employee.username, 'secret-pass', '10.40.0.1');
    expect(first.statusCode).toBe(200);
    const device = deviceOf(first);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/api/auth');

    const codes: number[] = [];
    for (let guess = 0; guess < 5; guess++) {
      for (let address = 0; address < 100; address++) {
        codes.push((await login(employee.username, `wrong-${guess}`, `10.41.${address}.1`)).statusCode);
      }
    }
    expect(codes.filter((code) => code === 401)).toHaveLength(10);
    expect(codes.filter((code) => code === 429)).toHaveLength(490);

    const stranger = await login(employee.username, 'secret-pass', '10.42.0.1');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toEqual({ message: AUTH_MESSAGES.tooManyAttempts });
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);

    expect((await login(employee.username, 'secret-pass', '10.40.0.2', device)).statusCode).toBe(200);

    const alerts = await alertsAbout(employee.username);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ type: 'warning', link: `/employee/${employee.id}` });
    expect(alerts[0]!.message).toContain('10 failed sign-ins');
    expect(alerts[0]!.message).toContain('from 10 addresses');
  });

  it('past the threshold each further guess waits twice as long as the last, and a quiet account starts afresh', async () => {
    const employee = await insertEmployee(t.db, { password: 'secret-pass' });
    for (let i = 0; i < 10; i++) {
      expect((await login(employee.username, `wrong-${i}`, `10.43.${i}.1`)).statusCode).toBe(401);
    }
    const waits: string[] = [];
    for (let i = 0; i < 4; i++) {
      const held = await login(employee.username, 'wrong', '10.43.100.1');
      expect(held.statusCode).toBe(429);
      waits.push(String(held.headers['retry-after']));
      now = new Date(now.getTime() + Number(held.headers['retry-after']) * 1000);
      expect((await login(employee.username, `late-${i}`, `10.43.${101 + i}.1`)).statusCode).toBe(401);
    }
    expect(waits).toEqual(['1', '2', '4', '8']);
    // Fourteen failures, still one alert in the window.
    expect(await alertsAbout(employee.username)).toHaveLength(1);

    // Half an hour with no attempt (the delay, at most a window, then a quiet window): a new streak.
    now = new Date(now.getTime() + 31 * 60_000);
    expect((await login(employee.username, 'secret-pass', '10.43.200.1')).statusCode).toBe(200);
  });

  it('a burst of concurrent guesses from many addresses gets no more than the threshold checked and one alert', async () => {
    const employee = await insertEmployee(t.db, { password: 'secret-pass' });
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(employee.username, `wrong-${i}`, `10.44.${i}.1`)),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(10);
    expect(codes.filter((code) => code === 429).length).toBeGreaterThanOrEqual(30);
    expect(await alertsAbout(employee.username)).toHaveLength(1);
  });

  it("another account's known-device cookie, or a forged one, earns no exemption", async () => {
    const owner = await insertEmployee(t.db, { password: 'secret-pass' });
    const colleague = await insertEmployee(t.db, { password: 'other-pass' });
    const colleagueDevice = deviceOf(await login(colleague.username, 'other-pass', '10.45.0.1'));
    for (let i = 0; i < 10; i++) await login(owner.username, `wrong-${i}`, `10.45.1.${i}`);
    expect((await login(owner.username, 'secret-pass', '10.45.2.1', colleagueDevice)).statusCode).toBe(429);
    const forged = `${owner.id}.${Math.floor(now.getTime() / 1000)}.${'A'.repeat(43)}`;
    expect((await login(owner.username, 'secret-pass', '10.45.2.1', forged)).statusCode).toBe(429);
  });
});

describe('what counts as one address and one account', () => {
  it('IPv6 addresses of one /64 share a counter, and an IPv4-mapped address is its IPv4 address', async () => {
    const employee = await insertEmployee(t.db, { password: 'secret-pass' });
    for (let i = 1; i <= 5; i++) {
      expect((await login(employee.username, `wrong-${i}`, `2001:db8:46:1::${i}`)).statusCode).toBe(401);
    }
    expect((await login(employee.username, 'secret-pass', '2001:db8:46:1:ffff::9')).statusCode).toBe(429);
    expect((await login(employee.username, 'secret-pass', '2001:db8:46:2::1')).statusCode).toBe(200);

    const other = await insertEmployee(t.db, { password: 'secret-pass' });
    for (let i = 0; i < 5; i++) await login(other.username, `wrong-${i}`, '::ffff:10.46.0.1');
    expect((await login(other.username, 'secret-pass', '10.46.0.1')).statusCode).toBe(429);
  });

  it('spellings of one username (ADMİN, admın, ADMIN) count on that account and sign in to it', async () => {
    const employee = await insertEmployee(t.db, {
      username: `admin${Date.now() % 100_000}`,
      password: 'secret-pass',
    });
    const suffix = employee.username.slice('admin'.length);
    const spellings = [
      `ADMİN${suffix}`,
      `admın${suffix}`,
      `ADMIN${suffix}`,
      `AdMİn${suffix}`,
      `ａｄｍｉｎ${suffix}`,
    ];
    for (const spelling of spellings) {
      expect((await login(spelling, 'wrong', '10.47.0.1')).statusCode).toBe(401);
    }
    expect((await login(employee.username, 'secret-pass', '10.47.0.1')).statusCode).toBe(429);

    const other = await login(`ADMİN${suffix}`, 'secret-pass', '10.47.0.2');
    expect(other.statusCode).toBe(200);
    const verify = await t.app.inject({
      url: '/api/auth/verify',
      headers: { authorization: `Bearer ${other.json().token}` },
    });
    expect(verify.json().user.id).toBe(employee.id);
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

  it('an employee made inactive loses the session at once, even one checked a moment before', async () => {
    const { headers, employee } = await t.signIn();
    expect((await t.app.inject({ url: '/api/auth/verify', headers })).statusCode).toBe(200);
    const admin = await t.signIn();
    const current = (
      await t.app.inject({ url: `/api/employees/${employee.id}`, headers: admin.headers })
    ).json();
    const deactivate = await t.app.inject({
      method: 'PUT',
      url: `/api/employees/${employee.id}`,
      headers: admin.headers,
      payload: { ...current, isActive: false },
    });
    expect(deactivate.statusCode, deactivate.body).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/verify', headers })).statusCode).toBe(401);
  });

  it('a sign-out on one instance ends the session on another as soon as that one hears of it', async () => {
    const other = await t.anotherInstance();
    const { headers } = await t.signIn();
    // Checked on the other instance first, so it has the session in mind.
    expect((await other.inject({ url: '/api/auth/verify', headers })).statusCode).toBe(200);
    const heard = new Promise<void>((resolve) => {
      const stop = other.bus.subscribe((event) => {
        if (event.type !== 'sessions.revoked') return;
        stop();
        resolve();
      });
    });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    await heard;
    expect((await other.inject({ url: '/api/auth/verify', headers })).statusCode).toBe(401);
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
