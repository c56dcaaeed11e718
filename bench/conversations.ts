/**
 * Conversations at load, on embedded PGlite through real HTTP:
 * - a WhatsApp webhook POST until the change reaches a staff SSE client (target p99 < 50 ms, 1,000 messages);
 * - the webhook's acknowledgement (target median < 20 ms; the assistant works after it);
 * - the first screenful of the chat list with 5,000 chats and 250,000 messages (target median < 50 ms).
 * Run: npm run bench
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPglite } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createEventBus } from '../apps/server/src/events/event-bus.ts';
import { insertEmployee } from '../apps/server/test/factories.ts';
import { postWebhook, webhookBody } from './whatsapp-webhook.ts';

const SECRET = 'bench-app-secret';
const MESSAGES = 1000;
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

const database = await openPglite(undefined);
await migrate(database);
const events = createEventBus(database);
await events.start();
const app = await buildApp({
  config: loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', WHATSAPP_APP_SECRET: SECRET }),
  database,
  events,
  jwtSecret: randomBytes(32).toString('hex'),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const employee = await insertEmployee(database.db, { password: 'bench-password' });
const { token } = (await (
  await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: employee.username, password: 'bench-password' }),
  })
).json()) as { token: string };
const auth = { authorization: `Bearer ${token}` };

const post = (body: string) => postWebhook(base, SECRET, body);

// A chat a person already has, so the assistant stays out of the timing.
await post(webhookBody({ from: '34600000001', id: 'wamid.bench.first', text: 'hola' }));
const [chat] = (await (await fetch(`${base}/api/chats?limit=1`, { headers: auth })).json()) as Array<{
  id: string;
}>;
await fetch(`${base}/api/chats/${chat!.id}/toggle-ai`, { method: 'PUT', headers: auth });

// The staff client's event stream.
const stream = await fetch(`${base}/api/events`, { headers: auth });
const reader = stream.body!.getReader();
const decoder = new TextDecoder();
const waiting: { resolve: (() => void) | null } = { resolve: null };
void (async () => {
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    if (buffer.includes('event: messages.changed')) {
      buffer = '';
      waiting.resolve?.();
    }
  }
})();

const ack: number[] = [];
const delivery: number[] = [];
for (let i = 0; i < MESSAGES; i++) {
  const body = webhookBody({ from: '34600000001', id: `wamid.bench.${i}`, text: `message ${i}` });
  const arrived = new Promise<void>((resolve) => {
    waiting.resolve = resolve;
  });
  const start = performance.now();
  const response = await post(body);
  ack.push(performance.now() - start);
  await response.arrayBuffer();
  await arrived;
  delivery.push(performance.now() - start);
}
await reader.cancel();
ack.sort((a, b) => a - b);
delivery.sort((a, b) => a - b);

// 5,000 chats with 50 messages each, made in SQL.
await database.db.execute(sql`
  insert into contacts (name, prefix, phone)
  select 'Customer ' || g, '34', (700000000 + g)::text from generate_series(1, 5000) g`);
await database.db.execute(sql`
  insert into chats (contact_id, assigned_to, last_message_at, search_text)
  select id, 'human', now() - (random() * interval '30 days'), search_text from contacts where phone::bigint >= 700000001`);
await database.db.execute(sql`
  insert into messages (chat_id, text, sender, status, created_at, read_at)
  select c.id, 'Message ' || g, case when g % 2 = 0 then 'customer' else 'staff' end, 'delivered',
         c.last_message_at - (g * interval '1 minute'), case when g > 2 then now() else null end
    from chats c cross join generate_series(1, 50) g
   where c.id <> ${chat!.id}`);
const list: number[] = [];
for (let i = 0; i < 60; i++) {
  const start = performance.now();
  const response = await fetch(`${base}/api/chats?limit=50`, { headers: auth });
  await response.json();
  if (i >= 10) list.push(performance.now() - start);
}
list.sort((a, b) => a - b);

const report = (ok: boolean, text: string) => console.log(`${ok ? 'ok  ' : 'SLOW'} ${text}`);
const deliveryOk = quantile(delivery, 0.99) < 50;
const ackOk = quantile(ack, 0.5) < 20;
const listOk = quantile(list, 0.5) < 50;
report(
  deliveryOk,
  `webhook → SSE over ${MESSAGES} messages: median ${quantile(delivery, 0.5).toFixed(2)} ms, p99 ${quantile(delivery, 0.99).toFixed(2)} ms (target p99 < 50 ms)`,
);
report(
  ackOk,
  `webhook acknowledgement: median ${quantile(ack, 0.5).toFixed(2)} ms, p99 ${quantile(ack, 0.99).toFixed(2)} ms (target median < 20 ms)`,
);
report(
  listOk,
  `chat list, first 50 of 5,000 chats / 250,000 messages: median ${quantile(list, 0.5).toFixed(2)} ms, p95 ${quantile(list, 0.95).toFixed(2)} ms (target median < 50 ms)`,
);

await app.close();
await events.stop();
await database.close();
process.exitCode = deliveryOk && ackOk && listOk ? 0 : 1;
