/**
 * The website chat under load (issue #26), with a real server process on PostgreSQL and the
 * built-in assistant: 200 visitors each open a session and its event stream, then all write at
 * once. Each is timed from its POST to the moment its own stream delivers the assistant's reply.
 * Target: every visitor answered, p95 under 2 s. Not part of `npm run bench` or CI.
 * PostgreSQL from BENCH_DATABASE_URL (a role that may create databases; default the CI one).
 * Run: node bench/web-chat-load.ts [--visitors 200]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freshPostgresUrl } from './fresh-database.ts';

const { values: args } = parseArgs({ options: { visitors: { type: 'string', default: '200' } } });
const VISITORS = Number(args.visitors);
const MAIN = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));
const QUESTIONS = [
  'hola, cuanto cuesta una cita?',
  'buenas, quien da clases de yoga?',
  'que horarios teneis el viernes por la tarde?',
  'hi, how much is a session?',
  'donde estais?',
  'gracias!',
];
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

async function startServer(databaseUrl: string, dataDir: string) {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-0123',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      // Every visitor here comes from 127.0.0.1: one network, which the per-network limit counts together.
      WEB_CHAT_NETWORK_LIMIT_PER_MINUTE: '100000',
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let base = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
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

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A visitor with an open stream; `replied` resolves at the first assistant message the stream delivers. */
async function openVisitor(base: string, key: string) {
  const { sessionId } = await json<{ sessionId: string }>(
    await fetch(`${base}/api/web-chat/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key }),
    }),
  );
  const controller = new AbortController();
  const response = await fetch(`${base}/api/web-chat/stream`, {
    headers: { 'x-web-chat-session': sessionId },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let ready: () => void = () => {};
  const isReady = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const replied = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return undefined;
      buffer += value;
      if (buffer.includes('event: ready')) ready();
      if (/event: message\ndata: [^\n]*"from":"assistant"/.test(buffer)) return performance.now();
    }
  })().catch(() => undefined);
  await isReady;
  return { sessionId, replied, close: () => controller.abort() };
}

const { url, drop } = await freshPostgresUrl();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'web-chat-load-'));
const server = await startServer(url, dataDir);
try {
  const { base } = server;
  const { token } = await json<{ token: string }>(
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin1234' }),
    }),
  );
  const staff = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const settings = await json<{ publicKey: string }>(
    await fetch(`${base}/api/web-chat/settings`, { headers: staff }),
  );
  await json(
    await fetch(`${base}/api/web-chat/settings`, {
      method: 'PUT',
      headers: staff,
      body: JSON.stringify({
        enabled: true,
        allowedOrigins: [],
        greeting: 'Hola',
        color: '#228be6',
        position: 'right',
        privacyNote: '',
      }),
    }),
  );

  // Warm-up, as the WhatsApp bench does: a few conversations, so the timing is of the steady state.
  for (let i = 0; i < 5; i++) {
    const visitor = await openVisitor(base, settings.publicKey);
    await fetch(`${base}/api/web-chat/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-web-chat-session': visitor.sessionId },
      body: JSON.stringify({ text: QUESTIONS[i % QUESTIONS.length] }),
    });
    await visitor.replied;
    visitor.close();
  }

  const visitors = [];
  for (let i = 0; i < VISITORS; i += 20)
    visitors.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, VISITORS - i) }, () => openVisitor(base, settings.publicKey)),
      )),
    );
  console.log(`${visitors.length} visitors with open streams; all write at once`);

  const posted: number[] = [];
  const started = performance.now();
  const latencies = await Promise.all(
    visitors.map(async (visitor, i) => {
      const sentAt = performance.now();
      const response = await fetch(`${base}/api/web-chat/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-web-chat-session': visitor.sessionId },
        body: JSON.stringify({ text: QUESTIONS[i % QUESTIONS.length] }),
      });
      if (response.status !== 201)
        throw new Error(`message answered ${response.status}: ${await response.text()}`);
      posted.push(performance.now() - sentAt);
      const at = await Promise.race([
        visitor.replied,
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 30_000)),
      ]);
      visitor.close();
      return at === undefined ? undefined : at - sentAt;
    }),
  );
  const total = performance.now() - started;
  const answered = latencies.filter((value): value is number => value !== undefined).sort((a, b) => a - b);
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(
    `answered ${answered.length}/${visitors.length} in ${ms(total)}; reply on the visitor's stream: ` +
      `p50 ${ms(quantile(answered, 0.5))}, p95 ${ms(quantile(answered, 0.95))}, max ${ms(answered.at(-1) ?? 0)}`,
  );
  posted.sort((a, b) => a - b);
  console.log(`the POST itself: p50 ${ms(quantile(posted, 0.5))}, p95 ${ms(quantile(posted, 0.95))}`);
  const p95 = quantile(answered, 0.95);
  if (answered.length < visitors.length || p95 >= 2000) {
    console.log(`FAIL: target every visitor answered with p95 < 2 s`);
    process.exitCode = 1;
  } else console.log('OK: every visitor answered, p95 < 2 s');
} finally {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  await drop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
