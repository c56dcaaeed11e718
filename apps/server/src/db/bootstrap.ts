import type { Logger } from 'pino';
import { type Config, ConfigError } from '../config.ts';
import type { Database, Db } from './client.ts';
import { migrate } from './migrate.ts';
import { createAdmin, hasEmployees, seedDemoData, seedReferenceData } from './seed-demo.ts';

/**
 * Makes the database ready to serve: migrations, reference data, then on an empty database
 * either the demo business or the first administrator; with neither configured it refuses to go on. All under the start-up lock (migrate.ts),
 * and the seed in one transaction, so a crash mid-seed leaves nothing half-done behind.
 */
export async function prepareDatabase(
  database: Database,
  options: {
    config: Pick<Config, 'seedDemo' | 'admin'>;
    logger?: Pick<Logger, 'info'>;
    now?: Date;
    /**
     * Runs last, still under the lock: starting the job queue, whose own set-up (pg-boss's schema,
     * the carry-over of pg-boss 10's jobs) must not race another instance's.
     */
    thenUnderLock?: () => Promise<void>;
  },
) {
  const { config, logger } = options;
  await migrate(database, async (db: Db) => {
    await seedReferenceData(db);
    if (!(await hasEmployees(db))) await seedEmpty(db);
    await options.thenUnderLock?.();
  });

  async function seedEmpty(db: Db) {
    if (config.seedDemo) {
      await db.transaction((tx) => seedDemoData(tx as unknown as Db, options.now));
      logger?.info('demo data seeded: sign in as admin / admin1234');
    } else if (config.admin) {
      await createAdmin(db, config.admin);
      logger?.info(`first administrator "${config.admin.username}" created from ADMIN_USERNAME`);
    } else {
      // Nobody could ever sign in; a guessable default administrator would be worse.
      throw new ConfigError(
        'The database has no employees: set ADMIN_USERNAME and ADMIN_PASSWORD (at least 8 characters) to create the first administrator, or SEED_DEMO=true for the demo business and its public admin / admin1234 sign-in.',
      );
    }
  }
}
