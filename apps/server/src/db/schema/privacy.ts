import { PRIVACY_REQUEST_KINDS } from '@chatdesk/contract/privacy';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { createdAt, id } from './columns.ts';
import { employees } from './employees.ts';

/**
 * The log of data-protection requests answered (GDPR articles 15 and 17): who exported or erased
 * which client, and when. Written by the privacy service only. An erasure rewrites the client's
 * lines to the anonymous id their kept records carry, so the log names no one afterwards.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: id(),
    kind: text('kind', { enum: PRIVACY_REQUEST_KINDS }).notNull(),
    /** The client while their record exists; null after an erasure (or a plain deletion). */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    /** Set by the erasure: `erased-…`, as on the client's kept payments and subscriptions. */
    anonymousId: text('anonymous_id'),
    staffId: uuid('staff_id').references(() => employees.id, { onDelete: 'set null' }),
    /** Copied, so the line still says who after the employee is deleted. */
    staffName: text('staff_name').notNull(),
    /** An export's format, or the counts of what an erasure removed and kept. */
    details: jsonb('details').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('privacy_requests_created_idx').on(t.createdAt, t.id),
    index('privacy_requests_client_idx').on(t.clientId),
  ],
);
