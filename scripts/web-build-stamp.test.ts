import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { markWebBuild, sourcesHash, webBuildIsCurrent } from './web-build-stamp.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function checkout() {
  const root = mkdtempSync(path.join(tmpdir(), 'web-stamp-'));
  roots.push(root);
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('apps/web/src/main.tsx', 'render()');
  write('apps/web/index.html', '<div id="root"></div>');
  write('packages/contract/src/chats.ts', 'export {}');
  write('package-lock.json', '{}');
  return { root, write };
}

describe('npm start builds the web app only when its sources changed', () => {
  it('a build of these very sources is current; a changed source, contract or lock file is not', () => {
    const { root, write } = checkout();
    const first = sourcesHash(root);
    expect(sourcesHash(root)).toBe(first);
    // Never built: not current, even with a stamp.
    markWebBuild(root, first);
    expect(webBuildIsCurrent(root)).toBe(false);
    write('apps/web/dist/index.html', 'built');
    expect(webBuildIsCurrent(root)).toBe(true);

    write('apps/web/src/main.tsx', 'render(<App />)');
    expect(webBuildIsCurrent(root)).toBe(false);
    markWebBuild(root, sourcesHash(root));
    expect(webBuildIsCurrent(root)).toBe(true);

    write('packages/contract/src/chats.ts', 'export const x = 1');
    expect(webBuildIsCurrent(root)).toBe(false);
    markWebBuild(root, sourcesHash(root));
    write('apps/web/src/pages/new-page.tsx', 'export {}');
    expect(webBuildIsCurrent(root)).toBe(false);
    markWebBuild(root, sourcesHash(root));
    write('package-lock.json', '{"packages":{}}');
    expect(webBuildIsCurrent(root)).toBe(false);
  });
});
