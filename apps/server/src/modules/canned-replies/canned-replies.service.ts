import {
  CANNED_REPLY_MESSAGES,
  CANNED_REPLY_UNDO_WINDOW_MS,
  type CannedReply,
  type CannedReplyVariables,
  type cannedReplyFormSchema,
} from '@chatdesk/contract/canned-replies';
import { CHAT_MESSAGES } from '@chatdesk/contract/chats';
import type { BusinessLanguage } from '@chatdesk/contract/company';
import type { z } from 'zod';
import { DELETED_KEEP_MS } from '../../db/soft-delete.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/app-error.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { CannedRepliesRepository, CannedReplyRow, ChatCustomer } from './canned-replies.repository.ts';

const toCannedReply = (row: CannedReplyRow): CannedReply => ({
  id: row.id,
  name: row.name,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

type CannedReplyInput = z.output<typeof cannedReplyFormSchema>;

/** A name worth greeting: not blank and not a bare phone number, which is what WhatsApp gives when it has none. */
const personName = (name: string | null | undefined) => {
  const trimmed = name?.trim() ?? '';
  return /\p{L}/u.test(trimmed) ? trimmed : null;
};

/**
 * "martes 1 de diciembre a las 10:00" / "Tuesday, December 1 at 10:00 AM": a day and time that
 * read inside a sentence, on the business's clock and in its language.
 */
export function appointmentWhen(at: Date, timeZone: string, language: BusinessLanguage): string {
  const locale = language === 'es' ? 'es-ES' : 'en-US';
  const day = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long', day: 'numeric', month: 'long' });
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(at);
  if (language === 'en') return `${day.format(at)} at ${time}`;
  // "a la 1:00", "a las 10:00".
  return `${day.format(at).replace(',', '')} ${time.startsWith('1:') ? 'a la' : 'a las'} ${time}`;
}

export function createCannedRepliesService({
  repository,
  company,
  publicUrl,
  clock,
}: {
  repository: CannedRepliesRepository;
  company: Pick<CompanyService, 'get'>;
  publicUrl: string;
  clock: () => Date;
}) {
  const bookingLink = (username: string) => `${publicUrl}/schedule/${encodeURIComponent(username)}`;

  async function valuesFor(customer: ChatCustomer): Promise<CannedReplyVariables['values']> {
    const name = personName(customer.clientName) ?? personName(customer.contactName);
    const next = customer.nextStartsAt;
    // The company is read only when there is a date to write in its language.
    const nextAppointment = next
      ? await company.get().then(({ timeZone, language }) => appointmentWhen(next, timeZone, language))
      : null;
    const username = customer.professionalUsername ?? customer.onlyBookableUsername;
    return {
      first_name: name?.split(/\s+/)[0] ?? null,
      name,
      professional: customer.professionalName,
      next_appointment: nextAppointment,
      booking_link: username ? bookingLink(username) : null,
    };
  }

  /** The unique index on the folded name decides, so two saves racing for one name cannot both win. */
  async function guardUnique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(CANNED_REPLY_MESSAGES.nameTaken);
      throw error;
    }
  }

  return {
    async list(): Promise<CannedReply[]> {
      return (await repository.all()).map(toCannedReply);
    },

    async create(input: CannedReplyInput): Promise<CannedReply> {
      return toCannedReply(await guardUnique(() => repository.insert(input)));
    },

    async update(id: string, input: CannedReplyInput): Promise<CannedReply> {
      const row = await guardUnique(() => repository.update(id, input));
      if (!row) throw notFound(CANNED_REPLY_MESSAGES.notFound);
      return toCannedReply(row);
    },

    /**
     * Deletes at once, as far as anyone can see: the list, the composer's `/` suggestions and the
     * name's uniqueness leave it out from now on. It can be restored for CANNED_REPLY_UNDO_WINDOW_MS,
     * so Undo needs nothing kept in the tab.
     */
    async remove(id: string): Promise<void> {
      if (!(await repository.softDelete(id))) throw notFound(CANNED_REPLY_MESSAGES.notFound);
    },

    /**
     * Undoes a delete made less than CANNED_REPLY_UNDO_WINDOW_MS ago. Restoring one that is not
     * deleted (a second Undo, a retried request) answers it as it is; one whose name a live reply
     * took meanwhile is refused as a save of that name would be.
     */
    async restore(id: string): Promise<CannedReply> {
      const restored = await guardUnique(() => repository.restore(id, CANNED_REPLY_UNDO_WINDOW_MS));
      if (restored) return toCannedReply(restored);
      const row = await repository.find(id);
      if (!row) throw notFound(CANNED_REPLY_MESSAGES.notFound);
      if (row.deletedAt) throw conflict(CANNED_REPLY_MESSAGES.tooLateToRestore);
      return toCannedReply(row);
    },

    /** The clean-up task: replies deleted more than DELETED_KEEP_MS ago go for good. */
    async purgeDeleted() {
      return repository.purgeDeleted(DELETED_KEEP_MS);
    },

    /** What the variables of a canned reply read in this chat, filled in as staff insert a reply. */
    async variables(chatId: string): Promise<CannedReplyVariables> {
      const customer = await repository.customerOf(chatId, clock());
      if (!customer) throw notFound(CHAT_MESSAGES.notFound);
      return { values: await valuesFor(customer) };
    },
  };
}

export type CannedRepliesService = ReturnType<typeof createCannedRepliesService>;
