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
