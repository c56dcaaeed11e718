import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, envSchema, loadConfig } from './config.ts';

describe('configuration', () => {
  it('works with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, seedDemo: true, databaseUrl: undefined, env: 'development' });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('refuses to start in production without JWT_SECRET, saying what to do', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET is required/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
  });

  it('explains invalid values', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ ADMIN_USERNAME: 'boss' })).toThrow(/ADMIN_PASSWORD/);
    // Twilio's keys come together: one forgotten would silently offer no codes by SMS.
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'x' })).toThrow(/TWILIO_FROM/);
    expect(
      loadConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'x', TWILIO_FROM: '+15005550006' }).sms,
    ).toEqual({
      accountSid: 'AC1',
      authToken: 'x',
      from: '+15005550006',
      apiUrl: 'https://api.twilio.com',
    });
  });

  it('keeps demo data and its public sign-in out of production unless SEED_DEMO=true', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
  });

  it('trusts no proxy unless TRUST_PROXY names them', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('limits failed sign-ins per address at four times the per-account limit unless told', () => {
    expect(loadConfig({ LOGIN_MAX_FAILURES: '100' }).login.maxAddressFailures).toBe(400);
    expect(loadConfig({ LOGIN_MAX_ADDRESS_FAILURES: '7' }).login.maxAddressFailures).toBe(7);
  });

  it('delays an account from unknown devices after twice the per-pair limit unless told', () => {
    expect(loadConfig({}).login.maxAccountFailures).toBe(10);
    expect(loadConfig({ LOGIN_MAX_FAILURES: '3' }).login.maxAccountFailures).toBe(6);
    expect(loadConfig({ LOGIN_MAX_ACCOUNT_FAILURES: '50' }).login.maxAccountFailures).toBe(50);
  });

  it('reads SEED_DEMO=false and the first admin', () => {
    const config = loadConfig({
      SEED_DEMO: 'false',
      ADMIN_USERNAME: 'boss',
      ADMIN_PASSWORD: 'long-password',
    });
    expect(config.seedDemo).toBe(false);
    expect(config.admin).toEqual({ username: 'boss', password: 'long-password' });
  });

  it("reads the assistant's history size, retries and sender limit, with defaults of 20 turns, six tries and 20 a minute", () => {
    expect(loadConfig({}).assistant).toEqual({
      historyTurns: 20,
      senderLimitPerMinute: 20,
      retry: { retryLimit: 5, retryDelaySeconds: 1 },
    });
    const config = loadConfig({
      ASSISTANT_HISTORY_TURNS: '8',
      ASSISTANT_RETRY_LIMIT: '0',
      ASSISTANT_RETRY_DELAY_SECONDS: '3',
      ASSISTANT_SENDER_LIMIT_PER_MINUTE: '5',
    });
    expect(config.assistant).toEqual({
      historyTurns: 8,
      senderLimitPerMinute: 5,
      retry: { retryLimit: 0, retryDelaySeconds: 3 },
    });
    expect(() => loadConfig({ ASSISTANT_HISTORY_TURNS: '0' })).toThrow(/ASSISTANT_HISTORY_TURNS/);
  });
});

describe('every setting is documented', () => {
  it('docs/operations.md names each environment variable the server reads', async () => {
    const docs = await readFile(
      fileURLToPath(new URL('../../../docs/operations.md', import.meta.url)),
      'utf8',
    );
    const undocumented = Object.keys(envSchema.shape).filter((name) => !docs.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
  });
});
