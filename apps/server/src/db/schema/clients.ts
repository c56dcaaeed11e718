import { CLIENT_SOURCES, CLIENT_STATUSES, PAYMENT_STATUSES } from '@chatdesk/contract/clients';
import { CUSTOMER_LANGUAGES } from '@chatdesk/contract/customer-texts';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { employees } from './employees.ts';

export type Address = { street?: string; city?: string; state?: string; zipCode?: string; country?: string };

export const clients = pgTable(
  'clients',
  {
    id: id(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    status: text('status', { enum: CLIENT_STATUSES }).notNull().default('lead'),
    source: text('source', { enum: CLIENT_SOURCES }).notNull().default('whatsapp'),
    assignedEmployeeId: uuid('assigned_employee_id').references(() => employees.id, { onDelete: 'set null' }),
    address: jsonb('address').$type<Address>().notNull().default({}),
    notes: text('notes'),
    /**
     * The language the client last wrote to us in (Spanish or English, read from their chat messages);
     * null until they have. Their emails are written in it (English when null, as the booking page is).
     */
    language: text('language', { enum: CUSTOMER_LANGUAGES }),
    /** The payment provider's customer id, once the client has paid. */
    providerCustomerId: text('provider_customer_id').unique(),
    /** The phone in digits only: the key a chat with the same number is linked by. */
    phoneDigits: text('phone_digits').notNull().generatedAlwaysAs(sql`regexp_replace(phone, '\\D', '', 'g')`),
    /** What client search reads: name, email and phone folded (lower case, no accents), and the digits. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`chatdesk_fold(name || ' ' || coalesce(email, '') || ' ' || phone) || ' ' || regexp_replace(phone, '\\D', '', 'g')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('clients_language_check', sql`${t.language} in ('es', 'en')`),
    index('clients_email_idx').on(t.email),
    index('clients_phone_digits_idx').on(t.phoneDigits, t.createdAt),
    index('clients_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('clients_search_prefix_idx').on(t.searchText.op('text_pattern_ops')),
    index('clients_created_idx').on(t.createdAt, t.id),
  ],
);

/** Money is in minor units (cents) with its currency. */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    /** Null once the client's data was erased: the payment stays, under `anonymous_client_id`. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    /** `erased-…`: who paid, once the client was erased (the law keeps the money records, not the person). */
    anonymousClientId: text('anonymous_client_id'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    paymentMethod: text('payment_method'),
    description: text('description'),
    /** The provider's payment or invoice id: recording the same payment twice is refused. */
    providerPaymentId: text('provider_payment_id').unique(),
    subscriptionId: uuid('subscription_id'),
    appointmentId: uuid('appointment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Minor units given back so far: all of it once `refunded`; part of it on a payment still
     * `completed` after a partial refund (a pack's, or one made in the provider's dashboard).
     */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_client_idx').on(t.clientId),
    index('payments_paid_idx').on(t.paidAt),
    check('payments_client_check', sql`${t.clientId} is not null or ${t.anonymousClientId} is not null`),
    check('payments_refunded_amount_check', sql`${t.refundedAmount} between 0 and greatest(${t.amount}, 0)`),
  ],
);
