import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
// Each run starts Node and loads the server's configuration and database modules: seconds on a busy machine.
const SCRIPT_TIMEOUT_MS = 30_000;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs a script on the project's Node 24 with the embedded database in a folder of its own. */
function run(script: string, args: string[]) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backup-cli-'));
  dirs.push(dataDir);
  const result = spawnSync(path.join(root, 'node_modules/.bin/node'), [path.join(root, script), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  return { ...result, dataDir };
}

describe('npm run backup and restore on the embedded database', () => {
  it(
    'refuse to open it unless the server is said to be stopped, and point at the download',
    () => {
      for (const script of ['scripts/backup.ts', 'scripts/restore.ts']) {
        const result = run(script, [path.join(tmpdir(), 'never-written.jsonl.gz')]);
        expect(result.status).toBe(1);
        expect(result.stderr).toContain('--server-stopped');
        expect(result.stderr).toContain('GET /api/backup');
        expect(existsSync(path.join(result.dataDir, 'pglite'))).toBe(false);
      }
    },
    SCRIPT_TIMEOUT_MS,
  );

  it(
    'restore asks for the file to restore',
    () => {
      const result = run('scripts/restore.ts', ['--server-stopped']);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('npm run restore -- FILE');
    },
    SCRIPT_TIMEOUT_MS,
  );
});
