import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderIndexHtml } from './index-html.ts';

let webDir: string;
beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'chatdesk-index-'));
  await fs.writeFile(
    path.join(webDir, 'index.html'),
    '<html><head><title>app</title></head><body></body></html>',
  );
  await fs.mkdir(path.join(webDir, '.vite'));
  // The shape Vite writes: the entry, a hand-grouped chunk and a lazily loaded page.
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_framework-1.js'] },
    '_framework-1.js': { file: 'assets/framework-1.js', name: 'framework' },
    '_public-1.js': {
      file: 'assets/public-1.js',
      name: 'public',
      imports: ['_framework-1.js', 'index.html'],
      css: ['assets/public-1.css'],
    },
    '_subscribe-1.js': { file: 'assets/subscribe-1.js', name: 'subscribe', imports: ['_public-1.js'] },
    'src/features/book/book-page.tsx': {
      file: 'assets/book-page-1.js',
      imports: ['_public-1.js'],
      css: ['assets/book-page-1.css'],
    },
    'src/features/manage-booking/manage-booking-page.tsx': {
      file: 'assets/manage-booking-page-1.js',
      imports: ['_public-1.js'],
      css: ['assets/manage-booking-page-1.css'],
    },
  };
  await fs.writeFile(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
});
afterAll(() => fs.rm(webDir, { recursive: true, force: true }));

describe('index.html for a path', () => {
  it("names the booking page's chunk, styles and data, and nothing the entry already loads", async () => {
    const html = await renderIndexHtml(webDir, '/schedule/carlos');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/public-1.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/public-1.css">');
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/schedule/carlos">');
    expect(html).not.toContain('framework-1.js');
    expect(html).not.toContain('index-1.js');
    expect(html).toMatch(/<\/title><link .*<\/head>/);
  });

  it("names the manage page's chunk and its booking read for a customer's private link, and nothing for a bad token", async () => {
    const token = 'ab12'.repeat(16);
    const html = await renderIndexHtml(webDir, `/booking/${token}`);
    expect(html).toContain('href="/assets/public-1.js"');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/manage-booking-page-1.js">');
    expect(html).toContain('href="/assets/manage-booking-page-1.css"');
    expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="/api/booking/${token}">`);
    expect(html).not.toContain('/api/booking/%3C');
    expect(await renderIndexHtml(webDir, '/booking/%3Cscript%3E')).not.toContain('/api/booking/');
  });

  it('names the "anyone available" page\'s chunk and its services read', async () => {
    const html = await renderIndexHtml(webDir, '/book');
    expect(html).toContain('href="/assets/public-1.js"');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/book-page-1.js">');
    expect(html).toContain('href="/assets/book-page-1.css"');
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/book/services">');
    expect(html).not.toContain('manage-booking-page-1.js');
  });

  it('adds the subscribe chunk and its three reads for the subscribe page, with or without an email', async () => {
    for (const url of ['/subscription/carlos', '/subscription/carlos/ana@example.com']) {
      const html = await renderIndexHtml(webDir, url);
      expect(html).toContain('href="/assets/public-1.js"');
      expect(html).toContain('href="/assets/subscribe-1.js"');
      expect(html).toContain('href="/api/schedule/carlos"');
      expect(html).toContain('href="/api/payments/config"');
      expect(html).toContain('href="/api/payments/price/premium"');
    }
  });

  it('leaves other pages and unsafe usernames as built', async () => {
    const built = await fs.readFile(path.join(webDir, 'index.html'), 'utf8');
    expect(await renderIndexHtml(webDir, '/settings')).toBe(built);
    expect(await renderIndexHtml(webDir, '/schedule/%22%3E%3Cscript%3E')).toBe(built);
    expect(await renderIndexHtml(webDir, '/schedule/a/b')).toBe(built);
  });

  it('serves the page without hints when the build has no manifest', async () => {
    const bare = await fs.mkdtemp(path.join(os.tmpdir(), 'chatdesk-bare-'));
    await fs.writeFile(path.join(bare, 'index.html'), '<html><head></head></html>');
    expect(await renderIndexHtml(bare, '/schedule/carlos')).toBe('<html><head></head></html>');
    await fs.rm(bare, { recursive: true, force: true });
  });
});
