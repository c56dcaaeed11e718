import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type BackupHeader, backupFileName, writeBackup } from './backup.ts';
import type { Database } from './client.ts';

/** Our backups' names (backup.ts `backupFileName`), which sort by the time they were taken. */
const BACKUP_NAME = /^chatdesk-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.jsonl\.gz$/;

/** Writes a backup to `file` under another name until it is complete: a failed one never looks like a backup. */
export async function writeBackupFile(database: Database, file: string): Promise<BackupHeader> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  try {
    const header = await writeBackup(database, createWriteStream(partial));
    await fs.rename(partial, file);
    return header;
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
}

/** The scheduled backup: a new file in `dir`, then only the latest `keep` of our backups there are kept. */
export async function rotateBackups(database: Database, options: { dir: string; keep: number; now: Date }) {
  await writeBackupFile(database, path.join(options.dir, backupFileName(options.now)));
  const ours = (await fs.readdir(options.dir)).filter((name) => BACKUP_NAME.test(name)).sort();
  for (const name of ours.slice(0, -options.keep)) await fs.rm(path.join(options.dir, name), { force: true });
}
