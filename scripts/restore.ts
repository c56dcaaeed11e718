// `npm run restore -- FILE [--server-stopped]`: restores a backup into the server's database, which
// must hold no business yet (docs/operations.md, Backups).
import { createReadStream } from 'node:fs';
import { restoreBackup } from '../apps/server/src/db/backup.ts';
import { fail, openServerDatabase, parseArguments, userPath } from './backup-database.ts';

const { file, serverStopped } = parseArguments(process.argv.slice(2));
if (!file) fail('Name the backup to restore: npm run restore -- FILE');
const database = await openServerDatabase(serverStopped);
try {
  const header = await restoreBackup(database, createReadStream(userPath(file)));
  console.log(`Restored ${header.tables.length} tables from the backup of ${header.createdAt}`);
} catch (error) {
  fail(`Nothing was restored: ${(error as Error).message}`);
} finally {
  await database.close();
}
