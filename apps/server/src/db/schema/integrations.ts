import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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

export type StoredCard = { brand: string; last4: string; expMonth: number; expYear: number };

/**
 * The local payment provider's own records, standing in for Stripe's when no keys are set.
 * Kept in the database so every server instance and a restart see the same payments.
 */
export const localPaymentIntents = pgTable('local_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status', {
    enum: ['requires_payment_method', 'requires_action', 'succeeded', 'canceled'],
  }).notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  card: jsonb('card').$type<StoredCard>(),
  lastError: text('last_error'),
  refunded: boolean('refunded').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
