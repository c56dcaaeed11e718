import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';

let t: TestContext;
let headers: Record<string, string>;
let webDir: string;
const LOADER = '(function(){console.log("launcher")})();'.repeat(40);

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'chatdesk-web-chat-'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>app shell</title>');
  await fs.writeFile(path.join(webDir, 'web-chat.js'), LOADER);
  await fs.mkdir(path.join(webDir, 'web-chat'));
  await fs.writeFile(path.join(webDir, 'web-chat', 'panel.html'), '<!doctype html><title>panel</title>');
  t = await buildTestApp({ env: { WEB_DIST_DIR: webDir } });
  ({ headers } = await t.signIn());
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

async function switchOn() {
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/web-chat/settings',
    headers,
    payload: {
      enabled: true,
      allowedOrigins: ['https://shop.example.com', 'http://localhost:8080'],
      greeting: 'Hola',
      color: '#228be6',
      position: 'right',
      privacyNote: '',
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json() as { publicKey: string };
}

const frameAncestors = (policy: string | undefined) =>
  policy
    ?.split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('frame-ancestors'));

describe('the web chat files', () => {
  it('serves the loader to other websites, with a short cache since its name has no hash', async () => {
    const response = await t.app.inject({ url: '/web-chat.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.body).toBe(LOADER);
    // A <script> from another site is a no-cors load: same-origin here would stop it.
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    // From the build's precompressed copy when there is one.
    await fs.writeFile(path.join(webDir, 'web-chat.js.gz'), zlib.gzipSync(LOADER));
    const gzipped = await t.app.inject({ url: '/web-chat.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(LOADER);
  });

  it('lets only our own pages frame the panel while the web chat is off, and the allowed websites once on', async () => {
    const off = await t.app.inject({ url: '/web-chat/panel?key=anything' });
    expect(off.statusCode).toBe(200);
    expect(off.headers['content-type']).toMatch(/^text\/html/);
    expect(off.body).toContain('<title>panel</title>');
    expect(frameAncestors(off.headers['content-security-policy'] as string)).toBe("frame-ancestors 'self'");
    // X-Frame-Options knows no list of origins; frame-ancestors replaces it.
    expect(off.headers['x-frame-options']).toBeUndefined();
    expect(off.headers['cache-control']).toBe('no-cache');

    await switchOn();
    const on = await t.app.inject({ url: '/web-chat/panel?key=anything' });
    const policy = on.headers['content-security-policy'] as string;
    expect(frameAncestors(policy)).toBe(
      "frame-ancestors 'self' https://shop.example.com http://localhost:8080",
    );
    // The panel's own content: its files and API calls from our origin only, nothing inline.
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
  });

  it("lets the launcher read its config from an allowed website only, and nobody's from a stranger", async () => {
    const { publicKey } = await switchOn();
    const config = (origin: string) =>
      t.app.inject({ url: `/api/web-chat/config?key=${publicKey}`, headers: { origin } });
    const allowed = await config('https://shop.example.com');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example.com');
    expect(allowed.headers.vary).toMatch(/origin/i);
    const stranger = await config('https://evil.example.com');
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    expect(stranger.headers.vary).toMatch(/origin/i);
  });

  it('keeps the dashboard framed by nobody but itself', async () => {
    const response = await t.app.inject({ url: '/' });
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
