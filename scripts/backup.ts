// `npm run backup -- [FILE] [--server-stopped]`: writes a backup of the server's database to FILE,
// by default backups/chatdesk-<time>.jsonl.gz (docs/operations.md, Backups).
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { backupFileName, writeBackup } from '../apps/server/src/db/backup.ts';
import { fail, openServerDatabase, parseArguments, userPath } from './backup-database.ts';

const { file, serverStopped } = parseArguments(process.argv.slice(2));
const target = file ? userPath(file) : path.resolve('backups', backupFileName());
const database = await openServerDatabase(serverStopped);
await fs.mkdir(path.dirname(target), { recursive: true });
// Written under another name and renamed when complete: a failed backup never looks like one.
const partial = `${target}.partial`;
try {
  const header = await writeBackup(database, createWriteStream(partial));
  await fs.rename(partial, target);
  console.log(`Backed up ${header.tables.length} tables at migration ${header.migration} to ${target}`);
} catch (error) {
  await fs.rm(partial, { force: true });
  fail(`No backup was written: ${(error as Error).message}`);
} finally {
  await database.close();
}
