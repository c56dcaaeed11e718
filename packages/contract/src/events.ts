/** Server-Sent Events pushed on /api/events; each names what changed so the web refetches it. */
export type AppEvent =
  | { type: 'notifications.changed' }
  | { type: 'chats.changed'; chatId?: string }
  | { type: 'messages.changed'; chatId: string }
  | { type: 'appointments.changed' }
  | { type: 'clients.changed' }
  | { type: 'subscriptions.changed' };

export type AppEventType = AppEvent['type'];
