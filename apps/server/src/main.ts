import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { prepareDatabase } from './db/bootstrap.ts';
import { openDatabase } from './db/client.ts';
import { createEventBus } from './events/event-bus.ts';
import { createLifecycle } from './http/health.ts';
import { createJobQueue } from './jobs/queue.ts';
import { resolveJwtSecret } from './jwt-secret.ts';
import { trainIntentClassifierInBackground } from './modules/assistant/classifier/trained.ts';

/**
 * The process: listens at once (live answers, ready says 503), prepares the database, starts the
 * event bus and the job workers, then turns ready. SIGTERM turns ready back to 503, keeps serving
 * for the drain period so the load balancer stops sending, then closes everything in order.
 */
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
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteSharedBuffers: config.pgliteSharedBuffers,
    logger,
    statementTimeoutMs: config.statementTimeoutMs,
  });
  logger.info(
    database.kind === 'pglite'
      ? `database: embedded PGlite in ${config.dataDir}`
      : 'database: PostgreSQL (DATABASE_URL)',
  );
  const events = createEventBus(database, (error) => logger.warn({ err: error }, 'realtime event failed'));
  const queue = createJobQueue({
    ...(database.kind === 'pglite' ? { pglite: database.pglite! } : { connectionString: database.url! }),
    logger,
    jobs: { assistantReply: config.assistant.retry },
  });
  const lifecycle = createLifecycle();
  const app = await buildApp({ config, database, events, jwtSecret, logger, queue, lifecycle });
  await app.listen({ port: config.port, host: config.host });

  try {
    // The queue starts under the start-up lock too: instances starting together take turns at it.
    await prepareDatabase(database, { config, logger, thenUnderLock: () => queue.start() });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    logger.fatal(error.message);
    await app.close();
    await database.close();
    process.exit(1);
  }
  await events.start();
  lifecycle.ready();
  logger.info('ready');
  // The built-in assistant's second opinion on a message's intent trains on a worker thread now;
  // until it is ready (seconds) the rules answer alone, as they would without it.
  if (!config.llm)
    trainIntentClassifierInBackground().then(
      () => logger.info("the assistant's intent classifier is trained"),
      (error: unknown) =>
        logger.warn({ err: error }, "the assistant's intent classifier could not be trained"),
    );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    lifecycle.drain();
    logger.info(`${signal}: draining for ${config.shutdownDrainMs} ms, then closing`);
    const force = setTimeout(() => {
      logger.error('could not close in time; exiting');
      process.exit(1);
    }, config.shutdownDrainMs + 10_000);
    force.unref();
    try {
      await sleep(config.shutdownDrainMs);
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
