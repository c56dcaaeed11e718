import { z } from 'zod';
import { type ApiRoute, type ApiRoutes, apiRoutes } from './api-routes.ts';
import {
  appointmentListSchema,
  appointmentSchema,
  classRosterSchema,
  createAppointmentSchema,
  listAppointmentsQuerySchema,
  updateAppointmentStatusSchema,
} from './appointments.ts';
import { loginConfigSchema, loginRequestSchema, loginResponseSchema, verifyResponseSchema } from './auth.ts';
import {
  cannedReplyFormSchema,
  cannedReplyListSchema,
  cannedReplySchema,
  cannedReplyVariablesSchema,
} from './canned-replies.ts';
import {
  chatDetailSchema,
  chatListSchema,
  chatSchema,
  contactSchema,
  listChatsQuerySchema,
  messageListSchema,
  messageSchema,
  sendMessageSchema,
  sendTemplateSchema,
  simulatorRequestSchema,
  simulatorResponseSchema,
  unreadChatsSchema,
  updateContactSchema,
  waitingChatsSchema,
  whatsappTemplateListSchema,
} from './chats.ts';
import {
  clientDetailSchema,
  clientFormSchema,
  clientPaymentSchema,
  clientSchema,
  createPaymentSchema,
  listClientsQuerySchema,
} from './clients.ts';
import { idParamsSchema, okBodySchema, pagedSchema } from './common.ts';
import {
  bookingSettingsSchema,
  companySchema,
  updateBookingSettingsSchema,
  updateCompanySchema,
} from './company.ts';
import {
  employeeCalendarFormSchema,
  employeeCalendarListSchema,
  employeeCalendarParamsSchema,
  employeeCalendarSchema,
} from './employee-calendars.ts';
import {
  calendarFeedSchema,
  createEmployeeSchema,
  employeeSchema,
  listEmployeesQuerySchema,
  updateEmployeeSchema,
} from './employees.ts';
import { insightsQuerySchema, insightsReportSchema } from './insights.ts';
import {
  appointmentHistorySchema,
  cancelBookingSchema,
  managedBookingSchema,
  managedBookingSlotsSchema,
  manageTokenParamsSchema,
  rescheduleBookingSchema,
} from './manage-booking.ts';
import {
  listNotificationsQuerySchema,
  markAllReadResponseSchema,
  notificationSchema,
  unreadCountSchema,
} from './notifications.ts';
import {
  clientPackListSchema,
  clientPackParamsSchema,
  clientPackSchema,
  listPacksQuerySchema,
  packBookingResponseSchema,
  packBookingSchema,
  packCheckoutResponseSchema,
  packCheckoutSchema,
  packCheckSchema,
  packCodeConfirmSchema,
  packCodeRequestSchema,
  packCodeSentSchema,
  packFormSchema,
  packLedgerSchema,
  packListSchema,
  packPurchaseResponseSchema,
  packPurchaseSchema,
  packSchema,
  publicPackListSchema,
  publicPacksQuerySchema,
  refundPackSchema,
  sellPackSchema,
} from './packs.ts';
import {
  clientExportSchema,
  eraseClientResultSchema,
  eraseClientSchema,
  listPrivacyRequestsQuerySchema,
  privacyRequestSchema,
} from './privacy.ts';
import {
  anyoneSlotsSchema,
  assignAnyoneSchema,
  assignedProfessionalSchema,
  bookingRequestSchema,
  bookingResponseSchema,
  freeBookingRequestSchema,
  paymentIntentRequestSchema,
  paymentIntentResponseSchema,
  publicScheduleSchema,
  publicServiceListSchema,
  scheduleQuerySchema,
  serviceParamsSchema,
  usernameParamsSchema,
} from './schedule.ts';
import {
  employeeServicesSchema,
  listServicesQuerySchema,
  serviceFormSchema,
  serviceListSchema,
  serviceSchema,
} from './services.ts';
import {
  cancelSubscriptionSchema,
  createSubscriptionSchema,
  listSubscriptionsQuerySchema,
  planListSchema,
  priceResponseSchema,
  subscribeRequestSchema,
  subscribeResponseSchema,
  subscriptionSchema,
} from './subscriptions.ts';
import {
  assistantTestFormSchema,
  assistantTestListSchema,
  assistantTestSchema,
  lessonFormSchema,
  lessonListSchema,
  lessonSavedSchema,
  reviewQueueSchema,
  testRunSchema,
} from './teaching.ts';
import {
  affectedAppointmentSchema,
  businessClosureCreatedSchema,
  businessClosureSchema,
  createBusinessClosureSchema,
  createDateOverrideSchema,
  dateOverrideCreatedSchema,
  dateOverrideSchema,
  overrideParamsSchema,
} from './time-off.ts';
import { changePasswordSchema, profileSchema, updateProfileSchema } from './users.ts';
import {
  classWaitlistSchema,
  confirmOfferSchema,
  fullTimesQuerySchema,
  fullTimesSchema,
  joinedWaitlistSchema,
  joinWaitlistSchema,
  offerPaymentSchema,
  offerTokenParamsSchema,
  waitlistOfferSchema,
} from './waitlist.ts';
import {
  confirmWebChatCodeSchema,
  confirmWebChatPhoneCodeSchema,
  createWebChatSessionSchema,
  localMailMessageSchema,
  localMailQuerySchema,
  localWhatsAppCodeQuerySchema,
  localWhatsAppCodeSchema,
  requestWebChatCodeSchema,
  requestWebChatPhoneCodeSchema,
  sendWebChatMessageSchema,
  updateWebChatSettingsSchema,
  webChatCodeSentSchema,
  webChatConfigQuerySchema,
  webChatConfigSchema,
  webChatConversationSchema,
  webChatExportSchema,
  webChatMessageSchema,
  webChatPhoneVerifiedSchema,
  webChatReplyToRequestSchema,
  webChatReplyToSchema,
  webChatSessionSchema,
  webChatSettingsSchema,
  webChatVerifiedSchema,
} from './web-chat.ts';

export type EndpointSchemas = {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body of the success answer. */
  response: z.ZodType;
  /** The success status, when it is not 200. */
  status?: 201 | 202 | 204;
};

export type Endpoint = ApiRoute & EndpointSchemas;

/** One entry per route of apiRoutes, no more and no fewer, each with that route's method and path. */
type EndpointTable = {
  [Domain in keyof ApiRoutes]: {
    [Name in keyof ApiRoutes[Domain]]: ApiRoutes[Domain][Name] & EndpointSchemas;
  };
};

export const paymentConfigSchema = z.object({
  provider: z.enum(['stripe', 'local']),
  publishableKey: z.string().nullable(),
});

const cardSummarySchema = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
});

/** A test card typed into the local provider's card form. */
export const localCardSchema = z.object({
  number: z.string().max(30),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  cvc: z.string().max(4),
});

/** The local provider's payment, shaped like Stripe's PaymentIntent. */
export const localPaymentIntentSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
  card: cardSummarySchema.nullable(),
});

const clientSecretSchema = z.string().min(1).max(300);

export const endpoints = {
  auth: {
    config: { ...apiRoutes.auth.config, response: loginConfigSchema },
    login: { ...apiRoutes.auth.login, body: loginRequestSchema, response: loginResponseSchema },
    verify: { ...apiRoutes.auth.verify, response: verifyResponseSchema },
    logout: { ...apiRoutes.auth.logout, response: okBodySchema },
  },
  schedule: {
    get: {
      ...apiRoutes.schedule.get,
      params: usernameParamsSchema,
      query: scheduleQuerySchema,
      response: publicScheduleSchema,
    },
    book: { ...apiRoutes.schedule.book, body: bookingRequestSchema, response: bookingResponseSchema },
    bookFree: {
      ...apiRoutes.schedule.bookFree,
      body: freeBookingRequestSchema,
      response: bookingResponseSchema,
    },
    services: { ...apiRoutes.schedule.services, response: publicServiceListSchema },
    anyoneSlots: {
      ...apiRoutes.schedule.anyoneSlots,
      params: serviceParamsSchema,
      response: anyoneSlotsSchema,
    },
    assignAnyone: {
      ...apiRoutes.schedule.assignAnyone,
      params: serviceParamsSchema,
      body: assignAnyoneSchema,
      response: assignedProfessionalSchema,
    },
  },
  payments: {
    config: { ...apiRoutes.payments.config, response: paymentConfigSchema },
    price: {
      ...apiRoutes.payments.price,
      params: z.object({ id: z.string().min(1).max(200) }),
      response: priceResponseSchema,
    },
    subscribe: {
      ...apiRoutes.payments.subscribe,
      body: subscribeRequestSchema,
      response: subscribeResponseSchema,
    },
    intent: {
      ...apiRoutes.payments.intent,
      body: paymentIntentRequestSchema,
      response: paymentIntentResponseSchema,
    },
  },
  publicPacks: {
    list: { ...apiRoutes.publicPacks.list, query: publicPacksQuerySchema, response: publicPackListSchema },
    checkout: {
      ...apiRoutes.publicPacks.checkout,
      body: packCheckoutSchema,
      response: packCheckoutResponseSchema,
    },
    purchase: {
      ...apiRoutes.publicPacks.purchase,
      body: packPurchaseSchema,
      response: packPurchaseResponseSchema,
    },
    requestCode: {
      ...apiRoutes.publicPacks.requestCode,
      body: packCodeRequestSchema,
      response: packCodeSentSchema,
    },
    confirmCode: {
      ...apiRoutes.publicPacks.confirmCode,
      body: packCodeConfirmSchema,
      response: packCheckSchema,
    },
    book: { ...apiRoutes.publicPacks.book, body: packBookingSchema, response: packBookingResponseSchema },
  },
  waitlist: {
    fullTimes: { ...apiRoutes.waitlist.fullTimes, query: fullTimesQuerySchema, response: fullTimesSchema },
    join: {
      ...apiRoutes.waitlist.join,
      body: joinWaitlistSchema,
      response: joinedWaitlistSchema,
      status: 201,
    },
    offer: { ...apiRoutes.waitlist.offer, params: offerTokenParamsSchema, response: waitlistOfferSchema },
    pay: { ...apiRoutes.waitlist.pay, params: offerTokenParamsSchema, response: offerPaymentSchema },
    confirm: {
      ...apiRoutes.waitlist.confirm,
      params: offerTokenParamsSchema,
      body: confirmOfferSchema,
      response: waitlistOfferSchema,
    },
    decline: { ...apiRoutes.waitlist.decline, params: offerTokenParamsSchema, response: waitlistOfferSchema },
  },
  localPayments: {
    createPaymentMethod: {
      ...apiRoutes.localPayments.createPaymentMethod,
      body: z.object({ card: localCardSchema }),
      response: z.object({ id: z.string(), card: cardSummarySchema }),
    },
    confirm: {
      ...apiRoutes.localPayments.confirm,
      body: z.object({ clientSecret: clientSecretSchema, card: localCardSchema }),
      response: localPaymentIntentSchema,
    },
    authenticate: {
      ...apiRoutes.localPayments.authenticate,
      body: z.object({ clientSecret: clientSecretSchema, approve: z.boolean() }),
      response: localPaymentIntentSchema,
    },
  },
  simulator: {
    send: { ...apiRoutes.simulator.send, body: simulatorRequestSchema, response: simulatorResponseSchema },
  },
  webChat: {
    settings: { ...apiRoutes.webChat.settings, response: webChatSettingsSchema },
    updateSettings: {
      ...apiRoutes.webChat.updateSettings,
      body: updateWebChatSettingsSchema,
      response: webChatSettingsSchema,
    },
    config: { ...apiRoutes.webChat.config, query: webChatConfigQuerySchema, response: webChatConfigSchema },
    createSession: {
      ...apiRoutes.webChat.createSession,
      body: createWebChatSessionSchema,
      response: webChatSessionSchema,
      status: 201,
    },
    conversation: { ...apiRoutes.webChat.conversation, response: webChatConversationSchema },
    send: {
      ...apiRoutes.webChat.send,
      body: sendWebChatMessageSchema,
      response: webChatMessageSchema,
      status: 201,
    },
    /** Server-Sent Events (see WEB_CHAT_STREAM_EVENTS), not JSON. */
    stream: { ...apiRoutes.webChat.stream, response: z.string() },
    requestCode: {
      ...apiRoutes.webChat.requestCode,
      body: requestWebChatCodeSchema,
      response: webChatCodeSentSchema,
      status: 202,
    },
    confirmCode: {
      ...apiRoutes.webChat.confirmCode,
      body: confirmWebChatCodeSchema,
      response: webChatVerifiedSchema,
    },
    requestPhoneCode: {
      ...apiRoutes.webChat.requestPhoneCode,
      body: requestWebChatPhoneCodeSchema,
      response: webChatCodeSentSchema,
      status: 202,
    },
    confirmPhoneCode: {
      ...apiRoutes.webChat.confirmPhoneCode,
      body: confirmWebChatPhoneCodeSchema,
      response: webChatPhoneVerifiedSchema,
    },
    replyTo: {
      ...apiRoutes.webChat.replyTo,
      body: webChatReplyToRequestSchema,
      response: webChatReplyToSchema,
    },
    /** A JSON download (Content-Disposition: attachment). */
    export: { ...apiRoutes.webChat.export, response: webChatExportSchema },
    remove: { ...apiRoutes.webChat.remove, response: z.null(), status: 204 },
  },
  localMail: {
    latest: { ...apiRoutes.localMail.latest, query: localMailQuerySchema, response: localMailMessageSchema },
    whatsappCode: {
      ...apiRoutes.localMail.whatsappCode,
      query: localWhatsAppCodeQuerySchema,
      response: localWhatsAppCodeSchema,
    },
  },
  company: {
    get: { ...apiRoutes.company.get, response: companySchema },
    update: { ...apiRoutes.company.update, body: updateCompanySchema, response: companySchema },
    bookingSettings: { ...apiRoutes.company.bookingSettings, response: bookingSettingsSchema },
    updateBookingSettings: {
      ...apiRoutes.company.updateBookingSettings,
      body: updateBookingSettingsSchema,
      response: bookingSettingsSchema,
    },
  },
  users: {
    profile: { ...apiRoutes.users.profile, response: profileSchema },
    updateProfile: { ...apiRoutes.users.updateProfile, body: updateProfileSchema, response: profileSchema },
    changePassword: { ...apiRoutes.users.changePassword, body: changePasswordSchema, response: okBodySchema },
  },
  notifications: {
    list: {
      ...apiRoutes.notifications.list,
      query: listNotificationsQuerySchema,
      response: pagedSchema(notificationSchema),
    },
    unreadCount: { ...apiRoutes.notifications.unreadCount, response: unreadCountSchema },
    markAllRead: { ...apiRoutes.notifications.markAllRead, response: markAllReadResponseSchema },
    markRead: { ...apiRoutes.notifications.markRead, params: idParamsSchema, response: notificationSchema },
    markSolved: {
      ...apiRoutes.notifications.markSolved,
      params: idParamsSchema,
      response: notificationSchema,
    },
    remove: { ...apiRoutes.notifications.remove, params: idParamsSchema, response: okBodySchema },
    restore: { ...apiRoutes.notifications.restore, params: idParamsSchema, response: notificationSchema },
  },
  employees: {
    list: {
      ...apiRoutes.employees.list,
      query: listEmployeesQuerySchema,
      response: pagedSchema(employeeSchema),
    },
    get: { ...apiRoutes.employees.get, params: idParamsSchema, response: employeeSchema },
    create: {
      ...apiRoutes.employees.create,
      body: createEmployeeSchema,
      response: employeeSchema,
      status: 201,
    },
    update: {
      ...apiRoutes.employees.update,
      params: idParamsSchema,
      body: updateEmployeeSchema,
      response: employeeSchema,
    },
    remove: { ...apiRoutes.employees.remove, params: idParamsSchema, response: okBodySchema },
    calendarFeed: {
      ...apiRoutes.employees.calendarFeed,
      params: idParamsSchema,
      response: calendarFeedSchema,
    },
    regenerateCalendarFeed: {
      ...apiRoutes.employees.regenerateCalendarFeed,
      params: idParamsSchema,
      response: calendarFeedSchema,
    },
  },
  timeOff: {
    dateOverrides: {
      ...apiRoutes.timeOff.dateOverrides,
      params: idParamsSchema,
      response: z.array(dateOverrideSchema),
    },
    createDateOverride: {
      ...apiRoutes.timeOff.createDateOverride,
      params: idParamsSchema,
      body: createDateOverrideSchema,
      response: dateOverrideCreatedSchema,
      status: 201,
    },
    dateOverrideAffected: {
      ...apiRoutes.timeOff.dateOverrideAffected,
      params: overrideParamsSchema,
      response: z.array(affectedAppointmentSchema),
    },
    removeDateOverride: {
      ...apiRoutes.timeOff.removeDateOverride,
      params: overrideParamsSchema,
      response: okBodySchema,
    },
    closures: { ...apiRoutes.timeOff.closures, response: z.array(businessClosureSchema) },
    createClosure: {
      ...apiRoutes.timeOff.createClosure,
      body: createBusinessClosureSchema,
      response: businessClosureCreatedSchema,
      status: 201,
    },
    closureAffected: {
      ...apiRoutes.timeOff.closureAffected,
      params: idParamsSchema,
      response: z.array(affectedAppointmentSchema),
    },
    removeClosure: { ...apiRoutes.timeOff.removeClosure, params: idParamsSchema, response: okBodySchema },
  },
  appointments: {
    list: {
      ...apiRoutes.appointments.list,
      query: listAppointmentsQuerySchema,
      response: appointmentListSchema,
    },
    get: { ...apiRoutes.appointments.get, params: idParamsSchema, response: appointmentSchema },
    create: {
      ...apiRoutes.appointments.create,
      body: createAppointmentSchema,
      response: appointmentSchema,
      status: 201,
    },
    setStatus: {
      ...apiRoutes.appointments.setStatus,
      params: idParamsSchema,
      body: updateAppointmentStatusSchema,
      response: appointmentSchema,
    },
    history: {
      ...apiRoutes.appointments.history,
      params: idParamsSchema,
      response: appointmentHistorySchema,
    },
    /** Where staff may move it: its employee's open times, as the customer's page offers them. */
    slots: { ...apiRoutes.appointments.slots, params: idParamsSchema, response: managedBookingSlotsSchema },
    reschedule: {
      ...apiRoutes.appointments.reschedule,
      params: idParamsSchema,
      body: rescheduleBookingSchema,
      response: appointmentSchema,
    },
    remove: { ...apiRoutes.appointments.remove, params: idParamsSchema, response: okBodySchema },
    /** The class time's clients when it is a class's seat (decision 024). */
    roster: { ...apiRoutes.appointments.roster, params: idParamsSchema, response: classRosterSchema },
    /** Cancels every seat of its class time: each refunded or its session returned, each client told. */
    cancelClass: {
      ...apiRoutes.appointments.cancelClass,
      params: idParamsSchema,
      response: classRosterSchema,
    },
    /** The class time's waitlist, first in line first (empty for an appointment that is no seat). */
    waitlist: { ...apiRoutes.appointments.waitlist, params: idParamsSchema, response: classWaitlistSchema },
  },
  manageBooking: {
    get: { ...apiRoutes.manageBooking.get, params: manageTokenParamsSchema, response: managedBookingSchema },
    slots: {
      ...apiRoutes.manageBooking.slots,
      params: manageTokenParamsSchema,
      response: managedBookingSlotsSchema,
    },
    cancel: {
      ...apiRoutes.manageBooking.cancel,
      params: manageTokenParamsSchema,
      body: cancelBookingSchema,
      response: managedBookingSchema,
    },
    reschedule: {
      ...apiRoutes.manageBooking.reschedule,
      params: manageTokenParamsSchema,
      body: rescheduleBookingSchema,
      response: managedBookingSchema,
    },
  },
  chats: {
    list: { ...apiRoutes.chats.list, query: listChatsQuerySchema, response: chatListSchema },
    templates: { ...apiRoutes.chats.templates, response: whatsappTemplateListSchema },
    waiting: { ...apiRoutes.chats.waiting, response: waitingChatsSchema },
    unread: { ...apiRoutes.chats.unread, response: unreadChatsSchema },
    get: { ...apiRoutes.chats.get, params: idParamsSchema, response: chatDetailSchema },
    messages: { ...apiRoutes.chats.messages, params: idParamsSchema, response: messageListSchema },
    send: {
      ...apiRoutes.chats.send,
      params: idParamsSchema,
      body: sendMessageSchema,
      response: messageSchema,
    },
    sendTemplate: {
      ...apiRoutes.chats.sendTemplate,
      params: idParamsSchema,
      body: sendTemplateSchema,
      response: messageSchema,
    },
    markRead: {
      ...apiRoutes.chats.markRead,
      params: idParamsSchema,
      response: z.object({ updated: z.number().int() }),
    },
    toggleAi: { ...apiRoutes.chats.toggleAi, params: idParamsSchema, response: chatSchema },
    remove: { ...apiRoutes.chats.remove, params: idParamsSchema, response: okBodySchema },
  },
  contacts: {
    get: { ...apiRoutes.contacts.get, params: idParamsSchema, response: contactSchema },
    update: {
      ...apiRoutes.contacts.update,
      params: idParamsSchema,
      body: updateContactSchema,
      response: contactSchema,
    },
  },
  clients: {
    list: { ...apiRoutes.clients.list, query: listClientsQuerySchema, response: pagedSchema(clientSchema) },
    get: { ...apiRoutes.clients.get, params: idParamsSchema, response: clientDetailSchema },
    create: { ...apiRoutes.clients.create, body: clientFormSchema, response: clientSchema, status: 201 },
    update: {
      ...apiRoutes.clients.update,
      params: idParamsSchema,
      body: clientFormSchema,
      response: clientSchema,
    },
    remove: { ...apiRoutes.clients.remove, params: idParamsSchema, response: okBodySchema },
    recordPayment: {
      ...apiRoutes.clients.recordPayment,
      params: idParamsSchema,
      body: createPaymentSchema,
      response: clientPaymentSchema,
      status: 201,
    },
  },
  privacy: {
    exportClient: { ...apiRoutes.privacy.exportClient, params: idParamsSchema, response: clientExportSchema },
    eraseClient: {
      ...apiRoutes.privacy.eraseClient,
      params: idParamsSchema,
      body: eraseClientSchema,
      response: eraseClientResultSchema,
    },
    requests: {
      ...apiRoutes.privacy.requests,
      query: listPrivacyRequestsQuerySchema,
      response: pagedSchema(privacyRequestSchema),
    },
  },
  subscriptions: {
    list: {
      ...apiRoutes.subscriptions.list,
      query: listSubscriptionsQuerySchema,
      response: pagedSchema(subscriptionSchema),
    },
    plans: { ...apiRoutes.subscriptions.plans, response: planListSchema },
    get: { ...apiRoutes.subscriptions.get, params: idParamsSchema, response: subscriptionSchema },
    create: {
      ...apiRoutes.subscriptions.create,
      body: createSubscriptionSchema,
      response: subscriptionSchema,
      status: 201,
    },
    cancel: {
      ...apiRoutes.subscriptions.cancel,
      params: idParamsSchema,
      body: cancelSubscriptionSchema,
      response: subscriptionSchema,
    },
  },
  services: {
    list: { ...apiRoutes.services.list, query: listServicesQuerySchema, response: serviceListSchema },
    create: { ...apiRoutes.services.create, body: serviceFormSchema, response: serviceSchema, status: 201 },
    update: {
      ...apiRoutes.services.update,
      params: idParamsSchema,
      body: serviceFormSchema,
      response: serviceSchema,
    },
    archive: { ...apiRoutes.services.archive, params: idParamsSchema, response: serviceSchema },
    restore: { ...apiRoutes.services.restore, params: idParamsSchema, response: serviceSchema },
    setDefault: { ...apiRoutes.services.setDefault, params: idParamsSchema, response: serviceSchema },
    ofEmployee: {
      ...apiRoutes.services.ofEmployee,
      params: idParamsSchema,
      response: employeeServicesSchema,
    },
    setOfEmployee: {
      ...apiRoutes.services.setOfEmployee,
      params: idParamsSchema,
      body: employeeServicesSchema,
      response: employeeServicesSchema,
    },
  },
  packs: {
    list: { ...apiRoutes.packs.list, query: listPacksQuerySchema, response: packListSchema },
    create: { ...apiRoutes.packs.create, body: packFormSchema, response: packSchema, status: 201 },
    update: { ...apiRoutes.packs.update, params: idParamsSchema, body: packFormSchema, response: packSchema },
    archive: { ...apiRoutes.packs.archive, params: idParamsSchema, response: packSchema },
    restore: { ...apiRoutes.packs.restore, params: idParamsSchema, response: packSchema },
    ofClient: { ...apiRoutes.packs.ofClient, params: idParamsSchema, response: clientPackListSchema },
    sell: {
      ...apiRoutes.packs.sell,
      params: idParamsSchema,
      body: sellPackSchema,
      response: clientPackSchema,
      status: 201,
    },
    ledger: { ...apiRoutes.packs.ledger, params: clientPackParamsSchema, response: packLedgerSchema },
    refund: {
      ...apiRoutes.packs.refund,
      params: clientPackParamsSchema,
      body: refundPackSchema,
      response: clientPackSchema,
    },
  },
  employeeCalendars: {
    list: {
      ...apiRoutes.employeeCalendars.list,
      params: idParamsSchema,
      response: employeeCalendarListSchema,
    },
    add: {
      ...apiRoutes.employeeCalendars.add,
      params: idParamsSchema,
      body: employeeCalendarFormSchema,
      response: employeeCalendarSchema,
      status: 201,
    },
    refresh: {
      ...apiRoutes.employeeCalendars.refresh,
      params: employeeCalendarParamsSchema,
      response: employeeCalendarSchema,
    },
    remove: {
      ...apiRoutes.employeeCalendars.remove,
      params: employeeCalendarParamsSchema,
      response: okBodySchema,
    },
  },
  cannedReplies: {
    list: { ...apiRoutes.cannedReplies.list, response: cannedReplyListSchema },
    create: {
      ...apiRoutes.cannedReplies.create,
      body: cannedReplyFormSchema,
      response: cannedReplySchema,
      status: 201,
    },
    update: {
      ...apiRoutes.cannedReplies.update,
      params: idParamsSchema,
      body: cannedReplyFormSchema,
      response: cannedReplySchema,
    },
    remove: { ...apiRoutes.cannedReplies.remove, params: idParamsSchema, response: okBodySchema },
    restore: { ...apiRoutes.cannedReplies.restore, params: idParamsSchema, response: cannedReplySchema },
    variables: {
      ...apiRoutes.cannedReplies.variables,
      params: idParamsSchema,
      response: cannedReplyVariablesSchema,
    },
  },
  insights: {
    report: { ...apiRoutes.insights.report, query: insightsQuerySchema, response: insightsReportSchema },
  },
  teaching: {
    reviewQueue: { ...apiRoutes.teaching.reviewQueue, response: reviewQueueSchema },
    dismissReview: { ...apiRoutes.teaching.dismissReview, params: idParamsSchema, response: okBodySchema },
    lessons: { ...apiRoutes.teaching.lessons, response: lessonListSchema },
    createLesson: {
      ...apiRoutes.teaching.createLesson,
      body: lessonFormSchema,
      response: lessonSavedSchema,
      status: 201,
    },
    updateLesson: {
      ...apiRoutes.teaching.updateLesson,
      params: idParamsSchema,
      body: lessonFormSchema,
      response: lessonSavedSchema,
    },
    removeLesson: { ...apiRoutes.teaching.removeLesson, params: idParamsSchema, response: okBodySchema },
    tests: { ...apiRoutes.teaching.tests, response: assistantTestListSchema },
    createTest: {
      ...apiRoutes.teaching.createTest,
      body: assistantTestFormSchema,
      response: assistantTestSchema,
      status: 201,
    },
    updateTest: {
      ...apiRoutes.teaching.updateTest,
      params: idParamsSchema,
      body: assistantTestFormSchema,
      response: assistantTestSchema,
    },
    removeTest: { ...apiRoutes.teaching.removeTest, params: idParamsSchema, response: okBodySchema },
    runTests: { ...apiRoutes.teaching.runTests, response: testRunSchema },
  },
} satisfies EndpointTable;

type Endpoints = typeof endpoints;

/** Every endpoint of the table, as one union. */
type AnyEndpoint = {
  [Domain in keyof Endpoints]: Endpoints[Domain][keyof Endpoints[Domain]];
}[keyof Endpoints];

/** The endpoint of a route of apiRoutes (an endpoint names itself). */
export type EndpointOf<R extends ApiRoute> = Extract<AnyEndpoint, { method: R['method']; path: R['path'] }>;

type InputOf<E, Part extends 'params' | 'query' | 'body'> = E extends {
  [P in Part]: infer S extends z.ZodType;
}
  ? z.input<S>
  : undefined;

/** How a query field is written in the URL: booleans and numbers go as text. */
type QueryField<T> = T extends 'true' | 'false' ? boolean | T : unknown extends T ? number | string : T;

type UrlQuery<Q> = Q extends object ? { [K in keyof Q]: QueryField<Q[K]> } : undefined;

export type EndpointParams<R extends ApiRoute> = InputOf<EndpointOf<R>, 'params'>;
export type EndpointQuery<R extends ApiRoute> = UrlQuery<InputOf<EndpointOf<R>, 'query'>>;
export type EndpointBody<R extends ApiRoute> = InputOf<EndpointOf<R>, 'body'>;
export type EndpointResponse<R extends ApiRoute> = z.output<EndpointOf<R>['response']>;
