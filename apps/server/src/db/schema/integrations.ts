import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

/** Webhook deliveries already handled, keyed by the provider's own event id. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export type MailAttachment = { filename: string; contentType: string; content: string };

/** Every email: sent through SMTP when configured, otherwise kept here and written to the log. */
export const mailOutbox = pgTable('mail_outbox', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
  status: text('status', { enum: ['pending', 'sent', 'kept', 'failed'] })
    .notNull()
    .default('pending'),
  error: text('error'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
