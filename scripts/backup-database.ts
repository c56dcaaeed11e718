// What `npm run backup` and `npm run restore` share: the server's configuration, its database, and
// the refusal to open an embedded database a running server may hold.
import path from 'node:path';
import { ConfigError, loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';

export const SERVER_STOPPED_FLAG = '--server-stopped';

/** The command's arguments: the file named (if any), and whether the embedded database is free. */
export function parseArguments(args: string[]) {
  const serverStopped = args.includes(SERVER_STOPPED_FLAG);
  const [file] = args.filter((arg) => arg !== SERVER_STOPPED_FLAG);
  return { file, serverStopped };
}

/** A path as the user typed it: `npm run` starts scripts in the repository's root, not where they were. */
export function userPath(file: string) {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/**
 * The database the server uses (DATABASE_URL, else DATA_DIR). PGlite is one process: a second one
 * opening the folder of a running server can corrupt it, and nothing tells us reliably that none
 * is running, so the embedded database is opened only when the user says the server is stopped.
 */
export async function openServerDatabase(serverStopped: boolean): Promise<Database> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (!config.databaseUrl && !serverStopped)
    fail(
      `The embedded database in ${config.dataDir} must not be opened while the server runs. Stop the server and add ${SERVER_STOPPED_FLAG}, or, while it runs, download a backup from GET /api/backup as a staff member.`,
    );
  return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
