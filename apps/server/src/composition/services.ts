import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createBusinessReads } from '../events/business-reads.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { Integrations } from '../integrations/choose-integrations.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { createAppointmentsRepository } from '../modules/appointments/appointments.repository.ts';
import { createAppointmentsService } from '../modules/appointments/appointments.service.ts';
import { createAssistantService } from '../modules/assistant/assistant.service.ts';
import { createAuthRepository } from '../modules/auth/auth.repository.ts';
import { createAuthService } from '../modules/auth/auth.service.ts';
import { createCalendarFeedRepository } from '../modules/calendar-feed/calendar-feed.repository.ts';
import { createCalendarFeedService } from '../modules/calendar-feed/calendar-feed.service.ts';
import { createCalendarSyncRepository } from '../modules/calendar-sync/calendar-sync.repository.ts';
import { createCalendarSyncService } from '../modules/calendar-sync/calendar-sync.service.ts';
import { fetchIcsFeed } from '../modules/calendar-sync/ics-fetch.ts';
import { createCannedRepliesRepository } from '../modules/canned-replies/canned-replies.repository.ts';
import { createCannedRepliesService } from '../modules/canned-replies/canned-replies.service.ts';
import { createChatsRepository } from '../modules/chats/chats.repository.ts';
import { createChatsService } from '../modules/chats/chats.service.ts';
import { createClientsRepository } from '../modules/clients/clients.repository.ts';
import { createClientsService } from '../modules/clients/clients.service.ts';
import { createCompanyRepository } from '../modules/company/company.repository.ts';
import { createCompanyService } from '../modules/company/company.service.ts';
import { createEmployeesRepository } from '../modules/employees/employees.repository.ts';
import { createEmployeesService } from '../modules/employees/employees.service.ts';
import { createInsightsRepository } from '../modules/insights/insights.repository.ts';
import { createInsightsService } from '../modules/insights/insights.service.ts';
import { createMailRepository } from '../modules/mail/mail.repository.ts';
import { createMailService } from '../modules/mail/mail.service.ts';
import { createManageBookingRepository } from '../modules/manage-booking/manage-booking.repository.ts';
import { createManageBookingService } from '../modules/manage-booking/manage-booking.service.ts';
import { createNotificationsRepository } from '../modules/notifications/notifications.repository.ts';
import { createNotificationsService } from '../modules/notifications/notifications.service.ts';
import { createPackCodesRepository } from '../modules/packs/pack-codes.repository.ts';
import { createPackCodesService } from '../modules/packs/pack-codes.ts';
import { createPackPurchasesService } from '../modules/packs/pack-purchases.ts';
import { createPacksRepository } from '../modules/packs/packs.repository.ts';
import { createPacksService } from '../modules/packs/packs.service.ts';
import { createPrivacyRepository } from '../modules/privacy/privacy.repository.ts';
import { createPrivacyService } from '../modules/privacy/privacy.service.ts';
import { createRateLimitsRepository } from '../modules/rate-limits/rate-limits.repository.ts';
import { createRateLimitsService } from '../modules/rate-limits/rate-limits.service.ts';
import { createRemindersRepository } from '../modules/reminders/reminders.repository.ts';
import { createRemindersService } from '../modules/reminders/reminders.service.ts';
import { createScheduleRepository } from '../modules/schedule/schedule.repository.ts';
import { createScheduleService } from '../modules/schedule/schedule.service.ts';
import { createServicesRepository } from '../modules/services/services.repository.ts';
import { createServicesService } from '../modules/services/services.service.ts';
import { createSimulatorService } from '../modules/simulator/simulator.service.ts';
import { createSubscriptionsRepository } from '../modules/subscriptions/subscriptions.repository.ts';
import { createSubscriptionsService } from '../modules/subscriptions/subscriptions.service.ts';
import { createTeachingRepository } from '../modules/teaching/teaching.repository.ts';
import { createTeachingService, taughtLesson } from '../modules/teaching/teaching.service.ts';
import { createTimeOffRepository } from '../modules/time-off/time-off.repository.ts';
import { createTimeOffService } from '../modules/time-off/time-off.service.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';
import { createUsersService } from '../modules/users/users.service.ts';
import { createWaitlistRepository } from '../modules/waitlist/waitlist.repository.ts';
import { createWaitlistService } from '../modules/waitlist/waitlist.service.ts';
import { choosePhoneCodeSender } from '../modules/web-chat/phone-codes.ts';
import { createWebChatRepository } from '../modules/web-chat/web-chat.repository.ts';
import { createWebChatService } from '../modules/web-chat/web-chat.service.ts';
import { createStripeWebhookService } from '../modules/webhooks/stripe-webhook.service.ts';
import { createWebhooksRepository } from '../modules/webhooks/webhooks.repository.ts';
import { createWhatsAppWebhookService } from '../modules/webhooks/whatsapp-webhook.service.ts';

export type ServiceDeps = {
  config: Config;
  db: Db;
  events: EventBus;
  queue: JobQueue;
  integrations: Integrations;
  jwtSecret: string;
  clock: () => Date;
  logger?: Logger;
};

/**
 * The one place services are wired. Each is created after everything it needs, so the order
 * below is the dependency order: there is no cycle to break and nothing is resolved later.
 */
export function createServices(deps: ServiceDeps) {
  const { config, db, events, queue, integrations, clock } = deps;

  const notifications = createNotificationsService({
    repository: createNotificationsRepository(db),
    repositoryIn: createNotificationsRepository,
    events,
  });
  const notify = notifications.notify;
  const rateLimits = createRateLimitsService({ repository: createRateLimitsRepository(db) });
  const auth = createAuthService({
    repository: createAuthRepository(db),
    events,
    notify,
    jwtSecret: deps.jwtSecret,
    sessionTtlHours: config.sessionTtlHours,
    login: config.login,
    clock,
  });
  // The company, the team, the catalogue or the lessons changed: this instance forgets what its
  // public pages and assistant read at once, and the others hear it on the bus.
  const business = createBusinessReads(events);
  const businessChanged = () => {
    business.forget();
    // A name or an email in the team may be in a session this instance trusts (auth.service.ts).
    auth.forgetSessions();
    void events.publish({ type: 'business.changed' });
  };
  const company = createCompanyService({
    repository: createCompanyRepository(db),
    onChange: businessChanged,
  });
  const cannedReplies = createCannedRepliesService({
    repository: createCannedRepliesRepository(db),
    company,
    publicUrl: config.publicUrl,
    clock,
  });
  const users = createUsersService({
    repository: createUsersRepository(db),
    auth,
    onChange: businessChanged,
  });
  const insights = createInsightsService({ repository: createInsightsRepository(db), company, clock });
  const services = createServicesService({
    repository: createServicesRepository(db),
    clock,
    onChange: businessChanged,
  });
  const calendars = createCalendarSyncService({
    repository: createCalendarSyncRepository(db),
    company,
    notify,
    clock,
    fetchFeed: (url, previous) =>
      fetchIcsFeed(url, previous, { allowPrivateHosts: config.calendars.allowPrivateAddresses }),
    ...(deps.logger ? { log: deps.logger } : {}),
  });
  const employees = createEmployeesService({
    repository: createEmployeesRepository(db),
    auth,
    publicUrl: config.publicUrl,
    onChange: businessChanged,
  });
  const calendarFeed = createCalendarFeedService({
    repository: createCalendarFeedRepository(db),
    company,
    publicUrl: config.publicUrl,
    clock,
  });
  const timeOff = createTimeOffService({ repository: createTimeOffRepository(db), clock });
  const clients = createClientsService({ repository: createClientsRepository(db), events });
  const mail = createMailService({
    repository: createMailRepository(db),
    repositoryIn: createMailRepository,
    mailer: integrations.mailer,
    queue,
    clock,
  });
  const schedule = createScheduleService({
    repository: createScheduleRepository(db),
    services,
    payments: integrations.payments,
    company,
    notify,
    notifications,
    events,
    business,
    mail,
    publicUrl: config.publicUrl,
    clock,
    ...(deps.logger ? { log: deps.logger } : {}),
  });
  const packs = createPacksService({
    repository: createPacksRepository(db),
    payments: integrations.payments,
    company,
    mail,
    notify,
    events,
    clock,
    ...(deps.logger ? { log: deps.logger } : {}),
    onChange: businessChanged,
  });
  const packPurchases = createPackPurchasesService({
    repository: createPacksRepository(db),
    payments: integrations.payments,
    company,
    mail,
    notify,
    notifications,
    events,
    publicUrl: config.publicUrl,
    clock,
    ...(deps.logger ? { log: deps.logger } : {}),
  });
  const packCodes = createPackCodesService({
    repository: createPackCodesRepository(db),
    rateLimits,
    mail,
    company,
    schedule,
    clock,
  });
  const subscriptions = createSubscriptionsService({
    repository: createSubscriptionsRepository(db),
    provider: integrations.subscriptions,
    events,
    notify,
    clock,
  });
  const chats = createChatsService({
    repository: createChatsRepository(db),
    events,
    whatsapp: integrations.whatsapp,
    queue,
    notify,
    markNotificationsRead: notifications.markReadAbout,
    clock,
    senderLimitPerMinute: config.assistant.senderLimitPerMinute,
    ...(deps.logger ? { log: deps.logger } : {}),
  });
  const reminders = createRemindersService({
    repository: createRemindersRepository(db),
    company,
    chats,
    mail,
    notify,
    publicUrl: config.publicUrl,
    clock,
    ...(deps.logger ? { log: deps.logger } : {}),
  });
  const waitlist = createWaitlistService({
    repository: createWaitlistRepository(db),
    packCodes: createPackCodesRepository(db),
    schedule,
    payments: integrations.payments,
    company,
    mail,
    chats,
    notify,
    notifications,
    events,
    publicUrl: config.publicUrl,
    holdMinutes: config.waitlistHoldMinutes,
    clock,
    ...(deps.logger ? { log: deps.logger } : {}),
  });
  // A seat freed anywhere (a customer's or staff's cancel) is offered by the database at its
  // commit; whichever instance hears of the change tells the customer (and the scheduled pass
  // tells any offer missed).
  events.subscribe((event) => {
    if (event.type === 'appointments.changed')
      waitlist
        .tellOffers()
        .catch((error: unknown) => deps.logger?.warn({ err: error }, 'waitlist offers not told'));
  });
  const manageBooking = createManageBookingService({
    repository: createManageBookingRepository(db),
    schedule,
    company,
    payments: integrations.payments,
    notify,
    events,
    mail,
    publicUrl: config.publicUrl,
    clock,
    reminders: reminders.forAppointment,
    ...(deps.logger ? { log: deps.logger } : {}),
  });
  const appointments = createAppointmentsService({
    repository: createAppointmentsRepository(db),
    events,
    clock,
    onNoShow: reminders.followUpNoShow,
    paid: { cancel: manageBooking.cancelByStaff, cancelSeat: manageBooking.cancelSeat },
    closeWaitlist: waitlist.closeClass,
    moves: { slots: manageBooking.slotsForStaff, reschedule: manageBooking.rescheduleByStaff },
    log: deps.logger,
  });
  const teachingRepository = createTeachingRepository(db);
  const assistant = createAssistantService({
    engine: integrations.assistant,
    // The lessons as the assistant applies them; the teaching service below is their only writer.
    lessons: () => teachingRepository.lessons().then((rows) => rows.map(taughtLesson)),
    chats,
    company,
    employees,
    schedule,
    subscriptions,
    manageBooking,
    clients,
    waitlist,
    packs,
    publicUrl: config.publicUrl,
    historyTurns: config.assistant.historyTurns,
    clock,
    business,
    ...(deps.logger ? { log: deps.logger } : {}),
  });
  const teaching = createTeachingService({
    repository: teachingRepository,
    assistant,
    onChange: businessChanged,
    clock,
  });
  const simulator = createSimulatorService({
    enabled: config.simulatorEnabled,
    chats,
    assistant,
    clients,
    retry: config.assistant.retry,
  });
  const webChat = createWebChatService({
    db,
    repository: createWebChatRepository(db),
    repositoryIn: createWebChatRepository,
    chats,
    company,
    mail,
    rateLimits,
    events,
    clock,
    limits: config.webChat,
    publicUrl: config.publicUrlConfigured ? config.publicUrl : null,
    onlineMinutes: config.webChatOnlineMinutes,
    phoneCodes: choosePhoneCodeSender({
      whatsapp: integrations.whatsapp,
      template: integrations.whatsappCodeTemplate,
      sms: integrations.sms,
    }),
  });
  const privacy = createPrivacyService({
    db,
    repository: createPrivacyRepository(db),
    repositoryIn: createPrivacyRepository,
    company,
    chats,
    mail,
    webChat,
    notifications,
    subscriptions,
    reminders,
    schedule,
    payments: integrations.payments,
    subscriptionProvider: integrations.subscriptions,
    events,
    clock,
    ...(deps.logger ? { log: deps.logger } : {}),
  });
  const whatsappWebhooks = config.whatsapp.appSecret
    ? createWhatsAppWebhookService({
        appSecret: config.whatsapp.appSecret,
        verifyToken: config.whatsapp.verifyToken,
        chats,
        clock,
      })
    : null;
  const stripeWebhooks = integrations.paymentEvents
    ? createStripeWebhookService({
        source: integrations.paymentEvents,
        repository: createWebhooksRepository(db),
        schedule,
        packPurchases,
        waitlist,
        subscriptions,
        notify,
      })
    : null;

  return {
    auth,
    rateLimits,
    notifications,
    insights,
    teaching,
    company,
    cannedReplies,
    services,
    packPurchases,
    packCodes,
    packs,
    waitlist,
    calendars,
    users,
    employees,
    calendarFeed,
    timeOff,
    appointments,
    clients,
    privacy,
    mail,
    schedule,
    subscriptions,
    chats,
    reminders,
    manageBooking,
    assistant,
    simulator,
    webChat,
    whatsappWebhooks,
    stripeWebhooks,
  };
}

export type Services = ReturnType<typeof createServices>;
