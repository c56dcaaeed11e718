/** Every route of the app, named once. */
export const paths = {
  login: '/login',
  home: '/',
  dashboard: '/dashboard',
  chat: (id: string) => `/chat/${encodeURIComponent(id)}`,
  employees: '/employees',
  employeeNew: '/employee/new',
  employee: (id: string) => `/employee/${encodeURIComponent(id)}`,
  services: '/services',
  serviceNew: '/services/new',
  service: (id: string) => `/services/${encodeURIComponent(id)}`,
  clients: '/clients',
  clientNew: '/clients/new',
  clientEdit: (id: string) => `/clients/${encodeURIComponent(id)}/edit`,
  client: (id: string) => `/clients/${encodeURIComponent(id)}`,
  subscriptions: '/subscriptions',
  subscriptionNew: '/subscriptions/new',
  subscription: (id: string) => `/subscriptions/${encodeURIComponent(id)}`,
  appointments: '/appointments',
  /** Staff book a client in; `clientId` preselects one (from the client's page). */
  appointmentNew: (clientId?: string) =>
    `/appointments/new${clientId ? `?clientId=${encodeURIComponent(clientId)}` : ''}`,
  appointment: (id: string) => `/appointments/${encodeURIComponent(id)}`,
  /** What the assistant and the team did in a period (`?period=week|30d|custom&from=&to=`). */
  insights: '/insights',
  notifications: '/notifications',
  settings: '/settings',
  /** A section of Settings; Company Settings, the default, is `/settings` itself. */
  settingsSection: (section: string) => (section === 'company' ? '/settings' : `/settings/${section}`),
  /** A professional's booking page; a service, and a day and time of it, may come chosen. */
  /** A professional's booking page; `c` is the chat conversation a booking link came from, passed on. */
  schedule: (
    username: string,
    /** `pack`: the service's pack to open the purchase of (from the business's booking page). */
    chosen?: { service: string; date?: string; time?: string; c?: string | null; pack?: string },
  ) => {
    const params = Object.entries(chosen ?? {}).filter((entry): entry is [string, string] =>
      Boolean(entry[1]),
    );
    const query = params.length ? `?${new URLSearchParams(params)}` : '';
    return `/schedule/${encodeURIComponent(username)}${query}`;
  },
  /** The business's booking page: a service with anyone available. */
  book: '/book',
  subscribe: (username: string, email?: string) =>
    `/subscription/${encodeURIComponent(username)}${email ? `/${encodeURIComponent(email)}` : ''}`,
  /** The customer's private link to their appointment, from the booking email and the reminders. */
  manageBooking: (token: string) => `/booking/${encodeURIComponent(token)}`,
  /** A waitlisted customer's link to a freed place held for them. */
  waitlistOffer: (token: string) => `/waitlist/${encodeURIComponent(token)}`,
  chatSimulator: '/chat-simulator',
  notFound: '/404',
} as const;

/** Route patterns for the router, matching the builders above. */
export const routePatterns = {
  chat: '/chat/:id',
  employee: '/employee/:id',
  service: '/services/:id',
  clientEdit: '/clients/:id/edit',
  client: '/clients/:id',
  subscription: '/subscriptions/:id',
  appointmentNew: '/appointments/new',
  appointment: '/appointments/:id',
  settingsSection: '/settings/:section',
  schedule: '/schedule/:username',
  subscribe: '/subscription/:username',
  subscribeWithEmail: '/subscription/:username/:email',
  manageBooking: '/booking/:token',
  waitlistOffer: '/waitlist/:token',
} as const;
