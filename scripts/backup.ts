// `npm run backup -- [FILE] [--server-stopped]`: writes a backup of the server's database to FILE,
// by default backups/chatdesk-<time>.jsonl.gz (docs/operations.md, Backups).
import path from 'node:path';
import { backupFileName } from '../apps/server/src/db/backup.ts';
import { writeBackupFile } from '../apps/server/src/db/backup-files.ts';
import { fail, openServerDatabase, parseArguments, userPath } from './backup-database.ts';

const { file, serverStopped } = parseArguments(process.argv.slice(2));
const target = file ? userPath(file) : path.resolve('backups', backupFileName());
const database = await openServerDatabase(serverStopped);
try {
  const header = await writeBackupFile(database, target);
  console.log(`Backed up ${header.tables.length} tables at migration ${header.migration} to ${target}`);
} catch (error) {
  fail(`No backup was written: ${(error as Error).message}`);
} finally {
  await database.close();
}
