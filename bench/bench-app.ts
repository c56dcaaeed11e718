/**
 * The server as a benchmark drives it: built as main.ts builds it on the given database, with a
 * fixed clock, requests through `inject` (no sockets), and one staff member signed in.
 */
import { randomBytes } from 'node:crypto';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { createEventBus } from '../apps/server/src/events/event-bus.ts';

export async function startBenchApp(database: Database, now: Date) {
  const events = createEventBus(database);
  await events.start();
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
    database,
    events,
    jwtSecret: randomBytes(32).toString('hex'),
    clock: () => now,
  });
  await app.ready();
  return {
    app,
    /** The Authorization header of a staff member signed in with this username and password. */
    async signIn(username: string, password: string) {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password },
      });
      if (login.statusCode !== 200)
        throw new Error(`sign-in as ${username}: ${login.statusCode} ${login.body}`);
      return { authorization: `Bearer ${login.json().token}` };
    },
    async close() {
      await app.close();
      await events.stop?.();
    },
  };
}
