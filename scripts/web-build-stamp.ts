// Whether the built web app is the build of the sources as they are now: `npm start` builds only
// when they changed, so a second start takes the server's time alone.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the web build is made from: its sources and configuration, the contract, the locked packages. */
export const BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite.web-chat.config.ts',
  'apps/web/postcss.config.cjs',
  'apps/web/package.json',
  'packages/contract/src',
  'package-lock.json',
];

function filesUnder(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(root, path.join(entry, name)));
}

/** A hash of every input's path and content: the same sources, the same hash, whatever their times. */
export function sourcesHash(root: string): string {
  const hash = createHash('sha256');
  for (const file of BUILD_INPUTS.flatMap((entry) => filesUnder(root, entry))) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Kept beside the packages, out of the built files (which the server serves) and out of git. */
const stampOf = (root: string) => path.join(root, 'node_modules/.cache/chatdesk/web-build.sha256');

/** The build in apps/web/dist was made from these very sources. */
export function webBuildIsCurrent(root: string, hash = sourcesHash(root)): boolean {
  const stamp = stampOf(root);
  return (
    existsSync(path.join(root, 'apps/web/dist/index.html')) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8').trim() === hash
  );
}

export function markWebBuild(root: string, hash: string) {
  const stamp = stampOf(root);
  mkdirSync(path.dirname(stamp), { recursive: true });
  writeFileSync(stamp, `${hash}\n`);
}
