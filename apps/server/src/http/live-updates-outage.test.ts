import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { startTcpProxy } from '../../test/tcp-proxy.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

/** An open event stream and everything it has received so far. */
async function openStream(baseUrl: string, headers: Record<string, string>) {
  const response = await fetch(`${baseUrl}/api/events`, { headers });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      text += decoder.decode(value, { stream: true });
    }
  })();
  await expect.poll(() => text).toContain('event: ready');
  return { text: () => text, cancel: () => reader.cancel().catch(() => {}) };
}

// An outage needs a server to lose: PGlite lives in the process and has none.
describe.skipIf(!adminUrl)('a PostgreSQL outage', () => {
  let t: TestContext;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let baseUrl: string;
  let headers: Record<string, string>;
  beforeAll(async () => {
    const target = new URL(adminUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    t = await buildTestApp({ routeDatabase: (url) => proxy.through(url) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    ({ headers } = await t.signIn());
  }, 60_000);
  afterAll(async () => {
    await proxy.restore().catch(() => {});
    await t.close();
    await proxy.close();
  });

  /** Another instance's change: a NOTIFY sent straight to the server, not through the proxy. */
  const notifyFromElsewhere = async (payload: object) => {
    const url = new URL(t.database.url!);
    const direct = new URL(adminUrl!);
    url.hostname = direct.hostname;
    url.port = direct.port;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query('select pg_notify($1, $2)', ['app_events', JSON.stringify(payload)]);
    await client.end();
  };
  const ready = () => fetch(`${baseUrl}/api/health/ready`);

  it('of five seconds: ready says so meanwhile, then every open stream is told to resync and hears changes again', {
    timeout: 60_000,
  }, async () => {
    const streams = [await openStream(baseUrl, headers), await openStream(baseUrl, headers)];
    await notifyFromElsewhere({ type: 'clients.changed' });
    for (const stream of streams) await expect.poll(stream.text).toContain('event: clients.changed');

    await proxy.cut();
    await expect.poll(() => t.events.live(), { timeout: 5_000 }).toBe(false);
    const during = await ready();
    expect(during.status).toBe(503);
    expect((await during.json()).message).toEqual(expect.any(String));
    // Still down after five seconds, and changes made meanwhile are not heard.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await notifyFromElsewhere({ type: 'appointments.changed' });
    expect((await ready()).status).toBe(503);

    await proxy.restore();
    await expect.poll(() => t.events.live(), { timeout: 10_000 }).toBe(true);
    for (const stream of streams)
      await expect.poll(stream.text, { timeout: 10_000 }).toContain('event: resync');
    await notifyFromElsewhere({ type: 'subscriptions.changed' });
    for (const stream of streams)
      await expect.poll(stream.text, { timeout: 5_000 }).toContain('event: subscriptions.changed');
    await expect.poll(async () => (await ready()).status, { timeout: 10_000 }).toBe(200);
    for (const stream of streams) await stream.cancel();
  });
});
