import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { createLifecycle } from './health.ts';

const lifecycle = createLifecycle();
let t: TestContext;
let webDir: string;
beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'chatdesk-web-'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>app shell</title>');
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
  await fs.writeFile(path.join(webDir, 'assets', 'app.js.map'), '{"version":3}');
  t = await buildTestApp({ lifecycle, env: { WEB_DIST_DIR: webDir } });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ url });

describe('health and readiness', () => {
  it('while starting: live answers, ready and the API answer 503 so nothing reaches a half-built schema', async () => {
    expect((await get('/api/health/live')).json()).toEqual({ status: 'ok' });
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ message: 'The server is starting' });
    const api = await get('/api/auth/config');
    expect(api.statusCode).toBe(503);
    expect(api.headers['retry-after']).toBe('2');
    expect(api.json().message).toMatch(/starting/);
  });

  it('once ready: ready answers 200 and the API serves', async () => {
    lifecycle.ready();
    expect((await get('/api/health/ready')).json()).toEqual({ status: 'ok' });
    expect((await get('/api/auth/config')).statusCode).toBe(200);
  });

  it('while draining: ready answers 503 but requests are still served', async () => {
    lifecycle.drain();
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ message: 'The server is shutting down' });
    expect((await get('/api/auth/config')).statusCode).toBe(200);
    expect((await get('/api/health/live')).statusCode).toBe(200);
  });

  it('serves built files but keeps source maps private', async () => {
    expect((await get('/assets/app.js')).statusCode).toBe(200);
    const map = await get('/assets/app.js.map');
    expect(map.statusCode).toBe(404);
  });
});
