import { SUBSCRIPTION_STATUSES } from '@chatdesk/contract/subscriptions-rules';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { employees } from './employees.ts';

export const BILLING_INTERVALS = ['day', 'week', 'month', 'year'] as const;

export const plans = pgTable('plans', {
  id: id(),
  name: text('name').notNull().unique(),
  /** Minor units. */
  amount: integer('amount').notNull(),
  currency: text('currency').notNull().default('usd'),
  interval: text('interval', { enum: BILLING_INTERVALS }).notNull(),
  providerPriceId: text('provider_price_id'),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    /** Null once the client's data was erased: the subscription stays, under `anonymous_client_id`. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    /** `erased-…`: the erased client's anonymous id, the one their payments carry. */
    anonymousClientId: text('anonymous_client_id'),
    /** The employee whose premium content this is, for subscriptions made on the public page. */
    employeeId: uuid('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    planName: text('plan_name').notNull(),
    /** Minor units. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    interval: text('interval', { enum: BILLING_INTERVALS }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    providerSubscriptionId: text('provider_subscription_id').unique(),
    /** The plan name folded (lower case, no accents); search also reads the client's own. */
    searchText: text('search_text').notNull().generatedAlwaysAs(sql`chatdesk_fold(plan_name)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_client_idx').on(t.clientId),
    index('subscriptions_status_idx').on(t.status),
    index('subscriptions_created_idx').on(t.createdAt, t.id),
    index('subscriptions_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('subscriptions_search_prefix_idx').on(t.searchText.op('text_pattern_ops')),
    check('subscriptions_client_check', sql`${t.clientId} is not null or ${t.anonymousClientId} is not null`),
  ],
);
