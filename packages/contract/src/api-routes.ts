export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One endpoint of the API: its path is relative to `/api`, with `:name` for each path parameter. */
export type ApiRoute = { readonly method: HttpMethod; readonly path: string };

/**
 * Every endpoint's method and path, once. Zod-free, so public pages can call the API through it;
 * the schemas of each endpoint are in endpoints.ts.
 */
export const apiRoutes = {
  auth: {
    config: { method: 'GET', path: '/auth/config' },
    login: { method: 'POST', path: '/auth/login' },
    verify: { method: 'GET', path: '/auth/verify' },
    logout: { method: 'POST', path: '/auth/logout' },
  },
  schedule: {
    get: { method: 'GET', path: '/schedule/:username' },
    book: { method: 'POST', path: '/schedule/book' },
    bookFree: { method: 'POST', path: '/schedule/book-free' },
    services: { method: 'GET', path: '/book/services' },
    anyoneSlots: { method: 'GET', path: '/book/services/:id/slots' },
    assignAnyone: { method: 'POST', path: '/book/services/:id/assign' },
  },
  payments: {
    config: { method: 'GET', path: '/payments/config' },
    price: { method: 'GET', path: '/payments/price/:id' },
    subscribe: { method: 'POST', path: '/payments/subscription' },
    intent: { method: 'POST', path: '/payments/intent' },
  },
  /** The booking page's packs: listed per service, bought through the payment provider. */
  publicPacks: {
    list: { method: 'GET', path: '/book/packs' },
    checkout: { method: 'POST', path: '/book/packs/checkout' },
    purchase: { method: 'POST', path: '/book/packs/purchase' },
    requestCode: { method: 'POST', path: '/book/packs/code' },
    confirmCode: { method: 'POST', path: '/book/packs/code/confirm' },
    book: { method: 'POST', path: '/book/packs/book' },
  },
  /** A full class time's waitlist: joined on the booking page, offered places taken or declined by link. */
  waitlist: {
    fullTimes: { method: 'GET', path: '/book/waitlist/full-times' },
    join: { method: 'POST', path: '/book/waitlist' },
    offer: { method: 'GET', path: '/waitlist/:token' },
    pay: { method: 'POST', path: '/waitlist/:token/payment' },
    confirm: { method: 'POST', path: '/waitlist/:token/confirm' },
    decline: { method: 'POST', path: '/waitlist/:token/decline' },
  },
  localPayments: {
    createPaymentMethod: { method: 'POST', path: '/payments/local/payment-methods' },
    confirm: { method: 'POST', path: '/payments/local/confirm' },
    authenticate: { method: 'POST', path: '/payments/local/authenticate' },
  },
  simulator: {
    send: { method: 'POST', path: '/chats/simulator' },
  },
  /** Settings are staff routes; the rest are the visitor's (session in the X-Web-Chat-Session header). */
  webChat: {
    settings: { method: 'GET', path: '/web-chat/settings' },
    updateSettings: { method: 'PUT', path: '/web-chat/settings' },
    config: { method: 'GET', path: '/web-chat/config' },
    createSession: { method: 'POST', path: '/web-chat/sessions' },
    conversation: { method: 'GET', path: '/web-chat/conversation' },
    send: { method: 'POST', path: '/web-chat/messages' },
    stream: { method: 'GET', path: '/web-chat/stream' },
    requestCode: { method: 'POST', path: '/web-chat/verification' },
    confirmCode: { method: 'POST', path: '/web-chat/verification/confirm' },
    requestPhoneCode: { method: 'POST', path: '/web-chat/phone-verification' },
    confirmPhoneCode: { method: 'POST', path: '/web-chat/phone-verification/confirm' },
    replyTo: { method: 'PUT', path: '/web-chat/reply-to' },
    export: { method: 'GET', path: '/web-chat/export' },
    remove: { method: 'DELETE', path: '/web-chat/conversation' },
  },
  /** Only while no SMTP server is configured and not in production: the mail a local install would have sent. */
  localMail: {
    latest: { method: 'GET', path: '/mail/local/latest' },
    /** The last one-time code the local WhatsApp stand-in "sent" to a number (?to=digits). */
    whatsappCode: { method: 'GET', path: '/mail/local/whatsapp-code' },
  },
  company: {
    get: { method: 'GET', path: '/company' },
    update: { method: 'PUT', path: '/company' },
    bookingSettings: { method: 'GET', path: '/company/booking-settings' },
    updateBookingSettings: { method: 'PUT', path: '/company/booking-settings' },
  },
  users: {
    profile: { method: 'GET', path: '/users/profile' },
    updateProfile: { method: 'PUT', path: '/users/profile' },
    changePassword: { method: 'PUT', path: '/users/password' },
  },
  notifications: {
    list: { method: 'GET', path: '/notifications' },
    unreadCount: { method: 'GET', path: '/notifications/unread-count' },
    markAllRead: { method: 'POST', path: '/notifications/mark-all-read' },
    markRead: { method: 'POST', path: '/notifications/:id/read' },
    markSolved: { method: 'POST', path: '/notifications/:id/solve' },
    remove: { method: 'DELETE', path: '/notifications/:id' },
    restore: { method: 'POST', path: '/notifications/:id/restore' },
  },
  employees: {
    list: { method: 'GET', path: '/employees' },
    get: { method: 'GET', path: '/employees/:id' },
    create: { method: 'POST', path: '/employees' },
    update: { method: 'PUT', path: '/employees/:id' },
    remove: { method: 'DELETE', path: '/employees/:id' },
    calendarFeed: { method: 'GET', path: '/employees/:id/calendar-feed' },
    regenerateCalendarFeed: { method: 'POST', path: '/employees/:id/calendar-feed/regenerate' },
  },
  timeOff: {
    dateOverrides: { method: 'GET', path: '/employees/:id/date-overrides' },
    createDateOverride: { method: 'POST', path: '/employees/:id/date-overrides' },
    dateOverrideAffected: {
      method: 'GET',
      path: '/employees/:id/date-overrides/:overrideId/affected-appointments',
    },
    removeDateOverride: { method: 'DELETE', path: '/employees/:id/date-overrides/:overrideId' },
    closures: { method: 'GET', path: '/company/closures' },
    createClosure: { method: 'POST', path: '/company/closures' },
    closureAffected: { method: 'GET', path: '/company/closures/:id/affected-appointments' },
    removeClosure: { method: 'DELETE', path: '/company/closures/:id' },
  },
  appointments: {
    list: { method: 'GET', path: '/appointments' },
    get: { method: 'GET', path: '/appointments/:id' },
    create: { method: 'POST', path: '/appointments' },
    setStatus: { method: 'PATCH', path: '/appointments/:id/status' },
    history: { method: 'GET', path: '/appointments/:id/history' },
    slots: { method: 'GET', path: '/appointments/:id/slots' },
    reschedule: { method: 'POST', path: '/appointments/:id/reschedule' },
    remove: { method: 'DELETE', path: '/appointments/:id' },
    roster: { method: 'GET', path: '/appointments/:id/roster' },
    cancelClass: { method: 'POST', path: '/appointments/:id/cancel-class' },
    waitlist: { method: 'GET', path: '/appointments/:id/waitlist' },
  },
  manageBooking: {
    get: { method: 'GET', path: '/booking/:token' },
    slots: { method: 'GET', path: '/booking/:token/slots' },
    cancel: { method: 'POST', path: '/booking/:token/cancel' },
    reschedule: { method: 'POST', path: '/booking/:token/reschedule' },
  },
  chats: {
    list: { method: 'GET', path: '/chats' },
    templates: { method: 'GET', path: '/chats/templates' },
    waiting: { method: 'GET', path: '/chats/waiting' },
    unread: { method: 'GET', path: '/chats/unread' },
    get: { method: 'GET', path: '/chats/:id' },
    messages: { method: 'GET', path: '/chats/:id/messages' },
    send: { method: 'POST', path: '/chats/:id/messages' },
    sendTemplate: { method: 'POST', path: '/chats/:id/templates' },
    markRead: { method: 'POST', path: '/chats/:id/read' },
    toggleAi: { method: 'PUT', path: '/chats/:id/toggle-ai' },
    remove: { method: 'DELETE', path: '/chats/:id' },
  },
  contacts: {
    get: { method: 'GET', path: '/contacts/:id' },
    update: { method: 'PUT', path: '/contacts/:id' },
  },
  clients: {
    list: { method: 'GET', path: '/clients' },
    get: { method: 'GET', path: '/clients/:id' },
    create: { method: 'POST', path: '/clients' },
    update: { method: 'PUT', path: '/clients/:id' },
    remove: { method: 'DELETE', path: '/clients/:id' },
    recordPayment: { method: 'POST', path: '/clients/:id/payments' },
  },
  privacy: {
    exportClient: { method: 'GET', path: '/clients/:id/export' },
    eraseClient: { method: 'POST', path: '/clients/:id/erase' },
    requests: { method: 'GET', path: '/privacy-requests' },
  },
  subscriptions: {
    list: { method: 'GET', path: '/subscriptions' },
    plans: { method: 'GET', path: '/subscriptions/plans' },
    get: { method: 'GET', path: '/subscriptions/:id' },
    create: { method: 'POST', path: '/subscriptions' },
    cancel: { method: 'POST', path: '/subscriptions/:id/cancel' },
  },
  services: {
    list: { method: 'GET', path: '/services' },
    create: { method: 'POST', path: '/services' },
    update: { method: 'PUT', path: '/services/:id' },
    archive: { method: 'POST', path: '/services/:id/archive' },
    restore: { method: 'POST', path: '/services/:id/restore' },
    setDefault: { method: 'POST', path: '/services/:id/default' },
    ofEmployee: { method: 'GET', path: '/employees/:id/services' },
    setOfEmployee: { method: 'PUT', path: '/employees/:id/services' },
  },
  packs: {
    list: { method: 'GET', path: '/packs' },
    create: { method: 'POST', path: '/packs' },
    update: { method: 'PUT', path: '/packs/:id' },
    archive: { method: 'POST', path: '/packs/:id/archive' },
    restore: { method: 'POST', path: '/packs/:id/restore' },
    ofClient: { method: 'GET', path: '/clients/:id/packs' },
    sell: { method: 'POST', path: '/clients/:id/packs' },
    ledger: { method: 'GET', path: '/clients/:id/packs/:clientPackId/ledger' },
    refund: { method: 'POST', path: '/clients/:id/packs/:clientPackId/refund' },
  },
  employeeCalendars: {
    list: { method: 'GET', path: '/employees/:id/calendars' },
    add: { method: 'POST', path: '/employees/:id/calendars' },
    refresh: { method: 'POST', path: '/employees/:id/calendars/:calendarId/refresh' },
    remove: { method: 'DELETE', path: '/employees/:id/calendars/:calendarId' },
  },
  cannedReplies: {
    list: { method: 'GET', path: '/canned-replies' },
    create: { method: 'POST', path: '/canned-replies' },
    update: { method: 'PUT', path: '/canned-replies/:id' },
    remove: { method: 'DELETE', path: '/canned-replies/:id' },
    restore: { method: 'POST', path: '/canned-replies/:id/restore' },
    variables: { method: 'GET', path: '/chats/:id/canned-reply-variables' },
  },
  insights: {
    report: { method: 'GET', path: '/insights' },
  },
  teaching: {
    reviewQueue: { method: 'GET', path: '/assistant/review' },
    dismissReview: { method: 'POST', path: '/assistant/review/:id/dismiss' },
    lessons: { method: 'GET', path: '/assistant/lessons' },
    createLesson: { method: 'POST', path: '/assistant/lessons' },
    updateLesson: { method: 'PUT', path: '/assistant/lessons/:id' },
    removeLesson: { method: 'DELETE', path: '/assistant/lessons/:id' },
    tests: { method: 'GET', path: '/assistant/tests' },
    createTest: { method: 'POST', path: '/assistant/tests' },
    updateTest: { method: 'PUT', path: '/assistant/tests/:id' },
    removeTest: { method: 'DELETE', path: '/assistant/tests/:id' },
    runTests: { method: 'POST', path: '/assistant/tests/run' },
  },
} as const satisfies Record<string, Record<string, ApiRoute>>;

export type ApiRoutes = typeof apiRoutes;
