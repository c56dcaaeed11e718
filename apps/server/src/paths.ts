import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Every folder the server reads from, computed in one place from this file's own location, so
 * the answer is the same whatever the working directory and however deep the caller sits.
 */
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

export const REPO_ROOT = path.resolve(SERVER_DIR, '../..');
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'migrations');
export const DEFAULT_WEB_DIST_DIR = path.join(REPO_ROOT, 'apps/web/dist');
/** The embedded database and the generated JWT secret live here unless DATA_DIR says otherwise. */
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, 'data');
