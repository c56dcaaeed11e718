import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../test/build-test-app.ts';

let t: TestContext;
let headers: Record<string, string>;
let webDir: string;
beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'chatdesk-web-'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>app shell</title>');
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
  t = await buildTestApp({ env: { WEB_DIST_DIR: webDir, BODY_LIMIT_BYTES: '2048' } });
  ({ headers } = await t.signIn());
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

describe('the running app', () => {
  it('answers health once the database is ready', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('publishes OpenAPI generated from the contract, browsable at /api/docs', async () => {
    const spec = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(
      spec.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['username', 'password']);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/company', '/api/users/password', '/api/notifications/{id}/read']),
    );
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('compresses what it serves and lets browsers keep hashed assets', async () => {
    await fs.writeFile(
      path.join(webDir, 'assets', 'big.js'),
      `console.log(${JSON.stringify('x'.repeat(5000))})`,
    );
    const response = await t.app.inject({ url: '/assets/big.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.rawPayload.length).toBeLessThan(1000);
  });

  it('sends the brotli copy the build wrote rather than compressing again', async () => {
    const source = `console.log(${JSON.stringify('y'.repeat(5000))})`;
    const prebuilt = zlib.brotliCompressSync(source);
    await fs.writeFile(path.join(webDir, 'assets', 'prebuilt.js'), source);
    await fs.writeFile(path.join(webDir, 'assets', 'prebuilt.js.br'), prebuilt);
    const response = await t.app.inject({
      url: '/assets/prebuilt.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.rawPayload.equals(prebuilt)).toBe(true);
    const plain = await t.app.inject({
      url: '/assets/prebuilt.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.body).toBe(source);
  });

  it('serves files built after start-up', async () => {
    await fs.writeFile(path.join(webDir, 'assets', 'later.js'), 'console.log(2)');
    expect((await t.app.inject({ url: '/assets/later.js' })).body).toBe('console.log(2)');
  });

  it('serves the web app, with index.html for client-side routes', async () => {
    const home = await t.app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('app shell');
    const withEmail = await t.app.inject({ url: '/subscription/carlos/ana@example.com' });
    expect(withEmail.statusCode).toBe(200);
    expect(withEmail.body).toContain('app shell');
    const route = await t.app.inject({ url: '/settings', headers: { accept: 'text/html' } });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('app shell');
    const asset = await t.app.inject({ url: '/assets/app.js' });
    expect(asset.body).toBe('console.log(1)');
    const missing = await t.app.inject({ url: '/assets/gone-after-deploy.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Route GET /assets/gone-after-deploy.js not found');
  });
});

describe('bad input never gets a 500', () => {
  it('malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/company',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('a missing body', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/users/profile', headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTypeOf('string');
  });

  it('wrong types name the field', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers,
      payload: { name: ['x'], email: 'a@example.com' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^name: /);
  });

  it('an oversized body', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/company',
      headers,
      payload: { name: 'x', information: 'y'.repeat(5000), timeZone: 'UTC' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request body is too large' });
  });

  it('an unsupported content type', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { ...headers, 'content-type': 'text/xml' },
      payload: '<x/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBeTypeOf('string');
  });

  it('an unknown API route, with or without a token', async () => {
    for (const request of [
      { url: '/api/nope' },
      { url: '/api/nope', headers },
      { method: 'DELETE' as const, url: '/api/company', headers },
    ]) {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toMatch(/^Route (GET|DELETE) \/api\/.* not found$/);
    }
  });

  it('never leaks a stack trace', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'null',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('at ');
  });
});
