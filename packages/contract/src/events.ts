/** Server-Sent Events pushed on /api/events; each names what changed so the web refetches it. */
export type AppEvent =
  | { type: 'notifications.changed' }
  /** `waiting`: which chats wait for a person may have changed too (a handoff, a reply, a switch). */
  | { type: 'chats.changed'; chatId?: string; waiting?: true }
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
