import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Runs the real process as production would, and reads its JSON log lines. */
async function startServer(env: Record<string, string>) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'chatdesk-main-'));
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'owner-password',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Array<{ msg?: string }> = [];
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      try {
        lines.push(JSON.parse(line));
      } catch {}
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // Starting a server process takes about 25 s on a loaded 2-core machine (CI runs this suite beside
  // the browser tests); 30 s left no room, so the wait is 60 s and each test's budget above it.
  const waitFor = async (predicate: () => unknown, what: string, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await waitFor(() => lines.some((l) => l.msg?.startsWith('Server listening at http://127.0.0.1')), 'listen');
  const listening = lines.find((l) => l.msg?.startsWith('Server listening at http://127.0.0.1'))!.msg!;
  const baseUrl = listening.replace('Server listening at ', '');
  return {
    child,
    baseUrl,
    lines,
    exited,
    waitFor,
    cleanup: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
}

const status = async (url: string) => {
  try {
    return (await fetch(url)).status;
  } catch {
    return 0;
  }
};

let running: ChildProcess | undefined;
afterAll(() => {
  running?.kill('SIGKILL');
});

describe('the server process', () => {
  it('is ready only after migrations, and on SIGTERM turns not-ready before it exits', async () => {
    const server = await startServer({ SHUTDOWN_DRAIN_MS: '1500' });
    running = server.child;
    try {
      expect(await status(`${server.baseUrl}/api/health/live`)).toBe(200);
      await server.waitFor(() => server.lines.some((l) => l.msg === 'ready'), 'ready');
      expect(await status(`${server.baseUrl}/api/health/ready`)).toBe(200);
      // A request to the API works once ready (the database is migrated).
      expect(await status(`${server.baseUrl}/api/auth/config`)).toBe(200);

      server.child.kill('SIGTERM');
      let readyWhileDraining = 0;
      const deadline = Date.now() + 1000;
      while (Date.now() < deadline && readyWhileDraining !== 503) {
        readyWhileDraining = await status(`${server.baseUrl}/api/health/ready`);
      }
      expect(readyWhileDraining).toBe(503);
      // Still serving while the load balancer notices: live answers, requests in flight finish.
      expect(await status(`${server.baseUrl}/api/health/live`)).toBe(200);
      expect(await server.exited).toBe(0);
      expect(await status(`${server.baseUrl}/api/health/live`)).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
      await server.cleanup();
    }
  }, 120_000);

  it('in production, refuses to start on an empty database without ADMIN_USERNAME, saying what to set', async () => {
    const server = await startServer({ SEED_DEMO: '', ADMIN_USERNAME: '', ADMIN_PASSWORD: '' });
    running = server.child;
    try {
      expect(await server.exited).toBe(1);
      const fatal = server.lines.find((l) => (l as { level?: number }).level === 60);
      expect(fatal?.msg).toMatch(/ADMIN_USERNAME and ADMIN_PASSWORD/);
      expect(server.lines.some((l) => l.msg === 'ready')).toBe(false);
    } finally {
      server.child.kill('SIGKILL');
      await server.cleanup();
    }
  }, 120_000);
});
