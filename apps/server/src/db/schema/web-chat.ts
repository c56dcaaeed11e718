import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { createdAt, id, updatedAt } from './columns.ts';

/**
 * The web chat's settings (one row per install: `id` is always 1). The public key is made with the
 * row, once, and names this install's chat in the snippet; it is not a secret.
 */
export const webChatSettings = pgTable(
  'web_chat_settings',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    publicKey: text('public_key').notNull().unique(),
    allowedOrigins: jsonb('allowed_origins').$type<string[]>().notNull().default([]),
    greeting: text('greeting').notNull(),
    color: text('color').notNull(),
    position: text('position', { enum: ['right', 'left'] })
      .notNull()
      .default('right'),
    privacyNote: text('privacy_note').notNull().default(''),
    /**
     * When a staff member's dashboard last called the API (written at most once a minute per
     * instance): the chat says someone is online while this is recent, on every instance.
     */
    staffSeenAt: timestamp('staff_seen_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [check('web_chat_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * A visitor's session: only the SHA-256 of its id is kept, so a copy of the database cannot be
 * used to read or write as any visitor. `phone` is the letters-only "number" of the visitor's chat
 * contact (prefix `web`), derived from the hash, so it can never match a client's digits.
 */
export const webChatSessions = pgTable(
  'web_chat_sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    phone: text('phone').notNull().unique(),
    /** Set only by a correct emailed code. */
    verifiedEmail: text('verified_email'),
    /** Set only by a correct code sent by WhatsApp: the number's international digits (no +). */
    verifiedPhone: text('verified_phone'),
    /** When the code was given: a verification lapses 7 days after it (decision 022, expiry). */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** A verification lapsed (idle or old): the panel asks to verify again instead of saying nothing. */
    verificationLapsed: boolean('verification_lapsed').notNull().default(false),
    /** The client with the verified email when it was verified, if any. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    /** Where a person may answer later (email or WhatsApp number): shown to staff, identifies nobody. */
    replyTo: text('reply_to'),
    createdAt: createdAt(),
    /**
     * The visitor's last request (written at most once a minute): a session idle 30 days expires and
     * is purged, and a verification lapses after 24 hours idle.
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the visitor deletes the conversation: the id stops working. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('web_chat_sessions_email_idx').on(t.verifiedEmail),
    index('web_chat_sessions_client_idx').on(t.clientId),
    // The hourly purge finds idle sessions by it.
    index('web_chat_sessions_last_seen_idx').on(t.lastSeenAt),
  ],
);

/** An emailed code: hashed, valid 10 minutes, 5 tries; a new request for the session replaces it. */
export const webChatCodes = pgTable(
  'web_chat_codes',
  {
    sessionId: uuid('session_id')
      .primaryKey()
      .references(() => webChatSessions.id, { onDelete: 'cascade' }),
    /** Where the code went: an email address, or '+' and a number's digits for a WhatsApp code. */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    triesLeft: integer('tries_left').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('web_chat_codes_email_idx').on(t.email)],
);
