import { PACK_ACTORS, PACK_LEDGER_KINDS, PACK_PAYMENT_METHODS } from '@chatdesk/contract/packs';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appointments } from './appointments.ts';
import { clients } from './clients.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { employees } from './employees.ts';
import { services } from './services.ts';

/**
 * A pack staff sell: a number of sessions of one service for one price, used within so many days
 * of the sale. Archived, never deleted, once sold: a client's pack keeps its name and terms anyway.
 */
export const packs = pgTable(
  'packs',
  {
    id: id(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    name: text('name').notNull(),
    sessions: integer('sessions').notNull(),
    /** In the service's currency's smallest unit. */
    priceAmount: integer('price_amount').notNull(),
    currency: text('currency').notNull(),
    validityDays: integer('validity_days').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('packs_service_idx').on(t.serviceId),
    check('packs_sessions_check', sql`${t.sessions} between 1 and 100`),
    check('packs_price_check', sql`${t.priceAmount} >= 0`),
    check('packs_validity_check', sql`${t.validityDays} between 1 and 1825`),
  ],
);

/**
 * A pack a client bought, with its terms as sold and its balance. `sessions_left` is the sum of
 * the pack's ledger rows, changed only with one of them in the same transaction, and only by a
 * conditional update; the check keeps it from going below zero or above what was sold whatever
 * the code does (decisions/023).
 */
export const clientPacks = pgTable(
  'client_packs',
  {
    id: id(),
    /** Null once the client is erased: the pack and its ledger stay as money records, naming no one. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    packId: uuid('pack_id').references(() => packs.id, { onDelete: 'set null' }),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    serviceName: text('service_name').notNull(),
    sessionsTotal: integer('sessions_total').notNull(),
    sessionsLeft: integer('sessions_left').notNull(),
    priceAmount: integer('price_amount').notNull(),
    currency: text('currency').notNull(),
    method: text('method', { enum: PACK_PAYMENT_METHODS }).notNull(),
    /** The payment recorded for the sale (`desk_…` at the desk, the provider's online); one pack per payment. */
    providerPaymentId: text('provider_payment_id').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * When staff gave the client money back for the pack: set once, by the conditional update that
     * writes the refund's ledger row, so two refunds racing find it set and write nothing.
     */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // A client's usable packs of a service, soonest to expire first: the booking's pick.
    index('client_packs_client_service_idx').on(t.clientId, t.serviceId, t.expiresAt),
    check(
      'client_packs_balance_check',
      sql`${t.sessionsLeft} >= 0 and ${t.sessionsLeft} <= ${t.sessionsTotal}`,
    ),
  ],
);

/**
 * Every movement of a client pack's sessions and money, in order. One appointment uses at most
 * one session and gets at most one back (the partial unique indexes), and a pack is sold once and
 * refunded at most once.
 */
export const packLedger = pgTable(
  'pack_ledger',
  {
    id: id(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    clientPackId: uuid('client_pack_id')
      .notNull()
      .references(() => clientPacks.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PACK_LEDGER_KINDS }).notNull(),
    /** The change to `sessions_left`. */
    sessions: integer('sessions').notNull(),
    /** Money that moved with it, in minor units: a sale's price, a refund's (negative); 0 otherwise. */
    amount: integer('amount').notNull().default(0),
    currency: text('currency').notNull(),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    actor: text('actor', { enum: PACK_ACTORS }).notNull(),
    /** The staff member who did it, when it was staff. */
    employeeId: uuid('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    /** Why, in staff's words (a refund's reason); null otherwise. */
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('pack_ledger_pack_idx').on(t.clientPackId, t.seq),
    uniqueIndex('pack_ledger_use_key').on(t.appointmentId).where(sql`${t.kind} = 'use'`),
    uniqueIndex('pack_ledger_return_key').on(t.appointmentId).where(sql`${t.kind} = 'return'`),
    uniqueIndex('pack_ledger_sale_key').on(t.clientPackId).where(sql`${t.kind} = 'sale'`),
    // A pack is refunded once (decisions/028): a second refund, however it races, is refused here too.
    uniqueIndex('pack_ledger_refund_key').on(t.clientPackId).where(sql`${t.kind} = 'refund'`),
    check(
      'pack_ledger_sessions_check',
      sql`case ${t.kind} when 'sale' then ${t.sessions} > 0 when 'use' then ${t.sessions} = -1
        when 'return' then ${t.sessions} = 1 else ${t.sessions} <= 0 end`,
    ),
  ],
);

/**
 * A code emailed to prove an address on the booking page before a pack of that address's client is
 * used, as the web chat's codes are (hashed, short-lived, few tries). Once the code is right, the
 * browser holds a token (stored hashed) that books with the pack for a while; the row is the proof.
 */
export const packCodes = pgTable(
  'pack_codes',
  {
    id: id(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    triesLeft: integer('tries_left').notNull(),
    /** The browser's proof once the code was right (hashed); null until then. */
    tokenHash: text('token_hash').unique(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('pack_codes_expires_idx').on(t.expiresAt)],
);
