import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Db } from '../../db/client.ts';
import { olderThan, timestampKey } from '../../db/keyset.ts';
import {
  appointmentEvents,
  appointmentReminders,
  appointments,
  chats,
  clients,
  contacts,
  conversations,
  employees,
  mailOutbox,
  messages,
  payments,
  privacyRequests,
  subscriptions,
} from '../../db/schema.ts';
import type { Position } from '../../lib/cursor.ts';

export type ClientRow = typeof clients.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
export type AppointmentRow = typeof appointments.$inferSelect;
export type PrivacyRequestRow = typeof privacyRequests.$inferSelect & { clientName: string | null };
export type NewPrivacyRequest = Omit<typeof privacyRequests.$inferInsert, 'id' | 'createdAt'>;

/** Subscriptions the provider may still charge: what an erasure waits for. */
const LIVE_SUBSCRIPTION = sql`(${subscriptions.status} in ('active', 'trialing', 'past_due', 'unpaid')
  or (${subscriptions.status} = 'incomplete' and ${subscriptions.endedAt} is null))`;

/** Each number as written, and without its country code ("612 345 678" for "+34 612 345 678"). */
function withNationalNumbers(phones: string[]) {
  const all = new Set(phones);
  for (const phone of phones) {
    const national = parsePhoneNumberFromString(phone)?.nationalNumber;
    if (national) all.add(national);
  }
  return [...all];
}

const lower = (values: Iterable<string | null | undefined>) => [
  ...new Set(
    [...values].filter((value): value is string => Boolean(value?.trim())).map((v) => v.trim().toLowerCase()),
  ),
];

/**
 * Everything that is a client's, found the way the app links them: their chats by the phone
 * digits (the chat's client is the oldest with those digits, as the chat list says) or a contact's
 * email, simulator chats that played them, website chats whose visitor proved one of their
 * addresses, appointments by client or, for appointments whose
 * client was deleted, by the email or number they were booked with.
 */
export type ClientLinks = {
  contacts: ContactRow[];
  chatIds: string[];
  appointments: AppointmentRow[];
  /** Every address the business wrote to them at or knows them by, lower case. */
  emails: string[];
  names: string[];
  phones: string[];
};

export function createPrivacyRepository(db: Db) {
  async function contactsOf(client: ClientRow, emails: string[]) {
    const byPhone = client.phoneDigits
      ? sql`(${contacts.phoneDigits} = ${client.phoneDigits} and not exists (
          select 1 from clients older where older.phone_digits = ${client.phoneDigits}
             and older.id <> ${client.id} and older.created_at < ${client.createdAt}))`
      : sql`false`;
    const byEmail = emails.length > 0 ? inArray(sql`lower(${contacts.email})`, emails) : sql`false`;
    return db.select().from(contacts).where(or(byPhone, byEmail)).orderBy(asc(contacts.createdAt));
  }

  async function appointmentsOf(client: ClientRow, emails: string[]) {
    const orphanMatches: SQL[] = [];
    if (emails.length > 0) orphanMatches.push(inArray(sql`lower(${appointments.clientEmail})`, emails));
    if (client.phoneDigits) orphanMatches.push(eq(appointments.clientPhoneDigits, client.phoneDigits));
    return db
      .select()
      .from(appointments)
      .where(
        or(
          eq(appointments.clientId, client.id),
          orphanMatches.length > 0 ? and(isNull(appointments.clientId), or(...orphanMatches)) : undefined,
        ),
      )
      .orderBy(asc(appointments.startsAt));
  }

  return {
    async findClient(id: string) {
      const [row] = await db
        .select({ client: clients, assignedEmployee: employees.name })
        .from(clients)
        .leftJoin(employees, eq(employees.id, clients.assignedEmployeeId))
        .where(eq(clients.id, id))
        .limit(1);
      return row;
    },

    /**
     * The client, locked until the transaction ends: a booking that would link a new appointment
     * to them waits (its foreign key needs the row), and a second erasure finds nothing.
     */
    async lockClient(id: string) {
      const [row] = await db.select().from(clients).where(eq(clients.id, id)).for('update').limit(1);
      return row;
    },

    async linksOf(client: ClientRow): Promise<ClientLinks> {
      const known = lower([client.email]);
      const found = await contactsOf(client, known);
      const emails = lower([...known, ...found.map((contact) => contact.email)]);
      const booked = await appointmentsOf(client, emails);
      const chatRows = await db
        .select({ id: chats.id })
        .from(chats)
        .where(
          or(
            found.length > 0
              ? inArray(
                  chats.contactId,
                  found.map((contact) => contact.id),
                )
              : undefined,
            eq(chats.simulatedClientId, client.id),
            // Website chats whose visitor proved one of their addresses with an emailed code.
            emails.length > 0
              ? sql`${chats.contactId} in (
                  select ct.id from contacts ct join web_chat_sessions s on s.phone = ct.phone
                   where ct.prefix = 'web' and s.verified_email in ${emails})`
              : undefined,
          ),
        );
      return {
        contacts: found,
        chatIds: chatRows.map((row) => row.id),
        appointments: booked,
        emails: lower([...emails, ...booked.map((appointment) => appointment.clientEmail)]),
        names: [...new Set([client.name, ...found.map((c) => c.name), ...booked.map((a) => a.clientName)])],
        phones: withNationalNumbers([
          client.phone,
          ...found.flatMap((c) => [c.phone, `+${c.prefix}${c.phone}`]),
          ...booked.flatMap((a) => (a.clientPhone ? [a.clientPhone] : [])),
        ]),
      };
    },

    /** What stops an erasure: appointments still to come (or under way) and subscriptions still live. */
    async blockers(clientId: string, appointmentIds: string[], now: Date) {
      const upcoming =
        appointmentIds.length === 0
          ? []
          : await db
              .select()
              .from(appointments)
              .where(
                and(
                  inArray(appointments.id, appointmentIds),
                  eq(appointments.status, 'scheduled'),
                  sql`${appointments.endsAt} > ${now}`,
                ),
              )
              .orderBy(asc(appointments.startsAt));
      const live = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.clientId, clientId), LIVE_SUBSCRIPTION))
        .orderBy(asc(subscriptions.createdAt));
      return { upcoming, live };
    },

    async chatsWithMessages(chatIds: string[]) {
      if (chatIds.length === 0) return [];
      const [chatRows, messageRows, conversationRows] = await Promise.all([
        db.select().from(chats).where(inArray(chats.id, chatIds)).orderBy(asc(chats.createdAt)),
        db
          .select()
          .from(messages)
          .where(inArray(messages.chatId, chatIds))
          .orderBy(asc(messages.createdAt), asc(messages.id)),
        db
          .select()
          .from(conversations)
          .where(inArray(conversations.chatId, chatIds))
          .orderBy(asc(conversations.startedAt)),
      ]);
      return chatRows.map((chat) => ({
        chat,
        messages: messageRows.filter((message) => message.chatId === chat.id),
        conversations: conversationRows.filter((conversation) => conversation.chatId === chat.id),
      }));
    },

    async historyOf(appointmentIds: string[]) {
      if (appointmentIds.length === 0) return { events: [], reminders: [] };
      const [events, reminders] = await Promise.all([
        db
          .select()
          .from(appointmentEvents)
          .where(inArray(appointmentEvents.appointmentId, appointmentIds))
          .orderBy(asc(appointmentEvents.seq)),
        db
          .select()
          .from(appointmentReminders)
          .where(inArray(appointmentReminders.appointmentId, appointmentIds))
          .orderBy(asc(appointmentReminders.dueAt)),
      ]);
      return { events, reminders };
    },

    async paymentsOf(clientId: string) {
      return db.select().from(payments).where(eq(payments.clientId, clientId)).orderBy(asc(payments.paidAt));
    },

    async subscriptionsOf(clientId: string) {
      return db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.clientId, clientId))
        .orderBy(asc(subscriptions.createdAt));
    },

    async emailsTo(emails: string[]) {
      if (emails.length === 0) return [];
      return db
        .select()
        .from(mailOutbox)
        .where(inArray(sql`lower(${mailOutbox.to})`, emails))
        .orderBy(asc(mailOutbox.createdAt));
    },

    async insertRequest(values: NewPrivacyRequest) {
      await db.insert(privacyRequests).values(values);
    },

    /** The erased client's earlier lines (exports) name them no more: the anonymous id instead. */
    async anonymiseRequests(clientId: string, anonymousId: string) {
      await db
        .update(privacyRequests)
        .set({ clientId: null, anonymousId })
        .where(eq(privacyRequests.clientId, clientId));
    },

    /** A page of the log, newest first: a walk of privacy_requests_created_idx from `after`. */
    async page(filter: { clientId?: string }, limit: number, after?: Position) {
      const conditions: SQL[] = [];
      if (filter.clientId) conditions.push(eq(privacyRequests.clientId, filter.clientId));
      if (after) conditions.push(olderThan(privacyRequests.createdAt, privacyRequests.id, after));
      const rows = await db
        .select({
          request: privacyRequests,
          clientName: clients.name,
          cursorKey: timestampKey(privacyRequests.createdAt),
        })
        .from(privacyRequests)
        .leftJoin(clients, eq(clients.id, privacyRequests.clientId))
        .where(and(...conditions))
        .orderBy(desc(privacyRequests.createdAt), desc(privacyRequests.id))
        .limit(limit + 1);
      return rows.map((row) => ({ ...row.request, clientName: row.clientName, cursorKey: row.cursorKey }));
    },
  };
}

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
