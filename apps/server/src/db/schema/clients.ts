import { CLIENT_SOURCES, CLIENT_STATUSES, PAYMENT_STATUSES } from '@chatdesk/contract/clients';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    /** The payment provider's customer id, once the client has paid. */
    providerCustomerId: text('provider_customer_id').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('clients_email_idx').on(t.email), index('clients_phone_idx').on(t.phone)],
);

/** Money is in minor units (cents) with its currency. */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
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
    createdAt: createdAt(),
  },
  (t) => [index('payments_client_idx').on(t.clientId)],
);
