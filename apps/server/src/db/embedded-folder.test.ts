import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from './client.ts';

let root: string | undefined;
afterEach(async () => {
  if (root) await fs.rm(root, { recursive: true, force: true });
});

describe('the embedded database whose folder disappears', () => {
  it('stops answering health once its data folder is gone, though it still answers from memory', async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'chatdesk-gone-'));
    const dataDir = path.join(root, 'data');
    const database = await openPglite(dataDir);
    try {
      await database.ping();
      await fs.rm(dataDir, { recursive: true, force: true });
      // What made this silent: the query alone still succeeds.
      await expect(database.pglite!.query('select 1')).resolves.toBeDefined();
      await expect(database.ping()).rejects.toThrow(/database folder .* is gone/);
    } finally {
      await database.close().catch(() => {});
    }
  });
});
