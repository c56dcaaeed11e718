import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.ts';

/**
 * JWT_SECRET when set. Otherwise (development, embedded mode) one is generated once and
 * kept in the data folder, so tokens survive restarts. Production refuses to start without
 * one: config.ts checks that.
 */
export async function resolveJwtSecret(config: Config): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    const existing = (await fs.readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await fs.writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
