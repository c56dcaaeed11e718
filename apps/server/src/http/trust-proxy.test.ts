import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';

let t: TestContext;
beforeAll(async () => {
  // Production without TRUST_PROXY: what a proxy-less install gets.
  t = await buildTestApp({ env: { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) } });
});
afterAll(() => t.close());

describe('X-Forwarded-For without TRUST_PROXY', () => {
  it('a rotating forwarded address does not escape the per-address sign-in limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: `ghost-${i}`, password: 'x' },
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      codes.push(response.statusCode);
    }
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(codes[20]).toBe(429);
  });
});
