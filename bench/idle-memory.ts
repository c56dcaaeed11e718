/**
 * Memory at idle and the time to start (issue #25 item 7): the server as `npm start` runs it (the
 * same Node flags, read from the root package.json's start script), with the demo business, on
 * PostgreSQL and on the embedded database, its first start (a fresh database: migrations and the
 * demo seed) and a second one on the same data. After ready, it waits until the process has been
 * idle for IDLE_SECONDS, then reads its resident memory (VmRSS) and its peak (VmHWM).
 * Targets: idle at most 250 MB on PostgreSQL and 450 MB on the embedded database; a second start
 * ready in under 3 s (the server alone: `npm start` adds the check that the web build is current).
 * Run: node bench/idle-memory.ts [--runs 3] [--idle 30]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freshPostgresUrl } from './fresh-database.ts';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, idle: { type: 'string', default: '30' } },
});
const RUNS = Number(args.runs);
const IDLE_SECONDS = Number(args.idle);
const root = fileURLToPath(new URL('..', import.meta.url));
const MAIN = path.join(root, 'apps/server/src/main.ts');

/** The Node flags of `npm start` (`node <flags> scripts/start.ts`). */
async function startFlags(): Promise<string[]> {
  const scripts = JSON.parse(await fs.readFile(path.join(root, 'package.json'), 'utf8')).scripts as {
    start: string;
  };
  const words = scripts.start.split(/\s+/);
  return words.slice(1, words.indexOf('scripts/start.ts'));
}

const megabytes = async (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024);
};

async function oneStart(env: Record<string, string>, flags: string[]) {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const started = performance.now();
  const child = spawn(process.execPath, [...flags, MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'idle-memory-bench-secret-0123456789abcdef',
      // Where `npm start` keeps Node's compile cache (scripts/start.ts: enableCompileCache()).
      NODE_COMPILE_CACHE: path.join(os.tmpdir(), 'node-compile-cache'),
      ...env,
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (performance.now() - started > 120_000) throw new Error('the server did not get ready in 2 minutes');
      const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => undefined);
      if (ready?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const readyMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    return { readyMs, rss: await megabytes(child.pid!, 'VmRSS'), peak: await megabytes(child.pid!, 'VmHWM') };
  } finally {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

const flags = await startFlags();
console.log(`node ${flags.join(' ')} apps/server/src/main.ts, demo data, ${IDLE_SECONDS} s idle after ready`);
const results: Record<string, Array<Awaited<ReturnType<typeof oneStart>>>> = {};
const record = (label: string, value: Awaited<ReturnType<typeof oneStart>>) => {
  results[label] = [...(results[label] ?? []), value];
  console.log(
    `  ${label}: ready after ${(value.readyMs / 1000).toFixed(1)} s, idle ${value.rss} MB (peak ${value.peak} MB)`,
  );
};
for (let run = 0; run < RUNS; run++) {
  const database = await freshPostgresUrl();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'chatdesk-idle-'));
  try {
    record(
      'PostgreSQL, first start',
      await oneStart({ DATABASE_URL: database.url, DATA_DIR: dataDir }, flags),
    );
    record(
      'PostgreSQL, second start',
      await oneStart({ DATABASE_URL: database.url, DATA_DIR: dataDir }, flags),
    );
    record('embedded, first start', await oneStart({ DATA_DIR: dataDir }, flags));
    record('embedded, second start', await oneStart({ DATA_DIR: dataDir }, flags));
  } finally {
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const range = (values: number[], unit: string) =>
  `${Math.min(...values)}–${Math.max(...values)}${unit}`.replace(/^(\S+)–\1/, '$1');
let missed = false;
const check = (ok: boolean, text: string) => {
  missed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'MISS'} ${text}`);
};
console.log('\nsummary:');
for (const [label, values] of Object.entries(results))
  console.log(
    `  ${label}: idle ${range(
      values.map((v) => v.rss),
      ' MB',
    )}, peak ${range(
      values.map((v) => v.peak),
      ' MB',
    )}, ready after ${range(
      values.map((v) => Number((v.readyMs / 1000).toFixed(1))),
      ' s',
    )}`,
  );
const worst = (label: string) => Math.max(...(results[label] ?? []).map((v) => v.rss));
check(
  worst('PostgreSQL, second start') <= 250,
  `idle on PostgreSQL at most 250 MB (${worst('PostgreSQL, second start')} MB)`,
);
check(
  worst('embedded, second start') <= 450,
  `idle on the embedded database at most 450 MB (${worst('embedded, second start')} MB)`,
);
const secondReady = Math.max(...(results['embedded, second start'] ?? []).map((v) => v.readyMs));
check(
  secondReady < 3000,
  `a second start on the embedded database ready in under 3 s (${(secondReady / 1000).toFixed(1)} s)`,
);
process.exitCode = missed ? 1 : 0;
