import { API_BASE } from '@chatdesk/contract/constants';
import { endpoints } from '@chatdesk/contract/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';

let t: TestContext;
beforeAll(async () => {
  // No Stripe keys: the local payment stand-in and its card routes are mounted too; the local
  // mailbox only when asked for.
  t = await buildTestApp({ env: { LOCAL_MAILBOX: 'true' } });
});
afterAll(() => t.close());

const all = Object.values(endpoints).flatMap((group) => Object.values(group));

describe('the contract endpoints', () => {
  it('are each registered with their method and path', () => {
    const missing = all.filter(
      (endpoint) => !t.app.hasRoute({ method: endpoint.method, url: `${API_BASE}${endpoint.path}` }),
    );
    expect(missing.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([]);
  });

  it('are documented with the status they answer', async () => {
    const spec = (await t.app.inject({ url: `${API_BASE}/docs/json` })).json();
    for (const endpoint of all) {
      const path = `${API_BASE}${endpoint.path.replace(/:(\w+)/g, '{$1}')}`;
      const operation = spec.paths[path]?.[endpoint.method.toLowerCase()];
      expect(Object.keys(operation?.responses ?? {}), `${endpoint.method} ${path}`).toContain(
        String(endpoint.status ?? 200),
      );
    }
  });
});
