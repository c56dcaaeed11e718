import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { chooseIntegrations, type Integrations } from './integrations/choose-integrations.ts';
import type { JobQueue } from './jobs/queue.ts';
import { createAppointmentsRepository } from './modules/appointments/appointments.repository.ts';
import { appointmentsRoutes } from './modules/appointments/appointments.routes.ts';
import { createAppointmentsService } from './modules/appointments/appointments.service.ts';
import { ASSISTANT_REPLY_JOB, createAssistantService } from './modules/assistant/assistant.service.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createChatsRepository } from './modules/chats/chats.repository.ts';
import { chatsRoutes, contactsRoutes } from './modules/chats/chats.routes.ts';
import { createChatsService, WHATSAPP_SEND_JOB } from './modules/chats/chats.service.ts';
import { createClientsRepository } from './modules/clients/clients.repository.ts';
import { clientsRoutes } from './modules/clients/clients.routes.ts';
import { createClientsService } from './modules/clients/clients.service.ts';
import { createCompanyRepository } from './modules/company/company.repository.ts';
import { companyRoutes } from './modules/company/company.routes.ts';
import { createCompanyService } from './modules/company/company.service.ts';
import { createEmployeesRepository } from './modules/employees/employees.repository.ts';
import { employeesRoutes } from './modules/employees/employees.routes.ts';
import { createEmployeesService } from './modules/employees/employees.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createMailRepository } from './modules/mail/mail.repository.ts';
import { createMailService, MAIL_JOB } from './modules/mail/mail.service.ts';
import { createNotificationsRepository } from './modules/notifications/notifications.repository.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { bookingConfirmationEmail } from './modules/schedule/booking-email.ts';
import { createScheduleRepository } from './modules/schedule/schedule.repository.ts';
import { scheduleRoutes } from './modules/schedule/schedule.routes.ts';
import { createScheduleService } from './modules/schedule/schedule.service.ts';
import { simulatorRoutes } from './modules/simulator/simulator.routes.ts';
import { createSimulatorService } from './modules/simulator/simulator.service.ts';
import { createSubscriptionsRepository } from './modules/subscriptions/subscriptions.repository.ts';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.ts';
import { createSubscriptionsService } from './modules/subscriptions/subscriptions.service.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createStripeWebhookService } from './modules/webhooks/stripe-webhook.service.ts';
import { createWebhooksRepository } from './modules/webhooks/webhooks.repository.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { createWhatsAppWebhookService } from './modules/webhooks/whatsapp-webhook.service.ts';
import { requireStaff } from './plugins/auth.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { type EventBus, eventsRoutes } from './plugins/realtime.ts';
import { renderIndexHtml } from './web/index-html.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  events: EventBus;
  jwtSecret: string;
  clock?: () => Date;
  logger?: FastifyServerOptions['loggerInstance'];
  /** Integrations to use instead of those the configuration chooses (tests). */
  integrations?: Partial<Integrations>;
  /** The durable job queue; without it jobs wait in the database until a queue runs. */
  queue?: JobQueue;
};

/** Builds the whole HTTP app; never listens, so tests and main.ts build it the same way. */
export async function buildApp(deps: AppDeps) {
  const { config, database, events, jwtSecret } = deps;
  const clock = deps.clock ?? (() => new Date());
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: config.bodyLimit,
    trustProxy: config.env === 'production',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('staff', null);
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Stripe.js and its card fields come from Stripe's own origins.
        scriptSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
        frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        upgradeInsecureRequests: null,
      },
    },
  });
  // Compressed responses (the web app's JavaScript above all); the event stream is written raw and stays as it is.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Chatdesk API',
        description:
          'Staff dashboard and public pages. Staff endpoints take `Authorization: Bearer <token>`.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const db = database.db;
  const auth = createAuthService({
    repository: createAuthRepository(db),
    jwtSecret,
    sessionTtlHours: config.sessionTtlHours,
    login: config.login,
    clock,
  });
  const notifications = createNotificationsService({ repository: createNotificationsRepository(db), events });
  const company = createCompanyService({ repository: createCompanyRepository(db) });
  const users = createUsersService({ repository: createUsersRepository(db), auth });
  const employees = createEmployeesService({ repository: createEmployeesRepository(db) });
  const appointments = createAppointmentsService({ repository: createAppointmentsRepository(db), events });
  const integrations = { ...chooseIntegrations(config, db, clock, deps.logger), ...deps.integrations };
  const mail = createMailService({
    repository: createMailRepository(db),
    mailer: integrations.mailer,
    queue: () => deps.queue,
    clock,
  });
  const schedule = createScheduleService({
    repository: createScheduleRepository(db),
    payments: integrations.payments,
    company,
    notify: notifications.notify,
    clock,
    log: deps.logger,
    onBooked: async (booking) => {
      await events.publish({ type: 'appointments.changed' });
      const { name } = await company.get();
      await mail.enqueue(bookingConfirmationEmail(booking, { name, publicUrl: config.publicUrl }));
    },
  });
  const clients = createClientsService({ repository: createClientsRepository(db), events });
  const subscriptions = createSubscriptionsService({
    repository: createSubscriptionsRepository(db),
    provider: integrations.subscriptions,
    events,
    notify: notifications.notify,
    clock,
  });
  const chatsRepository = createChatsRepository(db);
  const chats = createChatsService({
    repository: chatsRepository,
    events,
    whatsapp: integrations.whatsapp,
    queue: () => deps.queue,
    notify: notifications.notify,
    clock,
    // The simulator answers inline; every other channel through the durable job.
    onCustomerMessage: async (chatId, messageId, channel) => {
      if (channel !== 'simulator') await assistant.schedule(chatId, messageId);
    },
  });
  const assistant = createAssistantService({
    engine: integrations.assistant,
    chats: () => chats,
    repository: chatsRepository,
    company,
    employees,
    schedule,
    notify: notifications.notify,
    publicUrl: config.publicUrl,
    clock,
    queue: () => deps.queue,
    ...(deps.logger ? { log: deps.logger } : {}),
  });
  const simulator = createSimulatorService({
    enabled: config.simulatorEnabled,
    chats,
    repository: chatsRepository,
    assistant,
  });
  const whatsappWebhooks = config.whatsapp.appSecret
    ? createWhatsAppWebhookService({
        appSecret: config.whatsapp.appSecret,
        verifyToken: config.whatsapp.verifyToken,
        chats,
        repository: chatsRepository,
        events,
        notify: notifications.notify,
        clock,
      })
    : null;
  const stripeWebhooks =
    integrations.stripe && config.stripe?.webhookSecret
      ? createStripeWebhookService({
          stripe: integrations.stripe,
          webhookSecret: config.stripe.webhookSecret,
          repository: createWebhooksRepository(db),
          schedule,
          subscriptions,
          notify: notifications.notify,
        })
      : null;

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { prefix: '/health', database });
      await api.register(authRoutes, {
        prefix: '/auth',
        auth,
        demoLogin: config.seedDemo,
        loginRatePerMinute: config.login.ratePerMinute,
      });
      await api.register(scheduleRoutes, { prefix: '/schedule', schedule });
      await api.register(webhooksRoutes, {
        prefix: '/webhooks',
        stripe: stripeWebhooks,
        whatsapp: whatsappWebhooks,
      });
      await api.register(simulatorRoutes, { prefix: '/chats', simulator });
      await api.register(paymentsRoutes, {
        prefix: '/payments',
        schedule,
        subscriptions,
        localProvider: integrations.localPayments,
        localSubscriptions: integrations.localSubscriptions,
        publicConfig: {
          provider: integrations.payments.name,
          publishableKey: integrations.payments.publishableKey,
        },
      });

      await api.register(async (staff) => {
        requireStaff(staff, auth);
        await staff.register(eventsRoutes, { prefix: '/events', events });
        await staff.register(companyRoutes, { prefix: '/company', company });
        await staff.register(usersRoutes, { prefix: '/users', users });
        await staff.register(notificationsRoutes, { prefix: '/notifications', notifications });
        await staff.register(employeesRoutes, { prefix: '/employees', employees });
        await staff.register(appointmentsRoutes, { prefix: '/appointments', appointments });
        await staff.register(chatsRoutes, { prefix: '/chats', chats });
        await staff.register(clientsRoutes, { prefix: '/clients', clients });
        await staff.register(subscriptionsRoutes, { prefix: '/subscriptions', subscriptions });
        await staff.register(contactsRoutes, { prefix: '/contacts', chats });
      });
    },
    { prefix: '/api' },
  );

  registerWebApp(app, config.webDistDir);
  return Object.assign(app, {
    services: {
      auth,
      notifications,
      company,
      users,
      employees,
      schedule,
      mail,
      appointments,
      chats,
      assistant,
      simulator,
      clients,
      subscriptions,
    },
    integrations,
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;

const RENEWAL_INTERVAL_MS = 60_000;

/** Scheduled work: the local provider renews and ends its subscriptions as periods pass. Returns a stop function. */
export function startSchedules(app: App, onError: (error: unknown) => void): () => void {
  const local = app.integrations.localSubscriptions;
  if (!local) return () => {};
  const timer = setInterval(() => {
    app.services.subscriptions.runLocalRenewals(local.advance).catch(onError);
  }, RENEWAL_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** The durable jobs this app runs; main.ts and tests register them the same way. */
export async function registerWorkers(app: App, queue: JobQueue) {
  await queue.work(MAIL_JOB, app.services.mail.deliver);
  await queue.work(ASSISTANT_REPLY_JOB, async (job: { chatId: string; messageId: string }) => {
    await app.services.assistant.replyTo(job);
  });
  await queue.work(WHATSAPP_SEND_JOB, app.services.chats.deliver);
}

// Paths that name a built file; an email in a route (/subscription/x/a@b.com) is not one.
const STATIC_FILE = /\.(js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|txt|json|webmanifest)$/i;

/** Serves the built single-page app; any non-API path that is not a file gets index.html. */
function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    // wildcard: files built after start-up (a rebuild while running) are served too.
    app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: true,
      index: 'index.html',
      // The build writes .br and .gz copies (vite.config.ts); compressing on the fly is the fallback.
      preCompressed: true,
      // Built assets have content hashes in their names: browsers may keep them for good.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // A missing file (an old chunk after a deploy) is a 404, not the app shell served as JavaScript.
    const isFile = STATIC_FILE.test(pathname);
    if (isApi || isFile || !hasWeb || request.method !== 'GET') {
      return reply
        .status(404)
        .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
    }
    return reply
      .type('text/html')
      .header('cache-control', 'no-cache')
      .send(await renderIndexHtml(webDistDir, pathname));
  });
}
