import Fastify, { type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { createServices } from './composition/services.ts';
import type { Config } from './config.ts';
import { rotateBackups } from './db/backup-files.ts';
import type { Database } from './db/client.ts';
import type { EventBus } from './events/event-bus.ts';
import { createLifecycle, type Lifecycle } from './http/health.ts';
import { registerHttpPlugins } from './http/plugins.ts';
import { RequestLogPolicy } from './http/request-log.ts';
import { limitRequestTime } from './http/request-timeout.ts';
import { registerRoutes } from './http/routes.ts';
import { registerWebApp } from './http/web-app.ts';
import { chooseIntegrations, type Integrations } from './integrations/choose-integrations.ts';
import { createInlineJobQueue, type JobQueue } from './jobs/queue.ts';
import { createScheduledTasksRepository } from './jobs/scheduled-tasks.repository.ts';
import { createSchedules } from './jobs/schedules.ts';
import { registerWorkers } from './jobs/workers.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  events: EventBus;
  jwtSecret: string;
  clock?: () => Date;
  logger?: Logger;
  /** Integrations to use instead of those the configuration chooses (tests). */
  integrations?: Partial<Integrations>;
  /** The durable job queue (pg-boss); without it each job runs at once, in the sender's call. */
  queue?: JobQueue;
  /** Without it the app is ready at once (tests); main.ts turns it ready after migrations. */
  lifecycle?: Lifecycle;
};

/**
 * The whole server: integrations and services (composition/), their jobs, and the HTTP layer
 * (http/) that exposes them. Never listens, so tests and main.ts build it the same way.
 */
export async function buildApp(deps: AppDeps) {
  const { config, database, events } = deps;
  const clock = deps.clock ?? (() => new Date());
  const queue = deps.queue ?? createInlineJobQueue();
  const lifecycle = deps.lifecycle ?? createLifecycle('ready');
  const integrations = {
    ...(await chooseIntegrations(config, database.db, clock, deps.logger)),
    ...deps.integrations,
  };
  const services = createServices({
    config,
    db: database.db,
    events,
    queue,
    integrations,
    jwtSecret: deps.jwtSecret,
    clock,
    ...(deps.logger ? { logger: deps.logger } : {}),
  });
  registerWorkers(queue, services);
  const backupDir = config.backups.dir;
  const schedules = createSchedules(services, integrations, {
    repository: createScheduledTasksRepository(database.db),
    notify: services.notifications.notify,
    clock,
    ...(deps.logger ? { log: deps.logger } : {}),
    ...(backupDir
      ? { backup: () => rotateBackups(database, { dir: backupDir, keep: config.backups.keep, now: clock() }) }
      : {}),
  });
  schedules.register(queue);

  const options: FastifyServerOptions = {
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: config.bodyLimit,
    // Only the proxies named in TRUST_PROXY may say who the client is; anyone can send X-Forwarded-For.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    logController: new RequestLogPolicy(config.logSlowRequestMs),
  };
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();
  await registerHttpPlugins(app);
  limitRequestTime(app, config.requestTimeoutMs);
  await registerRoutes(app, { config, database, events, services, integrations, lifecycle });
  registerWebApp(app, {
    webDistDir: config.webDistDir,
    serveSourceMaps: config.serveSourceMaps,
    webChatOrigins: () => services.webChat.allowedOrigins(),
  });

  return Object.assign(app, { services, schedules, lifecycle });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
