import { PASSWORD_MESSAGES, PROFILE_MESSAGES } from '@chatdesk/contract/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertEmployee } from '../../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('profile', () => {
  it('is the signed-in employee, and saving changes it', async () => {
    const { headers } = await t.signIn({ name: 'Rosa Díaz', email: 'rosa@example.com' });
    expect((await t.app.inject({ url: '/api/users/profile', headers })).json()).toEqual({
      name: 'Rosa Díaz',
      email: 'rosa@example.com',
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers,
      payload: { name: ' Rosa Díaz Ruiz ', email: 'rosa.diaz@example.com' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ name: 'Rosa Díaz Ruiz', email: 'rosa.diaz@example.com' });
    const verify = await t.app.inject({ url: '/api/auth/verify', headers });
    expect(verify.json().user.name).toBe('Rosa Díaz Ruiz');
  });

  it.each([
    [{ name: '', email: 'a@example.com' }, `name: ${PROFILE_MESSAGES.nameRequired}`],
    [{ name: 'A', email: '' }, `email: ${PROFILE_MESSAGES.emailRequired}`],
    [{ name: 'A', email: 'not-an-email' }, `email: ${PROFILE_MESSAGES.emailInvalid}`],
  ])('refuses %j', async (payload, message) => {
    const { headers } = await t.signIn();
    const response = await t.app.inject({ method: 'PUT', url: '/api/users/profile', headers, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it("refuses another employee's email", async () => {
    const other = await insertEmployee(t.db);
    const { headers } = await t.signIn();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers,
      payload: { name: 'Me', email: other.email.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(PROFILE_MESSAGES.emailTaken);
  });
});

describe('password change', () => {
  it('needs the current password, then the new one signs in and other sessions end', async () => {
    const { headers, employee } = await t.signIn({ password: 'first-password' });
    const otherDevice = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: employee.username, password: 'first-password' },
    });
    const otherHeaders = { authorization: `Bearer ${otherDevice.json().token}` };

    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers,
      payload: { currentPassword: 'not-it', newPassword: 'second-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: PASSWORD_MESSAGES.currentWrong });

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers,
      payload: { currentPassword: 'first-password', newPassword: 'second-password' },
    });
    expect(changed.statusCode).toBe(200);

    expect((await t.app.inject({ url: '/api/auth/verify', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/verify', headers: otherHeaders })).statusCode).toBe(401);
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: employee.username, password: 'first-password' },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: employee.username, password: 'second-password' },
    });
    expect(newLogin.statusCode).toBe(200);
  });

  it.each([
    [
      { currentPassword: '', newPassword: 'long-enough' },
      `currentPassword: ${PASSWORD_MESSAGES.currentRequired}`,
    ],
    [{ currentPassword: 'x', newPassword: '' }, `newPassword: ${PASSWORD_MESSAGES.newRequired}`],
    [{ currentPassword: 'x', newPassword: 'short' }, `newPassword: ${PASSWORD_MESSAGES.tooShort}`],
  ])('refuses %j', async (payload, message) => {
    const { headers } = await t.signIn();
    const response = await t.app.inject({ method: 'PUT', url: '/api/users/password', headers, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});
