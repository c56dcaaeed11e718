/** Server-Sent Events pushed on /api/events; each names what changed so the web refetches it. */
export type AppEvent =
  | { type: 'notifications.changed' }
  | { type: 'chats.changed'; chatId?: string }
  | { type: 'messages.changed'; chatId: string }
  | { type: 'appointments.changed' }
  | { type: 'clients.changed' }
  | { type: 'subscriptions.changed' }
  /**
   * The server's own feed of changes was interrupted (a database outage) and is back: events of
   * that time are lost, so refetch everything shown.
   */
  | { type: 'resync' };

export type AppEventType = AppEvent['type'];
