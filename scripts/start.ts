// `npm start`: builds the web app when the build tools are installed (a development checkout) and
// its sources changed since the last build `npm start` made, then runs the server. A production install (`npm ci --omit=dev`) has no build tools: it serves
// the build made before pruning, and says so plainly when there is none.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { markWebBuild, sourcesHash, webBuildIsCurrent } from './web-build-stamp.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
// npm may hoist vite to the root or keep it in the web workspace.
const canBuild = ['node_modules/vite', 'apps/web/node_modules/vite'].some((dir) =>
  existsSync(path.join(root, dir, 'package.json')),
);
const built = existsSync(path.join(root, 'apps/web/dist/index.html'));

if (canBuild) {
  const hash = sourcesHash(root);
  if (webBuildIsCurrent(root, hash))
    console.log('The web app is built from these sources: not building it again.');
  else {
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
    markWebBuild(root, hash);
  }
} else if (!built && !process.env.WEB_DIST_DIR) {
  console.error(
    'The web app is not built and the build tools are not installed. Run `npm ci && npm run build` (then `npm prune --omit=dev` if you like) before `npm start`.',
  );
  process.exit(1);
}

// Node keeps the server's compiled modules (its TypeScript already stripped) in the system's temporary
// folder, so a second start loads them without compiling them again (about a tenth of its work).
module.enableCompileCache();
await import('../apps/server/src/main.ts');
