import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';

let t: TestContext;
let dir: string;
const now = new Date('2026-11-26T03:00:00Z');

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'chatdesk-backups-'));
  t = await buildTestApp({ env: { BACKUP_DIR: dir, BACKUP_KEEP: '2' }, clock: () => now });
});

afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the daily backup', () => {
  it('writes a backup to BACKUP_DIR and keeps only the latest BACKUP_KEEP of ours', async () => {
    for (const name of [
      'chatdesk-2026-11-24T03-00-00Z.jsonl.gz',
      'chatdesk-2026-11-25T03-00-00Z.jsonl.gz',
      'notes.txt',
    ])
      await fs.writeFile(path.join(dir, name), 'old');

    const failures = await t.app.schedules.runOnce();

    expect(failures).toEqual([]);
    expect((await fs.readdir(dir)).sort()).toEqual([
      'chatdesk-2026-11-25T03-00-00Z.jsonl.gz',
      'chatdesk-2026-11-26T03-00-00Z.jsonl.gz',
      'notes.txt',
    ]);
    const file = await fs.stat(path.join(dir, 'chatdesk-2026-11-26T03-00-00Z.jsonl.gz'));
    expect(file.size).toBeGreaterThan(100);
  });
});
