import { pino } from 'pino';
import { buildApp, registerWorkers, startSchedules } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { createAdmin, hasEmployees, seedDemoData, seedReferenceData } from './db/seed-demo.ts';
import { startJobQueue } from './jobs/queue.ts';
import { resolveJwtSecret } from './jwt-secret.ts';
import { createEventBus } from './plugins/realtime.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const logger = pino({
    level: config.logLevel,
    ...(config.env === 'development' && process.stdout.isTTY ? { transport: { target: 'pino-pretty' } } : {}),
  });

  const jwtSecret = await resolveJwtSecret(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  logger.info(
    database.kind === 'pglite'
      ? `database: embedded PGlite in ${config.dataDir}`
      : 'database: PostgreSQL (DATABASE_URL)',
  );
  await migrate(database);
  await seedReferenceData(database.db);
  if (!(await hasEmployees(database.db))) {
    if (config.seedDemo) {
      await seedDemoData(database.db);
      logger.info('demo data seeded: sign in as admin / admin1234');
    } else if (config.admin) {
      await createAdmin(database.db, config.admin);
      logger.info(`first administrator "${config.admin.username}" created from ADMIN_USERNAME`);
    } else {
      logger.warn(
        'no employees and SEED_DEMO=false: set ADMIN_USERNAME and ADMIN_PASSWORD to create the first administrator',
      );
    }
  }

  const events = createEventBus(database, (error) => logger.warn({ err: error }, 'realtime event failed'));
  await events.start();
  const queue = await startJobQueue({
    ...(database.kind === 'pglite' ? { pglite: database.pglite } : { connectionString: database.url }),
    logger,
  });
  const app = await buildApp({ config, database, events, jwtSecret, logger, queue });
  await registerWorkers(app, queue);
  const stopSchedules = startSchedules(app, (error) =>
    logger.error({ err: error }, 'scheduled renewal failed'),
  );
  await app.listen({ port: config.port, host: config.host });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info(`${signal}: closing`);
    const force = setTimeout(() => {
      logger.error('could not close within 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      stopSchedules();
      await app.close();
      await queue.stop();
      await events.stop();
      await database.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error while closing');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
