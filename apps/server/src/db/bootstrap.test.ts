import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { prepareDatabase } from './bootstrap.ts';
import { hasEmployees } from './seed-demo.ts';

let t: TestContext | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) } as const;

describe('preparing an empty database', () => {
  it('in production, creates no demo admin and refuses to start without ADMIN_USERNAME', async () => {
    t = await buildTestApp();
    const config = loadConfig(production);
    const start = prepareDatabase(t.database, { config });
    await expect(start).rejects.toThrow(ConfigError);
    await expect(prepareDatabase(t.database, { config })).rejects.toThrow(
      /ADMIN_USERNAME and ADMIN_PASSWORD/,
    );
    expect(await hasEmployees(t.db)).toBe(false);
  });

  it('in production, creates the administrator named in ADMIN_USERNAME and nothing else', async () => {
    t = await buildTestApp();
    const config = loadConfig({ ...production, ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'owner-password' });
    await prepareDatabase(t.database, { config });
    const login = (username: string, password: string) =>
      t!.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    expect((await login('admin', 'admin1234')).statusCode).toBe(401);
    expect((await login('owner', 'owner-password')).statusCode).toBe(200);
  });
});
