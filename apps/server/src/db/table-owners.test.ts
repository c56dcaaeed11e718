import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Appointments, their history, payments and clients each have one module that writes them
 * (Trust II, item 4): rules about money and bookings live where the writes are, so a second
 * writer is a second place where a rule can be forgotten. The other tables a client's erasure
 * touches are held to the same: one module each. This reads the server's source and
 * fails when a statement that writes one of those tables appears anywhere else.
 */
const owners: Record<string, string> = {
  appointments: 'modules/appointments/appointment-writes.ts',
  appointmentEvents: 'modules/appointments/appointment-writes.ts',
  payments: 'modules/payments/payment-writes.ts',
  clients: 'modules/clients/client-writes.ts',
  // What a client's erasure changes besides those: each table's own module does it, in the
  // erasure's transaction (modules/privacy), so it stays the table's only writer.
  contacts: 'modules/chats/chats.repository.ts',
  chats: 'modules/chats/chats.repository.ts',
  messages: 'modules/chats/chats.repository.ts',
  mailOutbox: 'modules/mail/mail.repository.ts',
  notifications: 'modules/notifications/notifications.repository.ts',
  subscriptions: 'modules/subscriptions/subscriptions.repository.ts',
  appointmentReminders: 'modules/reminders/reminders.repository.ts',
  slotHolds: 'modules/schedule/schedule.repository.ts',
  privacyRequests: 'modules/privacy/privacy.repository.ts',
  // The website chat's settings, visitor sessions and codes: a client's erasure clears them too.
  webChatSettings: 'modules/web-chat/web-chat.repository.ts',
  webChatSessions: 'modules/web-chat/web-chat.repository.ts',
  webChatCodes: 'modules/web-chat/web-chat.repository.ts',
  // A pack's balance moves only with a ledger row, in the statement that checks it (decisions/023).
  clientPacks: 'modules/packs/pack-writes.ts',
  packLedger: 'modules/packs/pack-writes.ts',
  // A class time is made with its first seat; its seats taken move by trigger (decisions/024).
  classTimes: 'modules/appointments/appointment-writes.ts',
  waitlistEntries: 'modules/waitlist/waitlist.repository.ts',
};
/**
 * Insights' quarter-hour counts and what followed each reminder are kept by triggers in the
 * statement that changes what they count (migration 0037): no module writes them, so none can
 * make them disagree with the rows.
 */
const keptByTriggers: Record<string, string> = {
  insightsCounts: 'insights_counts',
  reminderOutcomes: 'reminder_outcomes',
};
/** The demo seed bulk-loads every table before the app serves anyone. */
const exempt = new Set(['db/seed-demo.ts']);

const sqlNames: Record<string, string> = {
  ...keptByTriggers,
  appointments: 'appointments',
  appointmentEvents: 'appointment_events',
  payments: 'payments',
  clients: 'clients',
  contacts: 'contacts',
  chats: 'chats',
  messages: 'messages',
  mailOutbox: 'mail_outbox',
  notifications: 'notifications',
  subscriptions: 'subscriptions',
  appointmentReminders: 'appointment_reminders',
  slotHolds: 'slot_holds',
  privacyRequests: 'privacy_requests',
  webChatSettings: 'web_chat_settings',
  webChatSessions: 'web_chat_sessions',
  webChatCodes: 'web_chat_codes',
  clientPacks: 'client_packs',
  packLedger: 'pack_ledger',
  classTimes: 'class_times',
  waitlistEntries: 'waitlist_entries',
};

const root = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

function writersOf(table: string, source: string) {
  const drizzle = new RegExp(`\\.(insert|update|delete)\\(\\s*${table}\\s*\\)`);
  const raw = new RegExp(`(insert\\s+into|update|delete\\s+from)\\s+"?${sqlNames[table]}"?[\\s(]`, 'i');
  return drizzle.test(source) || raw.test(source);
}

describe('table owners', () => {
  const files = sourceFiles(root).map((path) => ({
    path: relative(root, path),
    source: readFileSync(path, 'utf8'),
  }));

  it('finds the source it scans, owners included', () => {
    expect(files.length).toBeGreaterThan(50);
    for (const owner of new Set(Object.values(owners))) {
      expect(files.map((file) => file.path)).toContain(owner);
    }
  });

  for (const table of Object.keys(keptByTriggers)) {
    it(`only the database's triggers write ${table}`, () => {
      expect(files.filter((file) => writersOf(table, file.source)).map((file) => file.path)).toEqual([]);
    });
  }

  for (const [table, owner] of Object.entries(owners)) {
    it(`only ${owner} writes ${table}`, () => {
      const writers = files
        .filter((file) => !exempt.has(file.path) && writersOf(table, file.source))
        .map((file) => file.path);
      expect(writers).toEqual([owner]);
    });
  }
});
