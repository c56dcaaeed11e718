import type { FastifyInstance } from 'fastify';
import type { Services } from '../composition/services.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { Integrations } from '../integrations/choose-integrations.ts';
import { isLocalWhatsApp } from '../integrations/whatsapp/local-channel.ts';
import { appointmentsRoutes } from '../modules/appointments/appointments.routes.ts';
import { authRoutes } from '../modules/auth/auth.routes.ts';
import { calendarFeedRoutes } from '../modules/calendar-feed/calendar-feed.routes.ts';
import { calendarSyncRoutes } from '../modules/calendar-sync/calendar-sync.routes.ts';
import { cannedRepliesRoutes } from '../modules/canned-replies/canned-replies.routes.ts';
import { chatsRoutes, contactsRoutes } from '../modules/chats/chats.routes.ts';
import { clientsRoutes } from '../modules/clients/clients.routes.ts';
import { companyRoutes } from '../modules/company/company.routes.ts';
import { employeesRoutes } from '../modules/employees/employees.routes.ts';
import { insightsRoutes } from '../modules/insights/insights.routes.ts';
import { localMailRoutes } from '../modules/mail/mail.routes.ts';
import { manageBookingRoutes } from '../modules/manage-booking/manage-booking.routes.ts';
import { notificationsRoutes } from '../modules/notifications/notifications.routes.ts';
import { packPurchasesRoutes } from '../modules/packs/pack-purchases.routes.ts';
import { packsRoutes } from '../modules/packs/packs.routes.ts';
import { paymentsRoutes } from '../modules/payments/payments.routes.ts';
import { privacyRoutes } from '../modules/privacy/privacy.routes.ts';
import { scheduleRoutes } from '../modules/schedule/schedule.routes.ts';
import { servicesRoutes } from '../modules/services/services.routes.ts';
import { simulatorRoutes } from '../modules/simulator/simulator.routes.ts';
import { subscriptionsRoutes } from '../modules/subscriptions/subscriptions.routes.ts';
import { teachingRoutes } from '../modules/teaching/teaching.routes.ts';
import { timeOffRoutes } from '../modules/time-off/time-off.routes.ts';
import { usersRoutes } from '../modules/users/users.routes.ts';
import { waitlistRoutes, waitlistStaffRoutes } from '../modules/waitlist/waitlist.routes.ts';
import { webChatStaffRoutes, webChatVisitorRoutes } from '../modules/web-chat/web-chat.routes.ts';
import { webhooksRoutes } from '../modules/webhooks/webhooks.routes.ts';
import { requireStaff } from './auth.ts';
import { backupRoutes } from './backup-download.ts';
import { eventsRoutes } from './events-stream.ts';
import { healthRoutes, holdRequestsWhileStarting, type Lifecycle } from './health.ts';
import { registerRateLimits } from './rate-limits.ts';

type RouteDeps = {
  config: Config;
  database: Database;
  events: EventBus;
  services: Services;
  integrations: Integrations;
  lifecycle: Lifecycle;
};

/**
 * Every API route under /api, after the rate limits that some of them ask for: public ones
 * first, then the staff scope behind the bearer token.
 */
export async function registerRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { config, services: s, integrations } = deps;
  await registerRateLimits(app, s.rateLimits);
  await app.register(
    async (api) => {
      holdRequestsWhileStarting(api, deps.lifecycle);
      await api.register(healthRoutes, {
        prefix: '/health',
        database: deps.database,
        lifecycle: deps.lifecycle,
        events: deps.events,
      });
      await api.register(authRoutes, {
        auth: s.auth,
        demoLogin: config.seedDemo,
        loginRatePerMinute: config.login.ratePerMinute,
      });
      await api.register(scheduleRoutes, { schedule: s.schedule });
      await api.register(calendarFeedRoutes, { calendarFeed: s.calendarFeed });
      await api.register(manageBookingRoutes, { manageBooking: s.manageBooking });
      await api.register(webhooksRoutes, {
        prefix: '/webhooks',
        stripe: s.stripeWebhooks,
        whatsapp: s.whatsappWebhooks,
      });
      await api.register(paymentsRoutes, {
        schedule: s.schedule,
        subscriptions: s.subscriptions,
        publicConfig: {
          provider: integrations.payments.name,
          publishableKey: integrations.payments.publishableKey,
        },
      });
      await api.register(packPurchasesRoutes, { purchases: s.packPurchases, codes: s.packCodes });
      await api.register(waitlistRoutes, { waitlist: s.waitlist });
      await api.register(webChatVisitorRoutes, { webChat: s.webChat, events: deps.events });
      // Reads anyone's mail: only when asked for (LOCAL_MAILBOX), on an install that sends none (no
      // SMTP) and is not production.
      if (config.localMailbox && !config.smtp && config.env !== 'production')
        await api.register(localMailRoutes, {
          mail: s.mail,
          whatsapp: isLocalWhatsApp(integrations.whatsapp) ? integrations.whatsapp : null,
        });
      if (integrations.localPayments) {
        await api.register(integrations.localPayments.routes, {
          onSubscriptionPaid: s.subscriptions.activated,
        });
      }

      await api.register(async (staff) => {
        requireStaff(staff, s.auth);
        // The website chat tells visitors a person is online while staff use the dashboard.
        staff.addHook('onResponse', async (request) => {
          if (request.staff) await s.webChat.staffSeen().catch(() => {});
        });
        await staff.register(eventsRoutes, { prefix: '/events', events: deps.events });
        await staff.register(companyRoutes, { company: s.company });
        await staff.register(usersRoutes, { users: s.users });
        await staff.register(notificationsRoutes, { notifications: s.notifications });
        await staff.register(employeesRoutes, { employees: s.employees });
        await staff.register(appointmentsRoutes, {
          appointments: s.appointments,
          manageBooking: s.manageBooking,
          schedule: s.schedule,
        });
        await staff.register(chatsRoutes, { chats: s.chats });
        await staff.register(simulatorRoutes, { simulator: s.simulator });
        await staff.register(webChatStaffRoutes, { webChat: s.webChat });
        await staff.register(clientsRoutes, { clients: s.clients });
        await staff.register(privacyRoutes, { privacy: s.privacy });
        await staff.register(subscriptionsRoutes, { subscriptions: s.subscriptions });
        await staff.register(contactsRoutes, { chats: s.chats });
        await staff.register(cannedRepliesRoutes, { cannedReplies: s.cannedReplies });
        await staff.register(timeOffRoutes, { timeOff: s.timeOff });
        await staff.register(servicesRoutes, { services: s.services });
        await staff.register(packsRoutes, { packs: s.packs });
        await staff.register(waitlistStaffRoutes, { waitlist: s.waitlist });
        await staff.register(calendarSyncRoutes, { calendars: s.calendars });
        await staff.register(insightsRoutes, { insights: s.insights });
        await staff.register(teachingRoutes, { teaching: s.teaching });
        await staff.register(backupRoutes, { database: deps.database });
      });
    },
    { prefix: '/api' },
  );
}
