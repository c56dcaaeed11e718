import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    /**
     * pending: waiting for a delivery; sending: a delivery claimed it at `attempted_at` (a lease a
     * crashed delivery loses after a few minutes); sent / kept (no SMTP: logged); failed: given up.
     */
    status: text('status', { enum: ['pending', 'sending', 'sent', 'kept', 'failed'] })
      .notNull()
      .default('pending'),
    /** The latest delivery's claim; null until a delivery first ran (what the recovery sweep looks for). */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  // What the recovery sweep reads: the few messages not yet delivered, never the whole outbox.
  (t) => [
    index('mail_outbox_undelivered_idx').on(t.createdAt).where(sql`${t.status} in ('pending', 'sending')`),
  ],
);

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
  /** Fully refunded (Stripe's charge `refunded`). */
  refunded: boolean('refunded').notNull().default(false),
  /** Minor units given back so far: part of it for a partial refund, all of it for a whole one. */
  amountRefunded: integer('amount_refunded').notNull().default(0),
  /**
   * The partial refunds made, by their idempotency key: a key refunds once (across restarts and
   * instances, as Stripe's), and the refund made with a key can be looked up (`findRefund`).
   */
  refunds: jsonb('refunds').$type<Record<string, number>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The local provider's saved cards: what a Stripe PaymentMethod is to Stripe. */
export const localPaymentMethods = pgTable('local_payment_methods', {
  id: text('id').primaryKey(),
  card: jsonb('card').$type<StoredCard>().notNull(),
  /** How charges to this card behave: Stripe's test-card outcomes. */
  behaviour: text('behaviour', { enum: ['succeeds', 'declined', 'authentication'] }).notNull(),
  createdAt: createdAt(),
});

/** The local provider's subscriptions: what a Stripe Subscription is to Stripe. */
export const localSubscriptions = pgTable('local_subscriptions', {
  id: text('id').primaryKey(),
  customerEmail: text('customer_email'),
  paymentMethodId: text('payment_method_id').notNull(),
  productName: text('product_name').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  interval: text('interval', { enum: ['day', 'week', 'month', 'year'] }).notNull(),
  status: text('status', {
    enum: ['active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete'],
  }).notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  canceledAt: timestamp('canceled_at', { withTimezone: true }),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  /** The first invoice's payment while it waits for the cardholder's security check. */
  pendingPaymentIntentId: text('pending_payment_intent_id'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
});

/**
 * How each scheduled task (jobs/schedules.ts) is doing, shared by every instance: since when it
 * has failed without a success, and whether staff were told. One row per task, made on its first run.
 */
export const scheduledTasks = pgTable('scheduled_tasks', {
  name: text('name').primaryKey(),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  /** The first failure since the last success; null while it succeeds. */
  failingSince: timestamp('failing_since', { withTimezone: true }),
  lastError: text('last_error'),
  /** When staff were told it keeps failing; cleared by the next success. */
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
});
