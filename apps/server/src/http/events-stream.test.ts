import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { insertNotification } from '../../test/factories.ts';

let t: TestContext;
let baseUrl: string;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ({ headers } = await t.signIn());
});
afterAll(() => t.close());

/** Reads the SSE stream until `until` matches what arrived, or fails after 5 s. */
async function readStream(response: Response, until: (text: string) => boolean) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + 5000;
  while (!until(text)) {
    if (Date.now() > deadline) throw new Error(`stream timed out with: ${text}`);
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

/** Opens a stream for a new signed-in employee and resolves when the server ends it. */
async function openStream(session: { headers: Record<string, string> }) {
  const response = await fetch(`${baseUrl}/api/events`, { headers: session.headers });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const ended = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return text;
      text += decoder.decode(value, { stream: true });
    }
  })();
  await expect.poll(() => text).toContain('event: ready');
  return { ended, text: () => text, cancel: () => reader.cancel() };
}

/** Resolves true when the stream ends within the time given, false when it is still open. */
const endsWithin = (stream: { ended: Promise<string> }, ms: number) =>
  Promise.race([
    stream.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

describe('a revoked session loses its live stream', () => {
  it('logout ends the stream of that session only', async () => {
    const session = await t.signIn();
    const other = await t.signIn();
    const stream = await openStream(session);
    const otherStream = await openStream(other);
    const logout = await fetch(`${baseUrl}/api/auth/logout`, { method: 'POST', headers: session.headers });
    expect(logout.status).toBe(200);
    expect(await endsWithin(stream, 3000)).toBe(true);
    expect(await endsWithin(otherStream, 300)).toBe(false);
    await otherStream.cancel();
  });

  it('a password change ends the streams of the other devices, not the one that changed it', async () => {
    const here = await t.signIn({ password: 'old-password' });
    const loginAgain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: here.employee.username, password: 'old-password' },
      remoteAddress: '10.77.0.1',
    });
    const elsewhere = { headers: { authorization: `Bearer ${loginAgain.json().token}` } };
    const hereStream = await openStream(here);
    const elsewhereStream = await openStream(elsewhere);
    const change = await fetch(`${baseUrl}/api/users/password`, {
      method: 'PUT',
      headers: { ...here.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: 'old-password', newPassword: 'new-password-1' }),
    });
    expect(change.status).toBe(200);
    expect(await endsWithin(elsewhereStream, 3000)).toBe(true);
    expect(await endsWithin(hereStream, 300)).toBe(false);
    await hereStream.cancel();
  });

  it('deactivating an employee ends their streams', async () => {
    const admin = await t.signIn();
    const target = await t.signIn();
    const stream = await openStream(target);
    const current = await (
      await fetch(`${baseUrl}/api/employees/${target.employee.id}`, { headers: admin.headers })
    ).json();
    const { id: _id, ...fields } = current;
    const update = await fetch(`${baseUrl}/api/employees/${target.employee.id}`, {
      method: 'PUT',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ...fields, isActive: false }),
    });
    expect(update.status).toBe(200);
    expect(await endsWithin(stream, 3000)).toBe(true);
  });

  it('never forwards the internal revocation to browsers', async () => {
    const session = await t.signIn();
    const stream = await openStream(session);
    await t.events.publish({ type: 'sessions.revoked', sessionIds: ['someone-else'] });
    await t.events.publish({ type: 'clients.changed' });
    await expect.poll(() => stream.text()).toContain('event: clients.changed');
    expect(stream.text()).not.toContain('sessions.revoked');
    await stream.cancel();
  });
});

describe('GET /api/events', () => {
  it('refuses a request without a token', async () => {
    const response = await fetch(`${baseUrl}/api/events`);
    expect(response.status).toBe(401);
    expect(await response.json()).toHaveProperty('message');
  });

  it('streams a notification change to signed-in staff at once', async () => {
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}/api/events`, { headers, signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const received = readStream(response, (text) => text.includes('event: notifications.changed'));
    // Give the stream a moment to register before the change happens.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const notification = await insertNotification(t.db);
    await fetch(`${baseUrl}/api/notifications/${notification.id}/read`, { method: 'POST', headers });
    const text = await received;
    expect(text).toContain('event: ready');
    expect(text).toContain('event: notifications.changed\ndata: {"type":"notifications.changed"}');
    controller.abort();
  });

  it('delivers events published through the database to every listener', async () => {
    const seen: string[] = [];
    const unsubscribe = t.events.subscribe((event) => seen.push(event.type));
    await t.events.publish({ type: 'chats.changed', chatId: 'x' });
    await expect.poll(() => seen).toContain('chats.changed');
    unsubscribe();
  });
});
