/**
 * The assistant under load, with real server processes and the built-in engine:
 * - 200 customers write on WhatsApp at once (signed webhooks); each reply is timed from the
 *   customer's POST to the moment the reply reaches the (local, fake) WhatsApp Cloud API.
 *   Targets on PostgreSQL: every one answered, p95 under 2 s, at least 100 replies a second.
 *   With `--tabs 50 --chats 50000` it does so with 50 staff dashboards open (each holds the event
 *   stream and refetches what the web app refetches on each event, at most once a second) on a
 *   database of 50,000 chats. Target: the same p95 under 2 s.
 * - crash recovery: a reply in flight (the model has the question) when the server is killed with
 *   SIGKILL is finished within 15 s of the restart.
 * PostgreSQL from BENCH_DATABASE_URL (a role that may create databases; default the CI one), or the
 * embedded database with `--db pglite`.
 * Run: node bench/assistant-load.ts [--db postgres|pglite] [--customers 200] [--tabs 50 --chats 50000]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { completion, startJsonServer } from '../apps/server/test/fake-servers.ts';
import { freshPostgresUrl } from './fresh-database.ts';
import { postWebhook, webhookBody } from './whatsapp-webhook.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    customers: { type: 'string', default: '200' },
    /** Server processes on the one database (PostgreSQL only); webhooks go to them in turn. */
    instances: { type: 'string', default: '1' },
    /** Staff dashboards open during the load (PostgreSQL), and chats seeded before it. */
    tabs: { type: 'string', default: '0' },
    chats: { type: 'string', default: '0' },
    'skip-crash': { type: 'boolean', default: false },
    'skip-load': { type: 'boolean', default: false },
  },
});
const CUSTOMERS = Number(args.customers);
const MAIN = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));
const SECRET = 'bench-app-secret';
const QUESTIONS = [
  'hola, cuanto cuesta una cita?',
  'buenas, quien da clases de yoga?',
  'que horarios teneis el viernes por la tarde?',
  'hi, how much is a session?',
  'quiero reservar con carlos',
  'donde estais?',
  'hay algo el lunes por la manana?',
  'gracias!',
];
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

/** Where replies arrive: the time each recipient got its first message. */
const replies = new Map<string, number>();
const whatsapp = await startJsonServer(({ path: url, body }) => {
  if (url.endsWith('/messages')) {
    const to = (body as { to: string }).to;
    if (!replies.has(to)) replies.set(to, performance.now());
    return { status: 200, body: { messages: [{ id: `wamid.out.${randomBytes(6).toString('hex')}` }] } };
  }
  return { status: 200, body: { data: [] } };
});

/** A model that keeps its first question unanswered (the reply in flight at the crash), then answers. */
let llmCalls = 0;
let llmHeld: (() => void) | null = null;
const llm = await startJsonServer(async () => {
  llmCalls++;
  if (llmCalls === 1) {
    await new Promise<void>((resolve) => {
      llmHeld = resolve;
    });
  }
  return { status: 200, body: completion({ text: 'Claro, te ayudo.' }) };
});

async function freshDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (args.db === 'pglite') return { env: {}, drop: async () => {} };
  const { url, drop } = await freshPostgresUrl();
  return { env: { DATABASE_URL: url }, drop };
}

async function startServer(env: Record<string, string>, dataDir: string) {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-0123',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      WHATSAPP_APP_SECRET: SECRET,
      WHATSAPP_TOKEN: 'bench-token',
      WHATSAPP_PHONE_NUMBER_ID: '1000',
      WHATSAPP_API_URL: whatsapp.url,
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let base = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    // Only until it is found: the log keeps growing under load, and so would this search.
    if (!base) base = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? '';
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`the server did not get ready:\n${output.slice(-3000)}`);
    if (base) {
      const ready = await fetch(`${base}/api/health/ready`).catch(() => undefined);
      if (ready?.ok) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, base, output: () => output };
}

function deliver(base: string, from: string, text: string) {
  const body = webhookBody({
    from,
    id: `wamid.in.${randomBytes(8).toString('hex')}`,
    text,
    name: `Cliente ${from.slice(-3)}`,
  });
  return postWebhook(base, SECRET, body).then((response) => response.arrayBuffer());
}
async function waitFor(predicate: () => boolean, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  while (!predicate() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  return predicate();
}
const kill = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });

/** Chats of other customers, as a business that has run for a while has them (no history: the list reads one row each). */
async function seedChats(databaseUrl: string, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`
    insert into contacts (name, prefix, phone)
    select 'Cliente ' || g, '34', (700000000 + g)::text from generate_series(1, ${count}) g`);
  await client.query(`
    insert into chats (contact_id, assigned_to, channel, last_message_at, last_message_text,
                       last_message_sender, unread_count, search_text)
    select ct.id, case when ct.phone::bigint % 3 = 0 then 'ai' else 'human' end, 'whatsapp',
           now() - (ct.phone::bigint % 2592000) * interval '1 second', 'hola', 'customer', 1, ct.search_text
      from contacts ct where not exists (select 1 from chats c where c.contact_id = ct.id)`);
  await client.query('analyze contacts; analyze chats');
  await client.end();
}

/**
 * A staff dashboard left open on the chat list: it holds the event stream and, as the web app
 * does (features/chats/api.ts, chatSync and useWaitingEvents), refetches at most once a second
 * the chats named (the whole first page past five, or for a change it cannot name, with the
 * count of unread chats the list's header shows) and the waiting chats when an event says the
 * wait may have changed.
 */
function openTab(base: string, token: string, counter: { requests: number }) {
  const headers = { authorization: `Bearer ${token}` };
  const controller = new AbortController();
  const changed = new Set<string>();
  let wholeList = false;
  let waiting = false;
  const get = (url: string) => {
    counter.requests++;
    return fetch(`${base}${url}`, { headers, signal: controller.signal })
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
  };
  const flush = async () => {
    const ids = [...changed];
    changed.clear();
    const list = wholeList || ids.length > 5;
    wholeList = false;
    const due = waiting;
    waiting = false;
    await Promise.all([
      ...(list ? [get('/api/chats?limit=100&offset=0&search=')] : ids.map((id) => get(`/api/chats/${id}`))),
      // As the web app does: the unread count with a whole-list reload, at most every 5 s.
      ...(list && Date.now() - lastRecount >= 5_000 ? [recount()] : []),
      ...(due ? [get('/api/chats/waiting')] : []),
    ]);
  };
  let lastRecount = 0;
  const recount = () => {
    lastRecount = Date.now();
    return get('/api/chats/unread');
  };
  const timer = setInterval(() => void flush(), 1000);
  const opened = (async () => {
    await Promise.all([
      get('/api/chats?limit=100&offset=0&search='),
      get('/api/chats/unread'),
      get('/api/chats/waiting'),
    ]);
    const response = await fetch(`${base}/api/events`, { headers, signal: controller.signal });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const type = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (type !== 'chats.changed' || !data) continue;
          const event = JSON.parse(data) as { chatId?: string; waiting?: boolean };
          if (event.chatId) changed.add(event.chatId);
          else wholeList = true;
          if (event.waiting || !event.chatId) waiting = true;
        }
      }
    })();
  })();
  return {
    opened,
    close() {
      clearInterval(timer);
      controller.abort();
    },
  };
}

const report = (ok: boolean, text: string) => console.log(`${ok ? 'ok  ' : 'MISS'} ${text}`);
let allOk = true;
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'chatdesk-bench-'));
const database = await freshDatabase();
try {
  // 1. Many customers at once.
  if (!args['skip-load']) {
    const servers = [await startServer(database.env, dataDir)];
    for (let i = 1; i < Number(args.instances); i++) servers.push(await startServer(database.env, dataDir));
    const server = servers[0]!;
    const databaseUrl = (database.env as { DATABASE_URL?: string }).DATABASE_URL;
    if (Number(args.chats) > 0 && databaseUrl) await seedChats(databaseUrl, Number(args.chats));
    const tabRequests = { requests: 0 };
    const tabs: Array<ReturnType<typeof openTab>> = [];
    if (Number(args.tabs) > 0) {
      const login = await fetch(`${server.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'admin1234' }),
      });
      const { token } = (await login.json()) as { token: string };
      for (let i = 0; i < Number(args.tabs); i++) tabs.push(openTab(server.base, token, tabRequests));
      await Promise.all(tabs.map((tab) => tab.opened));
    }
    // Warm-up: a few conversations, so the timing is of the steady state.
    for (let i = 0; i < 5; i++) await deliver(server.base, `3469900000${i}`, QUESTIONS[i]!);
    await waitFor(() => [0, 1, 2, 3, 4].every((i) => replies.has(`3469900000${i}`)), 20_000);
    const phones = Array.from({ length: CUSTOMERS }, (_, i) => `34611${String(i).padStart(6, '0')}`);
    const sentAt = new Map<string, number>();
    const started = performance.now();
    tabRequests.requests = 0;
    await Promise.all(
      phones.map((phone, i) => {
        sentAt.set(phone, performance.now());
        return deliver(servers[i % servers.length]!.base, phone, QUESTIONS[i % QUESTIONS.length]!);
      }),
    );
    const acknowledged = performance.now() - started;
    await waitFor(() => phones.every((phone) => replies.has(phone)), 60_000);
    const answered = phones.filter((phone) => replies.has(phone));
    const times = answered.map((phone) => replies.get(phone)! - sentAt.get(phone)!).sort((a, b) => a - b);
    const lastReply = Math.max(...answered.map((phone) => replies.get(phone)!));
    const perSecond = answered.length / ((lastReply - started) / 1000);
    const everyOne = answered.length === CUSTOMERS;
    const p95 = quantile(times, 0.95);
    const loadSeconds = (lastReply - started) / 1000;
    const withTabs = tabs.length
      ? `, ${tabs.length} dashboards open on ${Number(args.chats) || 'the demo'} chats (${tabRequests.requests} requests from them, ${(tabRequests.requests / loadSeconds).toFixed(0)}/s)`
      : '';
    for (const tab of tabs) tab.close();
    report(
      everyOne,
      `${CUSTOMERS} customers at once on ${args.db}, ${servers.length} server process${servers.length > 1 ? 'es' : ''}${withTabs}: ${answered.length} answered (webhooks all acknowledged after ${acknowledged.toFixed(0)} ms)`,
    );
    report(
      p95 < 2000,
      `time to reply: p50 ${quantile(times, 0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${times.at(-1)?.toFixed(0)} ms (target p95 < 2,000 ms)`,
    );
    report(perSecond >= 100, `drained at ${perSecond.toFixed(0)} replies/s (target ≥ 100/s)`);
    allOk &&= everyOne && p95 < 2000 && perSecond >= 100;
    if (process.env.BENCH_TIMELINE && 'DATABASE_URL' in database.env) {
      const client = new pg.Client({
        connectionString: (database.env as { DATABASE_URL: string }).DATABASE_URL,
      });
      await client.connect();
      const { rows } = await client.query(`
      select extract(epoch from (a.created_at - c.created_at)) * 1000 as assistant_ms,
             extract(epoch from (c.created_at - min(c.created_at) over ())) * 1000 as arrived_ms
        from messages c join lateral (select created_at from messages a where a.chat_id = c.chat_id and a.sender = 'assistant' order by created_at limit 1) a on true
       where c.sender = 'customer' and c.created_at > now() - interval '5 minutes'`);
      const assistant = rows.map((r) => Number(r.assistant_ms)).sort((a, b) => a - b);
      const arrived = rows.map((r) => Number(r.arrived_ms)).sort((a, b) => a - b);
      console.log(
        `  stored reply after the message: p50 ${quantile(assistant, 0.5).toFixed(0)} ms, p95 ${quantile(assistant, 0.95).toFixed(0)} ms; messages stored over ${arrived.at(-1)?.toFixed(0)} ms`,
      );
      await client.end();
    }
    if (process.env.BENCH_LOG_SUMMARY) {
      const counts = new Map<string, number>();
      for (const line of server.output().split('\n')) {
        const msg = /"msg":"([^"]{0,80})/.exec(line)?.[1] ?? line.slice(0, 80);
        counts.set(msg, (counts.get(msg) ?? 0) + 1);
      }
      console.log([...counts].sort((a, b) => b[1] - a[1]).slice(0, 10));
      console.log(
        server
          .output()
          .split('\n')
          .find((line) => line.includes('realtime event failed'))
          ?.slice(0, 1500),
      );
    }
    for (const each of servers) await kill(each.child, 'SIGTERM');
  }

  // 2. A reply in flight when the process dies.
  if (!args['skip-crash']) {
    const llmEnv = { ...database.env, LLM_BASE_URL: `${llm.url}/v1`, LLM_MODEL: 'bench-model' };
    const first = await startServer(llmEnv, dataDir);
    const phone = '34622000001';
    await deliver(first.base, phone, 'hola, una pregunta');
    await waitFor(() => llmHeld !== null, 20_000);
    await kill(first.child, 'SIGKILL');
    const restarted = performance.now();
    const second = await startServer(llmEnv, dataDir);
    const readyAfter = performance.now() - restarted;
    await waitFor(() => replies.has(phone), 60_000);
    const recovery = replies.has(phone) ? replies.get(phone)! - restarted : Number.POSITIVE_INFINITY;
    report(
      recovery <= 15_000,
      `SIGKILL with a reply in flight: finished ${(recovery / 1000).toFixed(1)} s after the restart (ready after ${(readyAfter / 1000).toFixed(1)} s; target ≤ 15 s)`,
    );
    allOk &&= recovery <= 15_000;
    if (!replies.has(phone))
      console.log(
        `  model called ${llmCalls} times; the restarted server said:\n${second.output().slice(-4000)}`,
      );
    (llmHeld as (() => void) | null)?.();
    await kill(second.child, 'SIGTERM');
  }
} finally {
  await database.drop();
  await whatsapp.close();
  await llm.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}
process.exitCode = allOk ? 0 : 1;
